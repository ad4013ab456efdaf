import { buttonWordsOf, LinkWords, type MoreWords } from '../common/LinkWords.js';
import {
  faBars,
  faChevronRight,
  faEnvelope,
  faLocationDot,
  faPhone,
  faXmark,
} from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/fontawesome-common-types';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import type { Section, Tile } from '../../domain/portfolio.js';
import { FaIcon, SocialIconList, TileIcon } from '../common/Icon.js';
import { visibleSocialLinks, telHref } from '../common/contact.js';
import { ContactFormFrame, useContactForm } from '../common/ContactForm.js';
import { sectionLabel, type TemplateProps } from '../definition.js';
import { phrasesOf } from '../common/phrases.js';
import { joinedScriptMark, joinedTextMark } from '../common/scripts.js';
import { lookStyle } from '../common/look-style.js';
import { solidStateLook } from './look.js';
import { solidStateDefinition } from './definition.js';
import './solid-state.css';
import { Paragraphs, paragraphs, relFor } from '../common/text.js';
import { Portrait, TemplateImage } from '../common/TemplateImage.js';
import { isPortraitUpload } from '../../uploads.js';
import { longestWordStyle } from '../common/longest-word.js';

/*
 * Solid-State: a slate page over a fixed, darkened backdrop. The banner and the footer sit on the
 * backdrop; every tile section is a solid band whose top and bottom edges are diagonal wedges
 * (pseudo-elements in the margins between bands, so content is never clipped).
 */

/** Up to this many characters, the intro's first paragraph is a greeting set in capitals. */
const CAPITALS_MAX = 60;

/**
 * The intro: a short first line (a greeting) in the template's light spaced capitals, everything
 * else in normal case, as whole paragraphs in capitals tire the eye.
 */
function Intro({ text }: { text: string }) {
  return (
    <div className="ss-banner__intro">
      {paragraphs(text).map((part, index) => (
        <p
          key={index}
          className={index === 0 && part.length <= CAPITALS_MAX ? 'ss-banner__lead' : undefined}
        >
          {part}
        </p>
      ))}
    </div>
  );
}

/**
 * The name in the banner as its owner wrote it, each word kept on one line: a hyphenated name
 * wraps between its words, not after its hyphen (the heading is sized by its longest word). The
 * full stop stays with the last word, never alone on a line.
 */
function BannerName({ name, end }: { name: string; end: string }) {
  const words = name.split(/\s+/).filter((word) => word !== '');
  return (
    <span className="ss-banner__name">
      {words.map((word, index) => (
        <Fragment key={index}>
          {index > 0 && ' '}
          <span className="ss-banner__word">{index === words.length - 1 ? word + end : word}</span>
        </Fragment>
      ))}
    </span>
  );
}

/** A tile worth showing: one with something to look at or read. */
function hasContent(tile: Tile): boolean {
  return tile.title !== '' || tile.desc !== '' || tile.img !== '';
}

/** 'Learn More' / 'Check it out' with the circled arrow; the tile title completes its name. */
function SpecialLink({ href, text, title }: { href: string; text: MoreWords; title: string }) {
  return (
    <a className="ss-special" href={href} rel={relFor(href)}>
      <span className="ss-special__circle" aria-hidden="true">
        <FaIcon icon={faChevronRight} className="ss-glyph" />
      </span>
      <span>
        <LinkWords {...text} link={href} title={title} />
      </span>
    </a>
  );
}

/** A tile's picture (800x500, 800x1000 for a portrait). */
function TileImage({
  tile,
  className,
  sizes,
  portrait,
}: {
  tile: Tile;
  className: string;
  sizes: string;
  portrait: boolean;
}) {
  return (
    <div className={className}>
      <TemplateImage
        src={tile.img}
        alt={tile.title}
        width={800}
        height={portrait ? 1000 : 500}
        sizes={sizes}
        load="lazy"
        decoding="async"
      />
    </div>
  );
}

/**
 * A tile's title, text and link; the title is a level below its section's heading. A service's
 * icon stands beside its title (above its words when it has none), so the title's rule and the
 * words under it start where a neighbour's do.
 */
