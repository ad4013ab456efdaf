import { LinkWords, buttonWordsOf } from '../common/LinkWords.js';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Section, Tile } from '../../domain/portfolio.js';
import { SocialIconList, TileIcon } from '../common/Icon.js';
import { telHref, visibleSocialLinks } from '../common/contact.js';
import { ContactFormFrame, useContactForm } from '../common/ContactForm.js';
import { sectionLabel, type TemplateProps } from '../definition.js';
import { phrasesOf } from '../common/phrases.js';
import { joinedScriptMark, joinedTextMark } from '../common/scripts.js';
import { lookStyle } from '../common/look-style.js';
import { hyperspaceLook } from './look.js';
import { hyperspaceDefinition } from './definition.js';
import './hyperspace.css';
import { Paragraphs, relFor } from '../common/text.js';
import { Portrait, TemplateImage } from '../common/TemplateImage.js';
import { longestWordStyle } from '../common/longest-word.js';
import { isPortraitUpload } from '../../uploads.js';

type TileSectionId = 'section' | 'section2';
type SpyId = 'personalDetails' | TileSectionId | 'contactDetails';

interface NavItem {
  id: SpyId;
  label: string;
}

const filled = (value: string | undefined): value is string => (value ?? '').trim() !== '';

function tileHasContent(tile: Tile, withImage: boolean): boolean {
  return (
    filled(tile.title) || filled(tile.desc) || filled(tile.link) || (withImage && filled(tile.img))
  );
}

function visibleTiles(section: Section | undefined, withImage: boolean) {
  return (section?.sectionTiles ?? [])
    .map((tile, index) => ({ tile, index }))
    .filter(({ tile }) => tileHasContent(tile, withImage));
}

function sectionHasContent(
  section: Section | undefined,
  tiles: readonly unknown[],
  withFooter: boolean,
): section is Section {
  if (!section) return false;
  return (
    tiles.length > 0 ||
    filled(section.sectionTitle) ||
    filled(section.sectionSubTitle) ||
    (withFooter && filled(section.sectionFooterText))
  );
}

/** The editor's name for each tile section: what names it (in the nav too) when untitled. */
const SECTION_LABELS: Record<TileSectionId, string> = {
  section: sectionLabel(hyperspaceDefinition, 'section'),
  section2: sectionLabel(hyperspaceDefinition, 'section2'),
};

const titleIdOf = (id: TileSectionId) => `hs-${id}-title`;

/**
 * A tile section: a scroll-spy target, named by its title's heading, or by the editor's name for
 * it when untitled.
 */
function TileSection({
  id,
  section,
  className,
  children,
}: {
  id: TileSectionId;
  section: Section;
  className: string;
  children: ReactNode;
}) {
  const naming = filled(section.sectionTitle)
    ? { 'aria-labelledby': titleIdOf(id) }
    : { 'aria-label': SECTION_LABELS[id] };
  return (
    <section id={id} className={`${className} hs-anchor`} data-hs-spy="" {...naming}>
      {children}
    </section>
  );
}

/** A section's title and subtitle, whichever it has (nothing when it has neither). */
function SectionHead({
  section,
  titleId,
  className,
}: {
  section: Section;
  titleId: string;
  className: string;
}) {
  const { sectionTitle: title, sectionSubTitle: subtitle } = section;
  if (!filled(title) && !filled(subtitle)) return null;
  return (
    <header className={className}>
      {filled(title) && (
        <h2 id={titleId} className="hs-major">
          {title}
        </h2>
      )}
      {filled(subtitle) && <p className="hs-subtitle">{subtitle}</p>}
    </header>
  );
}

