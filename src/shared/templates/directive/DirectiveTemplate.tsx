import { LinkWords, buttonWordsOf, type MoreWords } from '../common/LinkWords.js';
import {
  faEnvelope,
  faLocationDot,
  faPaperPlane,
  faPhone,
} from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/fontawesome-common-types';
import type { ContactDetails, PersonalDetails, Section, Tile } from '../../domain/portfolio.js';
import { longestWordStyle } from '../common/longest-word.js';
import { TileIcon, FaIcon, SocialIconList } from '../common/Icon.js';
import { visibleSocialLinks, telHref } from '../common/contact.js';
import { ContactFormFrame, useContactForm } from '../common/ContactForm.js';
import type { TemplateProps } from '../definition.js';
import { phrasesOf } from '../common/phrases.js';
import { joinedScriptMark, joinedTextMark } from '../common/scripts.js';
import { lookStyle } from '../common/look-style.js';
import { directiveLook } from './look.js';
import { directiveDefinition } from './definition.js';
import './directive.css';
import { Paragraphs, relFor } from '../common/text.js';
import { Portrait, TemplateImage } from '../common/TemplateImage.js';
import { isPortraitUpload } from '../../uploads.js';

function Header({ person }: { person: PersonalDetails }) {
  const { name, headline, intro, profileImage } = person;
  return (
    <header id="personalDetails" className="dv-header">
      <div className="dv-header__inner">
        <div className={profileImage ? 'dv-logo dv-logo--portrait' : 'dv-logo'}>
          {profileImage ? (
            <Portrait
              className="dv-logo__img"
              src={profileImage}
              name={name}
              size={160}
              sizes="(max-width: 480px) 120px, 144px"
            />
          ) : (
            <FaIcon icon={faPaperPlane} className="dv-logo__icon" />
          )}
        </div>
        {name && (
          <h1 className="dv-header__name" style={longestWordStyle(name)}>
            {name}
          </h1>
        )}
        {headline && <p className="dv-header__headline">{headline}</p>}
        {intro && (
          <div className="dv-header__intro">
            <Paragraphs text={intro} />
          </div>
        )}
      </div>
    </header>
  );
}

function hasContent(tile: Tile): boolean {
  return tile.img !== '' || tile.title !== '' || tile.desc !== '' || tile.link !== '';
}

function Feature({ tile, index, more }: { tile: Tile; index: number; more: MoreWords }) {
  const side = index % 2 === 0 ? 'left' : 'right';
  // The badge heads the words: on the photo it covered the subject or spilled past its edge.
  const icon = tile.icon && (
    <span className="dv-feature__icon">
      <TileIcon name={tile.icon} />
    </span>
  );
  if (!tile.img) {
    const hasWords = tile.desc !== '' || tile.link !== '';
    // Without a picture its title (and badge) take the picture's half in a quiet panel, so the
    // rows keep alternating; an empty picture frame would look broken.
    if (tile.title && hasWords) {
      return (
        <article className={`dv-feature dv-feature--${side} dv-feature--panel`}>
          <div className="dv-feature__panel">
            {icon}
            <h3 className="dv-feature__title" {...joinedTextMark(tile.title)}>
              {tile.title}
            </h3>
          </div>
          <div className="dv-feature__body">
            <FeatureWords tile={{ ...tile, title: '' }} more={more} about={tile.title} />
          </div>
        </article>
      );
    }
    return (
      <article className="dv-feature dv-feature--text">
        <div className="dv-feature__body">
          {icon}
          <FeatureWords tile={tile} more={more} about={tile.title} />
        </div>
      </article>
    );
  }
  // A portrait gets a square frame in the same half: the wide one kept only a band of the face.
  const portrait = isPortraitUpload(tile.img);
  return (
    <article className={`dv-feature dv-feature--${side}${portrait ? ' dv-feature--portrait' : ''}`}>
      <div className="dv-feature__media">
        <TemplateImage
          className="dv-feature__img"
          src={tile.img}
          alt={tile.title}
          width={800}
          height={portrait ? 800 : 500}
          sizes="(max-width: 736px) 100vw, 50vw"
          load="lazy"
        />
      </div>
      <div className="dv-feature__body">
        {icon}
        <FeatureWords tile={tile} more={more} about={tile.title} />
      </div>
    </article>
  );
}

