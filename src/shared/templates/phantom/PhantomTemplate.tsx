import { initialsOf } from '../../text/graphemes.js';
import { useRef, type KeyboardEvent } from 'react';
import type { Section, Tile } from '../../domain/portfolio.js';
import { longestWordStyle } from '../common/longest-word.js';
import { SocialIcon, TileIcon, socialLinkName } from '../common/Icon.js';
import { visibleSocialLinks, telHref } from '../common/contact.js';
import { ContactFormFrame, useContactForm } from '../common/ContactForm.js';
import type { TemplateProps } from '../definition.js';
import { phrasesOf } from '../common/phrases.js';
import { joinedScriptMark, joinedTextMark } from '../common/scripts.js';
import { lookStyle } from '../common/look-style.js';
import { phantomLook } from './look.js';
import { phantomDefinition } from './definition.js';
import './phantom.css';
import { paragraphs, relFor } from '../common/text.js';
import { Portrait, TemplateImage } from '../common/TemplateImage.js';
import { graphemeCount } from '../../text/graphemes.js';

const LOGO = '/templates/art/logo.svg';
/** Phantom cycles six tile colours by index. */
const STYLE_COUNT = 6;

function hasContent(tile: Tile): boolean {
  return tile.title !== '' || tile.desc !== '' || tile.img !== '' || tile.link !== '';
}

/** A section shows when it has a title, a subtitle or a tile with something in it. */
function sectionHasContent(section: Section): boolean {
  return (
    section.sectionTitle !== '' ||
    section.sectionSubTitle !== '' ||
    section.sectionTiles.some(hasContent)
  );
}

/**
 * The longest first paragraph (in letters: a Devanagari vowel sign or virama adds a code unit, not
 * width) set as the lead: about three lines of it. The lead is always a whole paragraph, the one a
 * person wrote apart to open with; a longer first paragraph is text like the rest, and a paragraph
 * is never cut after its first sentence (that read as a broken paragraph). Two sizes at most.
 */
const LEAD_MAX = 140;

/** The intro's opening line, when its first paragraph reads as one, and the paragraphs after it. */
function splitIntro(intro: string): { lead: string; text: string[] } {
  const [first, ...others] = paragraphs(intro);
  if (first === undefined) return { lead: '', text: [] };
  return graphemeCount(first) <= LEAD_MAX
    ? { lead: first, text: others }
    : { lead: '', text: [first, ...others] };
}