export function HyperspaceTemplate({ data }: TemplateProps) {
  const say = phrasesOf(data, hyperspaceDefinition);
  const { personalDetails: person, section, section2, contactDetails: contact } = data;
  const rootRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLUListElement>(null);
  // None until the scroll spy runs: the published page is static HTML with no script for it,
  // and a fixed "Welcome" there stayed marked however far a visitor scrolled.
  const [active, setActive] = useState<SpyId>();

  const spotTiles = visibleTiles(section, true);
  const featureTiles = visibleTiles(section2, false);
  const showSection = sectionHasContent(section, spotTiles, false);
  const showSection2 = sectionHasContent(section2, featureTiles, true);
  // The grid of what the person does reads as a list of loose cards without a heading (its
  // original has one): untitled, it takes the editor's name for it, as the menu does.
  const headed = (shown: Section): Section =>
    filled(shown.sectionTitle) ? shown : { ...shown, sectionTitle: SECTION_LABELS.section2 };

  const socials = visibleSocialLinks(contact.socialLinks);
  const contactForm = useContactForm(contact, {
    idPrefix: 'hs-field-',
    layout: { box: 'hs-fields' },
    fieldClassName: (field, asksEmail) =>
      field === 'name' || field === 'email' || (field === 'subject' && !asksEmail)
        ? 'hs-field hs-field--half'
        : 'hs-field',
    messageRows: 5,
  });
  const hasContactList =
    filled(contact.address) ||
    (contactForm.showEmail && filled(contact.email)) ||
    filled(contact.tel) ||
    socials.length > 0;

  const navItems: NavItem[] = [{ id: 'personalDetails', label: 'Welcome' }];
  if (showSection) {
    navItems.push({
      id: 'section',
      label: filled(section?.sectionTitle) ? section.sectionTitle : SECTION_LABELS.section,
    });
  }
  if (showSection2) {
    navItems.push({
      id: 'section2',
      label: filled(section2?.sectionTitle) ? section2.sectionTitle : SECTION_LABELS.section2,
    });
  }
  navItems.push({ id: 'contactDetails', label: say('contactHeading') });
  const firstTarget = navItems[1]?.id ?? 'contactDetails';
  const name = filled(person.name) ? person.name : 'Welcome';

  // Progressive enhancement only: the server HTML is complete without any of this.
  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof IntersectionObserver === 'undefined') return undefined;

    const spy = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = entry.target.id as SpyId;
          if (entry.isIntersecting) setActive(id);
        }
      },
      { rootMargin: '-45% 0px -50% 0px' },
    );
    root.querySelectorAll<HTMLElement>('[data-hs-spy]').forEach((el) => spy.observe(el));
    // The script marks the current part from here on; CSS does it where none runs.
    root.setAttribute('data-hs-spying', '');

    let reveal: IntersectionObserver | undefined;
    if (window.matchMedia('(prefers-reduced-motion: no-preference)').matches) {
      const items = Array.from(root.querySelectorAll<HTMLElement>('.hs-reveal'));
      // What is already on screen stays as it is; only what lies further down fades in.
      for (const item of items) {
        if (item.getBoundingClientRect().top < window.innerHeight) {
          item.setAttribute('data-hs-shown', '');
        }
      }
      root.setAttribute('data-hs-motion', '');
      const observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) {
              entry.target.setAttribute('data-hs-shown', '');
              observer.unobserve(entry.target);
            }
          }
        },
        { rootMargin: '0px 0px -6% 0px' },
      );
      items
        .filter((item) => !item.hasAttribute('data-hs-shown'))
        .forEach((item) => observer.observe(item));
      reveal = observer;
    }

    return () => {
      spy.disconnect();
      reveal?.disconnect();
      root.removeAttribute('data-hs-motion');
      root.removeAttribute('data-hs-spying');
    };
  }, []);

  // In the compact top bar the links scroll sideways: keep the active one in view.
  useEffect(() => {
    const list = navRef.current;
    const link = list?.querySelector<HTMLElement>('.is-active');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = link.offsetLeft - (list.clientWidth - link.offsetWidth) / 2;
  }, [active]);

  return (
    <div
      className="tpl-hyperspace"
      ref={rootRef}
      {...joinedScriptMark(data)}
      {...lookStyle(hyperspaceLook, data)}
    >
      <nav className="hs-sidebar" aria-label="Page sections">
        <ul className="hs-nav" ref={navRef}>
          {navItems.map((item) => (
            <li key={item.id}>
              <a
                href={`#${item.id}`}
                className={item.id === active ? 'is-active' : undefined}
                onClick={() => setActive(item.id)}
              >
                <span className="hs-nav__label" {...joinedTextMark(item.label)}>
                  {item.label}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="hs-wrapper">
        <main>
          <section
            id="personalDetails"
            className="hs-intro hs-anchor"
            aria-labelledby="hs-title"
            data-hs-spy=""
          >
            <div
              className={`hs-intro__inner hs-reveal${filled(person.profileImage) ? ' hs-intro__inner--portrait' : ''}`}
            >
              {filled(person.profileImage) && (
                <div className="hs-portrait">
                  <Portrait
                    src={person.profileImage}
                    name={person.name}
                    size={480}
                    sizes="(max-width: 736px) 152px, clamp(176px, 20vw, 272px)"
                  />
                </div>
              )}
              <div className="hs-intro__text">
                <h1 id="hs-title" style={longestWordStyle(name)}>
                  {name}
                </h1>
                {filled(person.headline) && <p className="hs-headline">{person.headline}</p>}
                {filled(person.intro) && <Paragraphs text={person.intro} className="hs-lead" />}
                <p className="hs-actions">
                  <a className="hs-button" href={`#${firstTarget}`}>
                    {say('moreButton')}
                  </a>
                </p>
              </div>
            </div>
          </section>

          {showSection && (
            <TileSection id="section" section={section} className="hs-spotlights">
              <SectionHead
                section={section}
                titleId={titleIdOf('section')}
                className="hs-section-head hs-reveal"
              />
              {spotTiles.length > 0 && (
                <div className="hs-spots">
                  {spotTiles.map(({ tile, index }) => {
                    // The wide frame a landscape fills kept half a portrait's height.
                    const upright = isPortraitUpload(tile.img);
                    return (
                      // Without a picture the words take the row: a stand-in icon read as
                      // "software" on a violinist's page.
                      <article
                        key={index}
                        className={upright ? 'hs-spot hs-spot--upright' : 'hs-spot'}
                      >
                        {filled(tile.img) && (
                          <div className="hs-spot__media">
                            <TemplateImage
                              src={tile.img}
                              alt={filled(tile.title) ? tile.title : `Highlight ${index + 1}`}
                              width={800}
                              height={upright ? 800 : 500}
                              sizes="(max-width: 980px) 100vw, (max-width: 1440px) 50vw, 720px"
                              load="lazy"
                            />
                          </div>
                        )}
                        <div className="hs-spot__content hs-reveal">
                          {filled(tile.title) && <h3>{tile.title}</h3>}
                          {filled(tile.desc) && <Paragraphs text={tile.desc} />}
                          {filled(tile.link) && (
                            <p className="hs-actions">
                              <a className="hs-button" href={tile.link} rel={relFor(tile.link)}>
                                <LinkWords
                                  {...buttonWordsOf(data, say, 'moreButton')}
                                  link={tile.link}
                                  title={tile.title}
                                />
                              </a>
                            </p>
                          )}
                        </div>
                      </article>
                    );
                  })}
                </div>
              )}
            </TileSection>
          )}

          {showSection2 && (
            <TileSection id="section2" section={headed(section2)} className="hs-section2">
              <div className="hs-inner">
                <SectionHead
                  section={headed(section2)}
                  titleId={titleIdOf('section2')}
                  className="hs-reveal"
                />
                {featureTiles.length > 0 && (
                  <div
                    className={[
                      'hs-features',
                      featureTiles.some(({ tile }) => tile.icon !== undefined)
                        ? ''
                        : 'hs-features--plain',
                      // Three take one row of three: two and one alone read as a row left unfinished.
                      featureTiles.length === 3 ? 'hs-features--three' : '',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                  >
                    {featureTiles.map(({ tile, index }) => (
                      <article key={index} className="hs-feature">
                        {tile.icon !== undefined && (
                          <span className="hs-feature__icon" aria-hidden="true">
                            <TileIcon name={tile.icon} />
                          </span>
                        )}
                        <div className="hs-reveal">
                          {filled(tile.title) && <h3>{tile.title}</h3>}
                          {filled(tile.desc) && <Paragraphs text={tile.desc} />}
                          {filled(tile.link) && (
                            <p className="hs-more">
                              <a href={tile.link} rel={relFor(tile.link)}>
                                <LinkWords
                                  {...buttonWordsOf(data, say, 'projectButton')}
                                  link={tile.link}
                                  title={tile.title}
                                />
                              </a>
                            </p>
                          )}
                        </div>
                      </article>
                    ))}
                  </div>
                )}
                {filled(section2.sectionFooterText) && (
                  <div className="hs-section-footer hs-reveal">
                    <Paragraphs text={section2.sectionFooterText} />
                  </div>
                )}
              </div>
            </TileSection>
          )}

          <section
            id="contactDetails"
            className="hs-contact hs-anchor"
            aria-labelledby="hs-contact-title"
            data-hs-spy=""
          >
            <div className="hs-inner">
              <h2 id="hs-contact-title" className="hs-major hs-reveal">
                {say('contactHeading')}
              </h2>
              <div className={`hs-split hs-reveal${hasContactList ? '' : ' hs-split--single'}`}>
                <ContactFormFrame
                  form={contactForm}
                  className="hs-form"
                  statusClassName="hs-form-status"
                  aria-label="Contact form"
                >
                  <p className="hs-actions">
                    <button type="submit" className="hs-button hs-button--primary">
                      Send Message
                    </button>
                  </p>
                </ContactFormFrame>

                {hasContactList && (
                  <ul className="hs-contact-list">
                    {filled(contact.address) && (
                      <li>
                        <h3>Address</h3>
                        <p className="hs-address">{contact.address}</p>
                      </li>
                    )}
                    {contactForm.showEmail && filled(contact.email) && (
                      <li>
                        <h3>Email</h3>
                        <p>
                          <a href={`mailto:${contact.email}`}>{contact.email}</a>
                        </p>
                      </li>
                    )}
                    {filled(contact.tel) && (
                      <li>
                        <h3>Phone</h3>
                        <p>
                          <a href={telHref(contact.tel)}>{contact.tel}</a>
                        </p>
                      </li>
                    )}
                    {socials.length > 0 && (
                      <li>
                        <SocialIconList
                          links={socials}
                          className="hs-icons"
                          aria-label="Social links"
                        />
                      </li>
                    )}
                  </ul>
                )}
              </div>
            </div>
          </section>
        </main>

        <footer className="hs-footer">
          <p>&copy; {filled(person.name) ? `${person.name}. ` : ''}All rights reserved.</p>
        </footer>
      </div>
    </div>
  );
}
