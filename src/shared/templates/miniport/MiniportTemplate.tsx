import { LinkWords, buttonWordsOf, type MoreWords } from '../common/LinkWords.js';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Section, Tile } from '../../domain/portfolio.js';
import { sectionLabel, type TemplateProps } from '../definition.js';
import { longestWordStyle } from '../common/longest-word.js';
import { SocialIcon, TileIcon, socialLinkName } from '../common/Icon.js';
import { graphemeCount, initialOf } from '../../text/graphemes.js';
import { phrasesOf } from '../common/phrases.js';
import { joinedScriptMark } from '../common/scripts.js';
import { lookStyle } from '../common/look-style.js';
import { miniportLook } from './look.js';
import { visibleSocialLinks, telHref } from '../common/contact.js';
import { ContactFormFrame, useContactForm } from '../common/ContactForm.js';
import { miniportDefinition } from './definition.js';
import './miniport.css';
import { Paragraphs, relFor } from '../common/text.js';
import { Portrait, TemplateImage } from '../common/TemplateImage.js';
import { isPortraitUpload } from '../../uploads.js';

type PartId = 'personalDetails' | 'section' | 'section2' | 'contactDetails';

interface Part {
  id: PartId;
  /** The top bar's link text. */
  nav: string;
  /** The text of a button that leads to this part from the one before it. */
  lead: string;
}

const filled = (value: string | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

function tileShows(tile: Tile, withImage: boolean): boolean {
  return (
    filled(tile.title) || filled(tile.desc) || filled(tile.link) || (withImage && filled(tile.img))
  );
}

function sectionShows(section: Section | undefined, withImage: boolean): section is Section {
  if (!section) return false;
  return (
    filled(section.sectionTitle) ||
    filled(section.sectionSubTitle) ||
    filled(section.sectionFooterText) ||
    section.sectionTiles.some((tile) => tileShows(tile, withImage))
  );
}

/** "Hi. I'm {name}." without doubling the name's own closing punctuation. */
function Greeting({ name, greeting }: { name: string; greeting: string }) {
  if (!filled(name)) return <>Welcome.</>;
  const trimmed = name.trim();
  return (
    <>
      {greeting} <strong>{trimmed}</strong>
      {/[.!?]$/.test(trimmed) ? '' : '.'}
    </>
  );
}

function LeadButton({ to, large }: { to: Part | undefined; large?: boolean }) {
  if (!to) return null;
  return (
    <a className={large ? 'mp-button mp-button--large' : 'mp-button'} href={`#${to.id}`}>
      {to.lead}
    </a>
  );
}

function SectionHeader({
  section,
  titleId,
  label,
}: {
  section: Section;
  titleId: string;
  label: string;
}) {
  const title = section.sectionTitle.trim();
  return (
    <header className="mp-head">
      {/* A section without a title keeps a heading for assistive technology. */}
      <h2 id={titleId} className={title ? 'mp-head__title' : 'tpl-visually-hidden'}>
        {title || label}
      </h2>
      {filled(section.sectionSubTitle) && (
        <p className="mp-head__sub">{section.sectionSubTitle.trim()}</p>
      )}
    </header>
  );
}

function SectionFooter({ section, next }: { section: Section; next: Part | undefined }) {
  if (!filled(section.sectionFooterText)) return null;
  return (
    <footer className="mp-foot">
      <Paragraphs text={section.sectionFooterText} className="mp-foot__text" />
      <LeadButton to={next} large />
    </footer>
  );
}

/** A band of tiles: the section's heading, its tiles in a grid, then its footer. */
function TileBand({
  id,
  className,
  titleId,
  section,
  label,
  next,
  photos = false,
  children,
}: {
  id: PartId;
  className: string;
  titleId: string;
  section: Section;
  label: string;
  next: Part | undefined;
  /** A grid of photos: two to a row in a wider container, each photo a shop window. */
  photos?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} data-mp-part="" className={`mp-band ${className}`} aria-labelledby={titleId}>
      <div className={photos ? 'mp-container mp-container--wide' : 'mp-container'}>
        <SectionHeader section={section} titleId={titleId} label={label} />
        <div className={photos ? 'mp-grid mp-grid--photos' : 'mp-grid tpl-tile-grid'}>
          {children}
        </div>
        <SectionFooter section={section} next={next} />
      </div>
    </section>
  );
}