function TileCard({
  tile,
  index,
  eager,
  service = false,
}: {
  tile: Tile;
  index: number;
  eager: boolean;
  /** A tile without a photo among photos: a compact card, its title under the services' h3. */
  service?: boolean;
}) {
  const title = tile.title || `Project ${index + 1}`;
  const titleId = `phantom-tile-${index + 1}`;
  const Title = service ? 'h4' : 'h3';
  return (
    <article
      className={`phantom-tile style${(index % STYLE_COUNT) + 1}${tile.link ? ' has-link' : ''}${service ? ' phantom-service' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="phantom-tile-image">
        {tile.img ? (
          <TemplateImage
            src={tile.img}
            alt={title}
            width={800}
            height={500}
            sizes="(max-width: 480px) 100vw, (max-width: 980px) 50vw, 33vw"
            load={eager ? (index === 0 ? 'priority' : 'eager') : 'lazy'}
            decoding="async"
          />
        ) : (
          // Without a photo, the icon its owner picked, large on the tile's colour: a plate of
          // stripes in its place read as a tile not yet finished. Older data without one: a star.
          <span className="phantom-tile-plate" aria-hidden="true">
            <span className="phantom-tile-emblem">
              <TileIcon name={tile.icon ?? 'star'} />
            </span>
          </span>
        )}
      </div>
      <div className="phantom-tile-text">
        <Title className="phantom-tile-title" id={titleId}>
          {tile.link ? (
            <a href={tile.link} rel={relFor(tile.link)}>
              {title}
            </a>
          ) : (
            title
          )}
        </Title>
        {tile.desc && <p className="phantom-tile-desc">{tile.desc}</p>}
      </div>
    </article>
  );
}

function TileSection({
  id,
  section,
  eager,
  servicesHeading,
}: {
  id: string;
  section: Section;
  eager: boolean;
  servicesHeading: string;
}) {
  const tiles = section.sectionTiles.filter(hasContent);
  // Among photos, the tiles without one (another template's services, joined to Phantom's one
  // section on a change of template) follow the photos under a heading of their own: as large
  // icon cards in the photo grid they read as more of the photos' essays. Alone, they stay.
  const withPhotos = tiles.some((tile) => tile.img !== '');
  const photos = withPhotos ? tiles.filter((tile) => tile.img !== '') : tiles;
  const services = withPhotos ? tiles.filter((tile) => tile.img === '') : [];
  const title = section.sectionTitle;
  const subtitle = section.sectionSubTitle;
  if (!sectionHasContent(section)) {
    // Nothing to show, but the editor still scrolls here.
    return <div id={id} className="phantom-anchor" />;
  }
  const headingId = `phantom-${id}-title`;
  return (
    <section id={id} className="phantom-work" aria-labelledby={headingId}>
      <header className="phantom-work-head">
        <h2
          id={headingId}
          className={title ? 'phantom-label' : 'tpl-visually-hidden'}
          {...joinedTextMark(title)}
        >
          {title || 'Work'}
        </h2>
        {subtitle && <p className="phantom-work-subtitle">{subtitle}</p>}
      </header>
      {photos.length > 0 && (
        <div className="phantom-tiles tpl-tile-grid">
          {photos.map((tile, index) => (
            <TileCard key={index} tile={tile} index={index} eager={eager && index < 3} />
          ))}
        </div>
      )}
      {services.length > 0 && (
        <>
          <h3 className="phantom-label phantom-services-title" {...joinedTextMark(servicesHeading)}>
            {servicesHeading}
          </h3>
          <div className="phantom-tiles phantom-services tpl-tile-grid">
            {services.map((tile, index) => (
              <TileCard
                key={index}
                tile={tile}
                index={photos.length + index}
                eager={false}
                service
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" fill="none" />
    </svg>
  );
}

export function PhantomTemplate({ data }: TemplateProps) {
  const say = phrasesOf(data, phantomDefinition);
  const { personalDetails: person, section, contactDetails: contact } = data;
  const menuRef = useRef<HTMLDetailsElement>(null);

  const name = person.name;
  const initials = initialsOf(name);
  const { lead: opening, text: more } = splitIntro(person.intro);
  const socialLinks = visibleSocialLinks(contact.socialLinks);
  const contactForm = useContactForm(contact, {
    idPrefix: 'phantom-',
    layout: { box: 'phantom-fields' },
    fieldClassName: (field, asksEmail) =>
      field === 'name' || field === 'email' || (field === 'subject' && !asksEmail)
        ? 'phantom-field is-half'
        : 'phantom-field',
    labelClassName: 'tpl-visually-hidden',
    placeholders: true,
    messageRows: 5,
  });
  const shownEmail = contactForm.showEmail ? contact.email : '';
  const showSection = section !== undefined && sectionHasContent(section);
  const workLabel = section?.sectionTitle || 'Work';

  const closeMenu = () => {
    if (menuRef.current) menuRef.current.open = false;
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key === 'Escape' && menuRef.current?.open) {
      menuRef.current.open = false;
      menuRef.current.querySelector('summary')?.focus();
    }
  };

  return (
    <div className="tpl-phantom" {...joinedScriptMark(data)} {...lookStyle(phantomLook, data)}>
      <header className="phantom-header">
        <div className="phantom-inner phantom-header-inner">
          <div className="phantom-logo">
            {/* The person's initials in their accent: the sample's cube was nobody's mark. */}
            {initials ? (
              <span className="phantom-logo-symbol phantom-monogram" aria-hidden="true">
                {initials}
              </span>
            ) : (
              <img className="phantom-logo-symbol" src={LOGO} alt="" width={40} height={40} />
            )}
            {name && <span className="phantom-logo-title">{name}</span>}
          </div>
          <details className="phantom-menu" ref={menuRef} onKeyDown={onMenuKey}>
            <summary className="phantom-menu-toggle">
              <span className="phantom-menu-word">Menu</span>
              <MenuIcon />
            </summary>
            <nav className="phantom-menu-panel" aria-label="Page sections">
              <ul>
                <li>
                  <a href="#personalDetails" onClick={closeMenu}>
                    About
                  </a>
                </li>
                {showSection && (
                  <li>
                    <a href="#section" onClick={closeMenu}>
                      {workLabel}
                    </a>
                  </li>
                )}
                <li>
                  <a href="#contactDetails" onClick={closeMenu}>
                    {say('contactHeading')}
                  </a>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </header>

      <main className="phantom-main">
        <div className="phantom-inner">
          <header
            id="personalDetails"
            className={`phantom-intro${person.profileImage ? ' has-portrait' : ''}`}
          >
            {person.profileImage && (
              <Portrait
                className="phantom-portrait"
                src={person.profileImage}
                name={name}
                size={320}
                sizes="(max-width: 736px) 104px, 144px"
              />
            )}
            <div className="phantom-intro-text">
              {/* The name is the first large thing a visitor reads; a short opening paragraph
                  leads the introduction under it. */}
              <h1 className="phantom-name" style={longestWordStyle(name)}>
                {name || person.headline || 'Portfolio'}
              </h1>
              {name && person.headline && <p className="phantom-headline">{person.headline}</p>}
              {opening && <p className="phantom-lead">{opening}</p>}
              {more.map((paragraph, index) => (
                <p key={index} className="phantom-intro-more">
                  {paragraph}
                </p>
              ))}
            </div>
          </header>

          {section && (
            <TileSection
              id="section"
              section={section}
              eager={!person.profileImage}
              servicesHeading={say('servicesHeading')}
            />
          )}
        </div>
      </main>

      <footer id="contactDetails" className="phantom-footer">
        <div className="phantom-inner phantom-footer-inner">
          <section className="phantom-contact" aria-labelledby="phantom-contact-title">
            <h2 id="phantom-contact-title" className="phantom-label">
              {say('contactHeading')}
            </h2>
            {(shownEmail || contact.tel) && (
              <ul className="phantom-contact-lines">
                {shownEmail && (
                  <li>
                    <span className="tpl-visually-hidden">Email: </span>
                    <a href={`mailto:${shownEmail}`}>
                      <SocialIcon name="email" className="phantom-line-icon" />
                      {shownEmail}
                    </a>
                  </li>
                )}
                {contact.tel && (
                  <li>
                    <span className="tpl-visually-hidden">Phone: </span>
                    <a href={telHref(contact.tel)}>
                      <PhoneIcon />
                      {contact.tel}
                    </a>
                  </li>
                )}
              </ul>
            )}
            <ContactFormFrame
              form={contactForm}
              className="phantom-form"
              statusClassName="phantom-form-status"
            >
              <button type="submit" className="phantom-button">
                Send
              </button>
            </ContactFormFrame>
          </section>

          {socialLinks.length > 0 && (
            <section className="phantom-follow" aria-labelledby="phantom-follow-title">
              <h2 id="phantom-follow-title" className="phantom-label">
                {say('followHeading')}
              </h2>
              <ul className="phantom-social">
                {socialLinks.map((link, index) => (
                  <li key={index}>
                    <a href={link.url} rel={relFor(link.url)}>
                      <span className="phantom-social-icon">
                        <SocialIcon name={link.iconClass} />
                      </span>
                      {/* Without a label, its network's name: shown as read aloud. */}
                      <span className="phantom-social-label">{socialLinkName(link)}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {name && <p className="phantom-copyright">&copy; {name}. All rights reserved.</p>}
        </div>
      </footer>
    </div>
  );
}

function PhoneIcon() {
  return (
    <svg
      className="phantom-line-icon"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
        fill="currentColor"
      />
    </svg>
  );
}