function TileText({
  tile,
  className,
  Heading,
  headingClassName,
  linkText,
  icons,
}: {
  tile: Tile;
  className: string;
  Heading: 'h2' | 'h3';
  headingClassName: string;
  linkText: MoreWords;
  icons: boolean;
}) {
  // The icon its owner picked for a service, in an outlined ring like the contact lines'.
  const icon =
    icons && tile.icon ? (
      <span className="feature__icon" aria-hidden="true">
        <TileIcon name={tile.icon} className="ss-glyph" />
      </span>
    ) : null;
  return (
    <div className={className}>
      {tile.title === '' && icon}
      {tile.title !== '' && (
        <Heading className={icon ? `${headingClassName} feature__title--icon` : headingClassName}>
          {icon}
          {icon ? <span className="feature__name">{tile.title}</span> : tile.title}
        </Heading>
      )}
      <Paragraphs text={tile.desc} className="ss-text" />
      {tile.link !== '' && <SpecialLink href={tile.link} text={linkText} title={tile.title} />}
    </div>
  );
}

/** How one tile section draws its cards: the classes of their parts and the picture's sizes. */
interface TileLook {
  imageClassName: string;
  sizes: string;
  textClassName: string;
  headingClassName: string;
  /** Added to a tile without a picture. */
  wordsOnlyClassName: string;
  /** A tile whose picture is a portrait upload, framed taller (none: as any other). */
  portrait?: { className: string; sizes: string };
  /** Whether its tiles show the icon their owner picked (the services do, not the spotlights). */
  icons: boolean;
}

/**
 * A tile as a card: its picture, then its words. Without a picture it is its words alone
 * (`--text`), led by its title: a stand-in letter read as a placeholder (decision 0020).
 */
function TileCard({
  tile,
  className,
  look,
  Heading,
  linkText,
}: {
  tile: Tile;
  className: string;
  look: TileLook;
  Heading: 'h2' | 'h3';
  linkText: MoreWords;
}) {
  const portrait = look.portrait && isPortraitUpload(tile.img) ? look.portrait : undefined;
  const classes =
    tile.img === ''
      ? `${className} ${look.wordsOnlyClassName}`
      : portrait
        ? `${className} ${portrait.className}`
        : className;
  return (
    <article className={classes}>
      {tile.img !== '' && (
        <TileImage
          tile={tile}
          className={look.imageClassName}
          sizes={portrait?.sizes ?? look.sizes}
          portrait={portrait !== undefined}
        />
      )}
      <TileText
        tile={tile}
        className={look.textClassName}
        Heading={Heading}
        headingClassName={look.headingClassName}
        linkText={linkText}
        icons={look.icons}
      />
    </article>
  );
}

const SPOTLIGHT_LOOK: TileLook = {
  imageClassName: 'spotlight__image',
  // 54% of the row (solid-state.css): up to 590 px wide, 620 px on a screen over 1680 px.
  sizes: '(max-width: 736px) 100vw, (max-width: 980px) 40vw, (max-width: 1680px) 590px, 620px',
  textClassName: 'spotlight__content',
  headingClassName: 'ss-major spotlight__title',
  wordsOnlyClassName: 'spotlight__item--text',
  portrait: {
    className: 'spotlight__item--portrait',
    // 36% of the row for a portrait: up to 392 px wide, 410 px on a screen over 1680 px.
    sizes: '(max-width: 736px) 100vw, (max-width: 980px) 30vw, (max-width: 1680px) 392px, 410px',
  },
  icons: false,
};

const FEATURE_LOOK: TileLook = {
  imageClassName: 'feature__image',
  sizes: '(max-width: 980px) 100vw, 50vw',
  textClassName: 'feature__body',
  headingClassName: 'feature__title',
  wordsOnlyClassName: 'feature--text',
  icons: true,
};

/** One way to reach the owner: its icon, what it is, and the address itself. */
function ContactItem({
  icon,
  label,
  children,
}: {
  icon: IconDefinition;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="ss-contact__item">
      <span className="ss-contact__icon" aria-hidden="true">
        <FaIcon icon={icon} className="ss-glyph" />
      </span>
      <div>
        <h3 className="ss-contact__label">{label}</h3>
        <p className="ss-contact__value">{children}</p>
      </div>
    </li>
  );
}

function closeMenu(event: MouseEvent<HTMLElement>) {
  event.currentTarget.closest('details')?.removeAttribute('open');
}

interface NavItem {
  href: string;
  label: string;
}

