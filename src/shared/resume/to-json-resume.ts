/**
 * A portfolio as a JSON Resume (schema v1.0.0), so that what a person wrote is never locked in:
 * the editor exports the draft, the account page a published page. Only what the template shows
 * is written, and only values the standard accepts (an email that is one, web addresses with
 * their scheme); sections become `projects`, a services section's tiles with `type: "service"`
 * (which our import reads back into services).
 */
import { EMAIL_PATTERN } from '../domain/email.js';
import { NETWORK_NAMES, type SocialIcon } from '../domain/icons.js';
import type { PortfolioData } from '../domain/portfolio.js';
import { socialIconFor } from '../domain/social-links.js';
import { SECTION_KEYS } from '../domain/portfolio.js';
import type { TemplateShape } from '../templates/pick-fields.js';
import { JSON_RESUME_SCHEMA_URL } from './json-resume.js';

export interface JsonResumeProfile {
  network: string;
  url: string;
  username?: string;
}

export interface JsonResumeProject {
  name?: string;
  description?: string;
  url?: string;
  type?: string;
}

/** The parts of JSON Resume v1.0.0 we write. */
export interface JsonResume {
  $schema: string;
  basics: {
    name?: string;
    label?: string;
    image?: string;
    email?: string;
    phone?: string;
    url?: string;
    summary?: string;
    location?: { address: string };
    profiles: JsonResumeProfile[];
  };
  projects: JsonResumeProject[];
  meta: { version: string; lastModified: string; canonical?: string };
}

/** JSON Resume's network names: a network's own name, and X as X calls itself. */
const networkName = (icon: SocialIcon): string | undefined =>
  icon === 'website' || icon === 'email' || icon === 'phone'
    ? undefined
    : icon === 'twitter'
      ? 'X'
      : NETWORK_NAMES[icon];

const isWebAddress = (value: string) => /^https?:\/\/[^\s/]+/i.test(value.trim());

/** The last part of a profile's path ("asha" of github.com/asha); none for a plain website. */
function usernameOf(url: string): string | undefined {
  try {
    const segments = new URL(url).pathname.split('/').filter(Boolean);
    const last = segments.at(-1);
    return last ? decodeURIComponent(last).replace(/^@/, '') : undefined;
  } catch {
    return undefined;
  }
}

const present = (value: string) => (value.trim() === '' ? undefined : value.trim());

export interface ExportOptions {
  /** An image's address for others to load: absolute, or undefined to leave it out. */
  imageUrl: (value: string) => string | undefined;
  /** The published page's address, when there is one. */
  canonical?: string;
  now: Date;
}

/** The portfolio as JSON Resume; see the module's comment. */
export function toJsonResume(
  data: PortfolioData,
  shape: TemplateShape,
  options: ExportOptions,
): JsonResume {
  const shows = (field: string) =>
    (shape.personalDetails as readonly string[]).includes(field) ||
    (shape.contactDetails as readonly string[]).includes(field);
  const personal = data.personalDetails;
  const contact = data.contactDetails;
  const links = shows('socialLinks')
    ? contact.socialLinks.filter((link) => isWebAddress(link.url))
    : [];
  const website = links.find((link) => socialIconFor(link.url) === 'website');
  const email = shows('email') ? contact.email.trim() : '';

  // The website is also the basics' url; it stays among the profiles too, in the page's order.
  const profiles = links.map((link): JsonResumeProfile => {
    const icon = socialIconFor(link.url);
    const username = icon === 'website' ? undefined : usernameOf(link.url);
    return {
      network: networkName(icon) ?? (link.label.trim() || 'Website'),
      url: link.url.trim(),
      ...(username && { username }),
    };
  });

  const projects: JsonResumeProject[] = [];
  for (const key of SECTION_KEYS) {
    const spec = shape.sections[key];
    const section = data[key];
    if (!spec || !section) continue;
    for (const tile of section.sectionTiles) {
      const name = present(tile.title);
      const description = present(tile.desc);
      if (!name && !description) continue;
      projects.push({
        ...(name && { name }),
        ...(description && { description }),
        ...(spec.tileFields.includes('link') &&
          isWebAddress(tile.link) && { url: tile.link.trim() }),
        ...(spec.kind === 'services' && { type: 'service' }),
      });
    }
  }

  const image = shows('profileImage') ? options.imageUrl(personal.profileImage.trim()) : undefined;
  const address = shows('address') ? present(contact.address) : undefined;
  return {
    $schema: JSON_RESUME_SCHEMA_URL,
    basics: {
      ...(shows('name') && present(personal.name) && { name: personal.name.trim() }),
      ...(shows('headline') && present(personal.headline) && { label: personal.headline.trim() }),
      ...(image && { image }),
      ...(EMAIL_PATTERN.test(email) && { email }),
      ...(shows('tel') && present(contact.tel) && { phone: contact.tel.trim() }),
      ...(website && { url: website.url.trim() }),
      ...(shows('intro') && present(personal.intro) && { summary: personal.intro.trim() }),
      ...(address && { location: { address } }),
      profiles,
    },
    projects,
    meta: {
      version: 'v1.0.0',
      // The standard's own form: YYYY-MM-DDThh:mm:ss.
      lastModified: options.now.toISOString().slice(0, 19),
      ...(options.canonical && { canonical: options.canonical }),
    },
  };
}

/** A file name for the export: "asha-rao.resume.json". */
export function resumeFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${slug || 'portfolio'}.resume.json`;
}