function FeatureWords({
  tile,
  more,
  about,
  Title = 'h3',
}: {
  tile: Tile;
  more: MoreWords;
  about: string;
  /** Under the services' own heading their titles are a level below it. */
  Title?: 'h3' | 'h4';
}) {
  return (
    <>
      {tile.title && (
        <Title className="dv-feature__title" {...joinedTextMark(tile.title)}>
          {tile.title}
        </Title>
      )}
      {tile.desc && (
        <div className="dv-feature__desc">
          <Paragraphs text={tile.desc} />
        </div>
      )}
      {tile.link && (
        <a className="dv-button" href={tile.link} rel={relFor(tile.link)}>
          <LinkWords {...more} link={tile.link} title={about} />
        </a>
      )}
    </>
  );
}

/**
 * A tile without a photo among photo tiles (a service with its icon): a cell of a compact row
 * under the photos, its badge over its words. As a full feature row each one stood 333 px tall
 * at 1280 with a large icon in a photo's place, and read as one more photo essay.
 */
function Service({ tile, more }: { tile: Tile; more: MoreWords }) {
  return (
    <article className="dv-service">
      <span className="dv-feature__icon" aria-hidden="true">
        {tile.icon ? <TileIcon name={tile.icon} /> : <FaIcon icon={faPaperPlane} />}
      </span>
      <div className="dv-service__words">
        <FeatureWords tile={tile} more={more} about={tile.title} Title="h4" />
      </div>
    </article>
  );
}

function Features({
  section,
  more,
  servicesHeading,
}: {
  section: Section;
  more: MoreWords;
  servicesHeading: string;
}) {
  const { sectionTitle, sectionSubTitle, sectionFooterText } = section;
  const tiles = section.sectionTiles.filter(hasContent);
  const withPhotos = tiles.some((tile) => tile.img !== '');
  // Among photos, the tiles without one are gathered after them (a template with one section
  // receives another template's services so); alone, they keep Directive's alternating rows.
  const rows = withPhotos ? tiles.filter((tile) => tile.img !== '') : tiles;
  const services = withPhotos ? tiles.filter((tile) => tile.img === '') : [];
  if (!sectionTitle && !sectionSubTitle && !sectionFooterText && tiles.length === 0) {
    // Nothing to show, but the editor still scrolls to this part.
    return <div id="section" className="dv-anchor" />;
  }
  const titleId = 'directive-section-title';
  const servicesId = 'directive-services-title';
  return (
    <section
      id="section"
      className="dv-section"
      aria-labelledby={sectionTitle ? titleId : undefined}
    >
      {(sectionTitle || sectionSubTitle) && (
        <header className="dv-section__header">
          {sectionTitle && (
            <h2 id={titleId} className="dv-section__title" {...joinedTextMark(sectionTitle)}>
              {sectionTitle}
            </h2>
          )}
          {sectionSubTitle && <p className="dv-section__subtitle">{sectionSubTitle}</p>}
        </header>
      )}
      {rows.length > 0 && (
        <div className="dv-features">
          {rows.map((tile, index) => (
            <Feature key={index} tile={tile} index={index} more={more} />
          ))}
        </div>
      )}
      {services.length > 0 && (
        // Their own heading: under the photos' title alone they read as more of the photos.
        <section className="dv-services-part" aria-labelledby={servicesId}>
          <h3 id={servicesId} className="dv-services__title" {...joinedTextMark(servicesHeading)}>
            {servicesHeading}
          </h3>
          <div className="dv-services">
            {services.map((tile, index) => (
              <Service key={index} tile={tile} more={more} />
            ))}
          </div>
        </section>
      )}
      {sectionFooterText && (
        <div className="dv-section__footer">
          <Paragraphs text={sectionFooterText} />
        </div>
      )}
    </section>
  );
}