function Header({ name, items }: { name: string; items: NavItem[] }) {
  return (
    <header className="ss-header">
      {name !== '' && (
        <a className="ss-header__name" href="#personalDetails">
          {/* The text in its own block: only a block draws the ellipsis of a name too long. */}
          <span className="ss-header__label">{name}</span>
        </a>
      )}
      <details className="ss-menu">
        <summary className="ss-menu__toggle">
          <span className="ss-menu__word">Menu</span>
          <span className="ss-menu__icon ss-menu__icon--open">
            <FaIcon icon={faBars} className="ss-glyph" />
          </span>
          <span className="ss-menu__icon ss-menu__icon--close">
            <FaIcon icon={faXmark} className="ss-glyph" />
          </span>
        </summary>
        <nav className="ss-menu__panel" aria-label="Sections">
          <ul>
            {items.map((item) => (
              <li key={item.href}>
                <a href={item.href} onClick={closeMenu}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </details>
    </header>
  );
}

/** A tile section shows when it has a title or a tile with content. */
function spotlightsVisible(section: Section | undefined): section is Section {
  return (
    section !== undefined && (section.sectionTitle !== '' || section.sectionTiles.some(hasContent))
  );
}

function featuresVisible(section: Section | undefined): section is Section {
  return (
    section !== undefined &&
    (section.sectionTitle !== '' ||
      section.sectionSubTitle !== '' ||
      section.sectionFooterText !== '' ||
      section.sectionTiles.some(hasContent))
  );
}

type TileSectionId = 'section' | 'section2';

/** What names an untitled tile section for screen readers: the editor's name for it. */
const SECTION_LABELS: Record<TileSectionId, string> = {
  section: sectionLabel(solidStateDefinition, 'section'),
  section2: sectionLabel(solidStateDefinition, 'section2'),
};

const titleIdOf = (id: TileSectionId) => `ss-${id}-title`;

/** A tile section, named by its title's heading, or by the editor's name for it when untitled. */
function TileSection({
  id,
  title,
  className,
  children,
}: {
  id: TileSectionId;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={className}
      aria-labelledby={title !== '' ? titleIdOf(id) : undefined}
      aria-label={title !== '' ? undefined : SECTION_LABELS[id]}
    >
      {children}
    </section>
  );
}

function Spotlights({ section, linkText }: { section: Section; linkText: MoreWords }) {
  const title = section.sectionTitle;
  const tiles = section.sectionTiles.filter(hasContent);
  const TileHeading = title !== '' ? 'h3' : 'h2';
  const heading =
    title !== '' ? (
      <h2 id={titleIdOf('section')} className="ss-eyebrow" {...joinedTextMark(title)}>
        {title}
      </h2>
    ) : null;
  return (
    <TileSection id="section" title={title} className="ss-spotlights">
      {tiles.length === 0 && (
        <div className="ss-band spotlight spotlight--odd">
          <div className="ss-inner spotlight__inner">{heading}</div>
        </div>
      )}
      {tiles.map((tile, index) => (
        // 1st, 3rd, 5th... tiles are "odd" (image left), the others "even" (image right).
        <div
          key={index}
          className={`ss-band spotlight ${index % 2 === 0 ? 'spotlight--odd' : 'spotlight--even'}`}
        >
          <div className="ss-inner spotlight__inner">
            {index === 0 && heading}
            <TileCard
              tile={tile}
              className="spotlight__item"
              look={SPOTLIGHT_LOOK}
              Heading={TileHeading}
              linkText={linkText}
            />
          </div>
        </div>
      ))}
    </TileSection>
  );
}

function Features({ section, linkText }: { section: Section; linkText: MoreWords }) {
  const { sectionTitle: title, sectionSubTitle: subtitle, sectionFooterText: footer } = section;
  const tiles = section.sectionTiles.filter(hasContent);
  const TileHeading = title !== '' ? 'h3' : 'h2';
  // With an odd number of cards the last one spans the whole row.
  const lastIsWide = tiles.length % 2 === 1;
  return (
    <TileSection id="section2" title={title} className="ss-band ss-features">
      <div className="ss-inner ss-features__inner">
        {(title !== '' || subtitle !== '') && (
          <div className="ss-features__head">
            {title !== '' && (
              <h2 id={titleIdOf('section2')} className="ss-major">
                {title}
              </h2>
            )}
            {subtitle !== '' && <p className="ss-features__subtitle">{subtitle}</p>}
          </div>
        )}
        {tiles.length > 0 && (
          <div className="ss-features__grid">
            {tiles.map((tile, index) => (
              <TileCard
                key={index}
                tile={tile}
                className={`feature${lastIsWide && index === tiles.length - 1 ? ' feature--wide' : ''}`}
                look={FEATURE_LOOK}
                Heading={TileHeading}
                linkText={linkText}
              />
            ))}
          </div>
        )}
        {footer !== '' && (
          <div className="ss-features__footer">
            <Paragraphs text={footer} />
          </div>
        )}
      </div>
    </TileSection>
  );
}

export function SolidStateTemplate({ data }: TemplateProps) {
  const say = phrasesOf(data, solidStateDefinition);
  const { personalDetails, section, section2, contactDetails } = data;
  const name = personalDetails.name;
  const { tel, address } = contactDetails;
  const contactForm = useContactForm(contactDetails, {
    idPrefix: 'ss-contact-',
    layout: { row: 'ss-form__row' },
    fieldClassName: () => 'ss-field',
    messageRows: 5,
  });
  const email = contactForm.showEmail ? contactDetails.email : '';
  const socialLinks = visibleSocialLinks(contactDetails.socialLinks);
  const hasContactList = email !== '' || tel !== '' || address !== '' || socialLinks.length > 0;

  const showSpotlights = spotlightsVisible(section);
  const showFeatures = featuresVisible(section2);

  const navItems: NavItem[] = [{ href: '#personalDetails', label: 'Home' }];
  if (showSpotlights) navItems.push({ href: '#section', label: section.sectionTitle || 'Work' });
  if (showFeatures)
    navItems.push({ href: '#section2', label: section2.sectionTitle || 'Features' });
  navItems.push({ href: '#contactDetails', label: 'Contact' });

  return (
    <div
      className="tpl-solid-state"
      {...joinedScriptMark(data)}
      {...lookStyle(solidStateLook, data)}
    >
      <Header name={name} items={navItems} />
      <main>
        <section id="personalDetails" className="ss-banner" aria-labelledby="ss-title">
          <div className="ss-inner">
            {personalDetails.profileImage !== '' && (
              <div className="ss-banner__portrait">
                <Portrait
                  src={personalDetails.profileImage}
                  name={name}
                  size={320}
                  sizes="(max-width: 736px) 112px, 136px"
                />
              </div>
            )}
            <h1
              id="ss-title"
              className="ss-banner__title"
              style={longestWordStyle(name, { wholeWords: true })}
            >
              {name !== '' ? (
                <>
                  <span className="ss-banner__hi">Hi. This is </span>
                  <BannerName name={name} end="." />
                </>
              ) : (
                <span className="ss-banner__hi">Hello.</span>
              )}
            </h1>
            {personalDetails.headline !== '' && (
              <p className="ss-banner__headline">{personalDetails.headline}</p>
            )}
            {personalDetails.intro !== '' && <Intro text={personalDetails.intro} />}
          </div>
        </section>
        {showSpotlights && (
          <Spotlights section={section} linkText={buttonWordsOf(data, say, 'moreButton')} />
        )}
        {showFeatures && (
          <Features section={section2} linkText={buttonWordsOf(data, say, 'projectButton')} />
        )}
      </main>
      <footer id="contactDetails" className="ss-footer" aria-labelledby="ss-contact-title">
        <div className="ss-inner">
          <h2 id="ss-contact-title" className="ss-major">
            {say('contactHeading')}
          </h2>
          <div className={`ss-footer__split${hasContactList ? '' : ' ss-footer__split--solo'}`}>
            <ContactFormFrame
              form={contactForm}
              className="ss-form"
              statusClassName="ss-form__status"
            >
              <button type="submit" className="ss-button">
                Send Message
              </button>
            </ContactFormFrame>
            {hasContactList && (
              <ul className="ss-contact">
                {address !== '' && (
                  <ContactItem icon={faLocationDot} label="Address">
                    {address}
                  </ContactItem>
                )}
                {email !== '' && (
                  <ContactItem icon={faEnvelope} label="Email">
                    <a href={`mailto:${email}`}>{email}</a>
                  </ContactItem>
                )}
                {tel !== '' && (
                  <ContactItem icon={faPhone} label="Phone">
                    <a href={telHref(tel)}>{tel}</a>
                  </ContactItem>
                )}
                {socialLinks.length > 0 && (
                  <li className="ss-contact__item ss-contact__item--social">
                    <h3 className="ss-contact__label">Elsewhere</h3>
                    <SocialIconList links={socialLinks} className="ss-social" />
                  </li>
                )}
              </ul>
            )}
          </div>
          {name !== '' && <p className="ss-copyright">&copy; {name}. All rights reserved.</p>}
        </div>
      </footer>
    </div>
  );
}