/** A service shows the icon its owner picked; older data without one gets a neutral star. */
function ServiceTile({ tile, more }: { tile: Tile; more: MoreWords }) {
  const icon = tile.icon ?? 'star';
  const title = tile.title.trim();
  return (
    <article className="mp-box mp-service">
      <span className="mp-service__icon">
        <TileIcon name={icon} />
      </span>
      {title && <h3 className="mp-tile-title">{title}</h3>}
      <Paragraphs text={tile.desc} className="mp-tile-text" />
      {filled(tile.link) && (
        <div className="mp-tile-action">
          <a className="mp-button mp-button--small" href={tile.link.trim()} rel={relFor(tile.link)}>
            <LinkWords {...more} link={tile.link} title={title} />
          </a>
        </div>
      )}
    </article>
  );
}

/** How a work tile sits in a grid of photos: the lead across a row, a square frame. */
interface WorkPlace {
  lead: boolean;
  /** An upright photo: square everywhere, 75% of a 3:4 portrait's height, not the 8:5 band. */
  portrait: boolean;
  /** Beside a portrait: square too where they share a row, so both rows of words line up. */
  square: boolean;
}

/** A tile in a grid of words alone (no tile has a photo): three to a row. */
const IN_TEXT_GRID: WorkPlace = { lead: false, portrait: false, square: false };

/**
 * Two to a row; an odd count leads with one tile across the row (its photo in the left column,
 * its words beside it) rather than ending in a photo alone.
 */
function placesOf(tiles: Tile[]): WorkPlace[] {
  const portrait = tiles.map((tile) => isPortraitUpload(tile.img));
  const lead = tiles.length % 2 === 1 ? 1 : 0;
  return tiles.map((_, index) => {
    // The other tile of its row (the lead has its row alone).
    const partner = index < lead ? index : (index - lead) % 2 ? index - 1 : index + 1;
    return {
      lead: index < lead,
      portrait: portrait[index]!,
      square: portrait[index]! || portrait[partner]!,
    };
  });
}

function WorkTile({
  tile,
  index,
  more,
  placeholder,
  place,
}: {
  tile: Tile;
  index: number;
  more: MoreWords;
  /** Whether a tile without a picture keeps its place (other tiles of the grid have one). */
  placeholder: boolean;
  place: WorkPlace;
}) {
  const title = tile.title.trim();
  const classes = [
    'mp-box mp-work',
    place.lead && 'mp-work--lead',
    place.portrait && 'mp-work--portrait',
    place.square && 'mp-work--square',
  ];
  return (
    <article className={classes.filter(Boolean).join(' ')}>
      {filled(tile.img) ? (
        <div className="mp-work__media">
          <TemplateImage
            src={tile.img}
            alt={title || `Project ${index + 1}`}
            width={800}
            height={place.square ? 800 : 500}
            sizes="(max-width: 736px) 100vw, 50vw"
            load="lazy"
            decoding="async"
          />
        </div>
      ) : (
        placeholder && (
          // The title's first letter, not a stand-in icon: a monitor or a cube said "software" on
          // a painter's page. Only beside tiles with pictures, to keep the rows even: a grid with
          // none is of words alone, with no letters standing in for pictures never there.
          <div className="mp-work__media mp-work__media--empty" aria-hidden="true">
            {initialOf(title) !== '' && (
              <span className="mp-work__placeholder">{initialOf(title)}</span>
            )}
          </div>
        )
      )}
      <div className="mp-work__body">
        {title && <h3 className="mp-tile-title">{title}</h3>}
        <Paragraphs text={tile.desc} className="mp-tile-text" />
        {filled(tile.link) && (
          <div className="mp-tile-action">
            <a className="mp-more" href={tile.link.trim()} rel={relFor(tile.link)}>
              <LinkWords {...more} link={tile.link} title={title} />
              <svg
                className="mp-more__arrow"
                viewBox="0 0 16 16"
                width="1em"
                height="1em"
                aria-hidden="true"
                focusable="false"
              >
                <path
                  d="M2 8h11M9 4l4 4-4 4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </a>
          </div>
        )}
      </div>
    </article>
  );
}