/** One way to reach the owner: its icon, then the address as a link, or as text when it has none. */
function ContactLine({ icon, text, href }: { icon: IconDefinition; text: string; href?: string }) {
  return (
    <li className="dv-contact__item">
      <FaIcon icon={icon} className="dv-contact__icon" />
      {href ? (
        <a className="dv-contact__link" href={href}>
          {text}
        </a>
      ) : (
        <span className="dv-contact__text">{text}</span>
      )}
    </li>
  );
}

function Footer({
  contact,
  name,
  heading,
}: {
  contact: ContactDetails;
  name: string;
  heading: string;
}) {
  const { tel, address } = contact;
  const contactForm = useContactForm(contact, {
    idPrefix: 'directive-contact-',
    fieldClassName: (field, asksEmail) =>
      field === 'message' || (field === 'subject' && asksEmail)
        ? 'dv-form__field dv-form__field--wide'
        : 'dv-form__field',
    labelClassName: 'tpl-visually-hidden',
    inputClassName: (field) =>
      field === 'message' ? 'dv-form__input dv-form__textarea' : 'dv-form__input',
    placeholders: true,
    messageRows: 6,
  });
  const email = contactForm.showEmail ? contact.email : '';
  const socials = visibleSocialLinks(contact.socialLinks);
  const hasLines = email !== '' || tel !== '' || address !== '';
  const hasAnything = hasLines || socials.length > 0 || contactForm.hasForm;
  const titleId = 'directive-contact-title';
  return (
    <footer
      id="contactDetails"
      className="dv-footer"
      aria-labelledby={hasAnything ? titleId : undefined}
    >
      <div className="dv-footer__inner">
        {hasAnything && (
          <h2 id={titleId} className="dv-footer__title" {...joinedTextMark(heading)}>
            {heading}
          </h2>
        )}
        {contactForm.hasForm && (
          <ContactFormFrame
            form={contactForm}
            className="dv-form"
            statusClassName="dv-form__status"
            aria-labelledby={titleId}
          >
            <div className="dv-form__actions">
              <button className="dv-button dv-button--light" type="submit">
                Send
              </button>
            </div>
          </ContactFormFrame>
        )}
        {hasLines && (
          <ul className="dv-contact">
            {email && <ContactLine icon={faEnvelope} text={email} href={`mailto:${email}`} />}
            {tel && <ContactLine icon={faPhone} text={tel} href={telHref(tel)} />}
            {address && <ContactLine icon={faLocationDot} text={address} />}
          </ul>
        )}
        {socials.length > 0 && (
          <SocialIconList
            links={socials}
            className="dv-social"
            linkClassName="dv-social__link"
            iconClassName="dv-social__icon"
            aria-label="Social links"
          />
        )}
        {name && <p className="dv-footer__copy">&copy; {name}</p>}
      </div>
    </footer>
  );
}

export function DirectiveTemplate({ data }: TemplateProps) {
  const { personalDetails, section, contactDetails } = data;
  const say = phrasesOf(data, directiveDefinition);
  return (
    <div className="tpl-directive" {...joinedScriptMark(data)} {...lookStyle(directiveLook, data)}>
      <Header person={personalDetails} />
      <main className="dv-main">
        {section && (
          <Features
            section={section}
            more={buttonWordsOf(data, say, 'moreButton')}
            servicesHeading={say('servicesHeading')}
          />
        )}
      </main>
      <Footer
        contact={contactDetails}
        name={personalDetails.name}
        heading={say('contactHeading')}
      />
    </div>
  );
}
