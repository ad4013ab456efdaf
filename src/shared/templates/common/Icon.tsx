import type { IconDefinition } from '@fortawesome/fontawesome-common-types';
import {
  faBehance,
  faBluesky,
  faDribbble,
  faFacebookF,
  faGithub,
  faInstagram,
  faLinkedinIn,
  faMastodon,
  faMedium,
  faPinterestP,
  faSoundcloud,
  faSpotify,
  faSubstack,
  faTelegram,
  faThreads,
  faVimeoV,
  faWhatsapp,
  faXTwitter,
  faYoutube,
} from '@fortawesome/free-brands-svg-icons';
import {
  faBolt,
  faCamera,
  faChartLine,
  faCode,
  faCube,
  faDesktop,
  faEnvelope,
  faFileCode,
  faGlobe,
  faHeart,
  faLeaf,
  faLink,
  faMusic,
  faPaintbrush,
  faPenNib,
  faPhone,
  faRocket,
  faStar,
  faTerminal,
} from '@fortawesome/free-solid-svg-icons';
import {
  NETWORK_NAMES,
  type SocialIcon as SocialIconName,
  type TileIcon as TileIconName,
} from '../../domain/icons.js';

export { NETWORK_NAMES };
import type { SocialLink } from '../../domain/portfolio.js';
import { relFor } from './text.js';

const SOCIAL: Record<SocialIconName, IconDefinition> = {
  twitter: faXTwitter,
  facebook: faFacebookF,
  instagram: faInstagram,
  github: faGithub,
  linkedin: faLinkedinIn,
  dribbble: faDribbble,
  behance: faBehance,
  youtube: faYoutube,
  whatsapp: faWhatsapp,
  telegram: faTelegram,
  medium: faMedium,
  substack: faSubstack,
  threads: faThreads,
  bluesky: faBluesky,
  mastodon: faMastodon,
  pinterest: faPinterestP,
  vimeo: faVimeoV,
  soundcloud: faSoundcloud,
  spotify: faSpotify,
  website: faLink,
  email: faEnvelope,
  phone: faPhone,
};

const TILE: Record<TileIconName, IconDefinition> = {
  code: faCode,
  desktop: faDesktop,
  terminal: faTerminal,
  cube: faCube,
  'file-code': faFileCode,
  bolt: faBolt,
  camera: faCamera,
  paintbrush: faPaintbrush,
  pen: faPenNib,
  music: faMusic,
  chart: faChartLine,
  heart: faHeart,
  star: faStar,
  rocket: faRocket,
  leaf: faLeaf,
  globe: faGlobe,
};

/** Any Font Awesome definition as inline SVG, decorative (the control around it is labelled). */
export function FaIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const [width, height, , , path] = icon.icon;
  const paths = Array.isArray(path) ? path : [path];
  return (
    <svg
      className={className}
      viewBox={`0 0 ${width} ${height}`}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((d) => (
        <path key={d.slice(0, 24)} d={d} />
      ))}
    </svg>
  );
}

/** A social network's mark, inline (decorative: the link carries the accessible name). */
export function SocialIcon({ name, className }: { name: SocialIconName; className?: string }) {
  return <FaIcon icon={SOCIAL[name]} className={className} />;
}

/** A tile's pictogram, inline and decorative. */
export function TileIcon({ name, className }: { name: TileIconName; className?: string }) {
  return <FaIcon icon={TILE[name]} className={className} />;
}

/** The name a social link is announced and shown by: its own label, else its network's name. */
export function socialLinkName(link: SocialLink): string {
  return link.label.trim() || NETWORK_NAMES[link.iconClass];
}

/**
 * Social links drawn as their networks' icons alone, in a list of the template's classes; each
 * is named by socialLinkName, aloud and as its tooltip.
 */
export function SocialIconList({
  links,
  className,
  linkClassName,
  iconClassName,
  'aria-label': label,
}: {
  /** From visibleSocialLinks: only links with an address, each with its network. */
  links: readonly SocialLink[];
  className: string;
  linkClassName?: string;
  iconClassName?: string;
  'aria-label'?: string;
}) {
  return (
    <ul className={className} aria-label={label}>
      {links.map((link, index) => {
        const name = socialLinkName(link);
        return (
          <li key={index}>
            <a
              className={linkClassName}
              href={link.url}
              rel={relFor(link.url)}
              aria-label={name}
              title={name}
            >
              <SocialIcon name={link.iconClass} className={iconClassName} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