/** Postcodes and numbers with hyphens ("1200-195") never break across lines. */
function KeepCodesWhole({ text }: { text: string }) {
  return text.split(/(\s+)/).map((word, index) =>
    /\d-\d/.test(word) ? (
      <span key={index} className="mp-nowrap">
        {word}
      </span>
    ) : (
      word
    ),
  );
}

/**
 * An intro longer than this (about two lines on a phone) is set flush left under the centred
 * heading on narrow screens: five centred lines have no edge for the eye to come back to.
 */
const LONG_INTRO = 90;

export function MiniportTemplate({ data }: TemplateProps) {
  const say = phrasesOf(data, miniportDefinition);
  const more = buttonWordsOf(data, say, 'moreButton');
  const { personalDetails: person, contactDetails: contact } = data;
  const services = sectionShows(data.section, false) ? data.section : undefined;
  const work = sectionShows(data.section2, true) ? data.section2 : undefined;
  // Each with its place in the person's list, which names an untitled one ("Project 3").
  const workTiles = (work?.sectionTiles ?? [])
    .map((tile, index) => ({ tile, index }))
    .filter(({ tile }) => tileShows(tile, true));
  const withPictures = workTiles.some(({ tile }) => filled(tile.img));
  const places = withPictures ? placesOf(workTiles.map(({ tile }) => tile)) : [];
  const servicesLabel = sectionLabel(miniportDefinition, 'section');
  const workLabel = sectionLabel(miniportDefinition, 'section2');

  const parts: Part[] = [
    { id: 'personalDetails', nav: 'Home', lead: 'Back to the top' },
    ...(services ? [{ id: 'section' as const, nav: servicesLabel, lead: say('sectionLead') }] : []),
    ...(work ? [{ id: 'section2' as const, nav: workLabel, lead: say('section2Lead') }] : []),
    { id: 'contactDetails', nav: 'Contact', lead: say('contactNavLead') },
  ];
  const after = (id: PartId): Part | undefined =>
    parts[parts.findIndex((part) => part.id === id) + 1];
  const partKey = parts.map((part) => part.id).join(' ');

  const rootRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<PartId>('personalDetails');

  // Progressive enhancement: mark the part in view in the top bar (server HTML marks "Home").
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const targets = Array.from(root.querySelectorAll<HTMLElement>('[data-mp-part]'));
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = window.innerHeight * 0.4;
      let current = targets[0]?.id;
      for (const target of targets) {
        if (target.getBoundingClientRect().top <= line) current = target.id;
      }
      const atBottom =
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
      if (atBottom && targets.length > 0) current = targets[targets.length - 1]?.id;
      if (window.scrollY < 8) current = targets[0]?.id;
      if (current) setActive(current as PartId);
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [partKey]);

  const name = person.name.trim();
  const portrait = person.profileImage.trim();
  const contactForm = useContactForm(contact, {
    idPrefix: 'mp-form-',
    layout: { row: 'mp-form__row' },
    fieldClassName: () => 'mp-field',
    labelClassName: 'tpl-visually-hidden',
    placeholders: true,
    messageRows: 6,
  });
  const email = contactForm.showEmail ? contact.email.trim() : '';
  const tel = contact.tel.trim();
  const address = contact.address.trim();
  const socials = visibleSocialLinks(contact.socialLinks);
  const hasDetails = Boolean(email || tel || address);

  return (
    <div
      className="tpl-miniport"
      ref={rootRef}
      {...joinedScriptMark(data)}
      {...lookStyle(miniportLook, data)}
    >
      <nav className="mp-nav" aria-label="Sections">
        <ul className="mp-nav__list">
          {parts.map((part) => (
            <li key={part.id}>
              <a
                href={`#${part.id}`}
                className={active === part.id ? 'mp-nav__link is-active' : 'mp-nav__link'}
                aria-current={active === part.id ? 'true' : undefined}
              >
                {part.nav}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <main>
        <section
          id="personalDetails"
          data-mp-part=""
          className="mp-band mp-intro"
          aria-labelledby="mp-intro-title"
        >
          <div className={portrait ? 'mp-container mp-intro__grid' : 'mp-container mp-intro__solo'}>
            {portrait && (
              <div className="mp-intro__portrait">
                <Portrait
                  src={portrait}
                  name={name}
                  size={480}
                  sizes="(max-width: 736px) 208px, (max-width: 980px) 272px, 33vw"
                  decoding="async"
                />
              </div>
            )}
            <div className="mp-intro__text">
              <h1 id="mp-intro-title" className="mp-intro__title" style={longestWordStyle(name)}>
                <Greeting name={name} greeting={say('greeting')} />
              </h1>
              {person.headline.trim() && <p className="mp-intro__headline">{person.headline}</p>}
              <Paragraphs
                text={person.intro}
                className={`mp-intro__lead${graphemeCount(person.intro) > LONG_INTRO ? ' mp-intro__lead--long' : ''}`}
              />
              {(services || work) && <LeadButton to={after('personalDetails')} large />}
            </div>
          </div>
        </section>

        {services ? (
          <TileBand
            id="section"
            className="mp-services"
            titleId="mp-services-title"
            section={services}
            label={servicesLabel}
            next={after('section')}
          >
            {services.sectionTiles.map((tile, index) =>
              tileShows(tile, false) ? <ServiceTile key={index} tile={tile} more={more} /> : null,
            )}
          </TileBand>
        ) : (
          data.section && <div id="section" className="mp-anchor" />
        )}

        {work ? (
          <TileBand
            id="section2"
            className="mp-portfolio"
            titleId="mp-portfolio-title"
            section={work}
            label={workLabel}
            next={after('section2')}
            photos={withPictures}
          >
            {workTiles.map(({ tile, index }, at) => (
              <WorkTile
                key={index}
                tile={tile}
                index={index}
                more={more}
                placeholder={withPictures}
                place={places[at] ?? IN_TEXT_GRID}
              />
            ))}
          </TileBand>
        ) : (
          data.section2 && <div id="section2" className="mp-anchor" />
        )}

        <section
          id="contactDetails"
          data-mp-part=""
          className="mp-band mp-contact"
          aria-labelledby="mp-contact-title"
        >
          <div className="mp-container mp-container--narrow">
            <header className="mp-head">
              <h2 id="mp-contact-title" className="mp-head__title">
                {say('contactHeading')}
              </h2>
              <p className="mp-head__sub">{say('contactLead')}</p>
            </header>

            {hasDetails && (
              <dl className="mp-details">
                {address && (
                  <div className="mp-details__item">
                    <dt>Address</dt>
                    <dd>
                      <KeepCodesWhole text={address} />
                    </dd>
                  </div>
                )}
                {email && (
                  <div className="mp-details__item">
                    <dt>Email</dt>
                    <dd>
                      <a href={`mailto:${email}`}>{email}</a>
                    </dd>
                  </div>
                )}
                {tel && (
                  <div className="mp-details__item">
                    <dt>Phone</dt>
                    <dd>
                      <a href={telHref(tel)}>{tel}</a>
                    </dd>
                  </div>
                )}
              </dl>
            )}

            <ContactFormFrame
              form={contactForm}
              className="mp-form"
              statusClassName="mp-form__status"
            >
              <div className="mp-form__actions">
                <button type="submit" className="mp-button">
                  Send Message
                </button>
                <button type="reset" className="mp-button mp-button--alt">
                  Clear Form
                </button>
              </div>
            </ContactFormFrame>

            {socials.length > 0 && (
              <div className="mp-find">
                <h3 className="mp-find__title">Find me on …</h3>
                <ul className="mp-social">
                  {socials.map((link, index) => {
                    const label = socialLinkName(link);
                    return (
                      <li key={index}>
                        <a
                          href={link.url.trim()}
                          rel={relFor(link.url)}
                          title={label}
                          data-network={link.iconClass}
                        >
                          <SocialIcon name={link.iconClass} />
                          <span className="tpl-visually-hidden">{label}</span>
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </div>
            )}

            {name && (
              <footer className="mp-copyright">
                <p>© {name} · All rights reserved</p>
              </footer>
            )}
          </div>
        </section>
      </main>
    </div>
  );
}
