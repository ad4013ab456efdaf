/**
 * What an imported résumé does to a draft, part by part, for one template: each part the
 * template shows and the file fills (name, headline, intro, picture, contact, social links, the
 * sections), what is there now and what would replace it, and whether to replace it by default;
 * and what the template has no place for, listed rather than dropped.
 *
 * Sections go by meaning, exactly as "Change template" moves them (carry-over.ts): the file's
 * projects are pieces of work and go where the template shows work ('photos'), its positions and
 * skills are what the person does and go where it shows services; where it has one section for
 * both, they share it. Every text is checked against the portfolio's own rules here (lengths,
 * links, email, phone), so what is applied is what the editor would accept.
 */
import { EMAIL_PATTERN } from '../domain/email.js';
import { LIMITS } from '../domain/limits.js';
import { isPhoneNumber } from '../domain/phone.js';
import {
  blankSection,
  SECTION_KEYS,
  type ContactField,
  type TextContactField,
  type PersonalField,
  type PortfolioData,
  type Section,
  type SectionKey,
  type SocialLink,
  type Tile,
} from '../domain/portfolio.js';
import { socialIconFor } from '../domain/social-links.js';
import { completeLink, isAllowedImage, isAllowedLink, isTemplateArt } from '../domain/urls.js';
import { sharePageOf } from '../image-links.js';
import { plural } from '../plural.js';
import { carryOver } from '../templates/carry-over.js';
import type { TemplateShape } from '../templates/pick-fields.js';
import type { ImportedItem, ImportedProfile } from './profile.js';

/** A part of the draft an import can fill: a field, the social links, or a section. */
export type ImportPartId = PersonalField | ContactField | SectionKey;

export interface ImportPart {
  id: ImportPartId;
  /** As the editor names it: "Name", "Intro", "Portfolio". */
  label: string;
  /** What is there now, in a line ('' when empty). */
  current: string;
  /** What the file puts there, in a line. */
  incoming: string;
  /**
   * Ticked at first: the part is empty or still holds the template's sample. A part with the
   * person's own content is replaced only when they tick it.
   */
  replaceByDefault: boolean;
}

export interface ImportPlan {
  /** "JSON Resume" or "LinkedIn export". */
  format: string;
  parts: ImportPart[];
  /** Where the file's lists go in this template ("Projects → Portfolio"). */
  moves: string[];
  /** What this template cannot show, or the portfolio cannot take, one line each. */
  notShown: string[];
  /** The draft with every part replaced: applyImport takes the chosen parts from it. */
  replaced: PortfolioData;
}

/** The shape of an imported résumé, as if it were a template: carry-over places it by kind. */
const IMPORT_SHAPE: TemplateShape = {
  personalDetails: ['name', 'headline', 'intro', 'profileImage'],
  sections: {
    section: {
      label: 'Projects',
      kind: 'photos',
      fields: [],
      tileFields: ['title', 'desc', 'link'],
    },
    section2: {
      label: 'Experience',
      kind: 'services',
      fields: [],
      tileFields: ['title', 'desc', 'link'],
    },
    section3: { label: 'Skills', kind: 'services', fields: [], tileFields: ['title', 'desc'] },
  },
  contactDetails: ['email', 'tel', 'address', 'socialLinks'],
  phrases: {},
};

const PART_LABELS: Record<Exclude<ImportPartId, SectionKey>, string> = {
  name: 'Name',
  headline: 'Headline',
  intro: 'Intro',
  profileImage: 'Profile picture',
  email: 'Email',
  tel: 'Phone',
  address: 'Address',
  socialLinks: 'Social links',
};

/** A text cut to `max` characters (never half of a surrogate pair); `cut` counts the cuts. */
function fit(value: string, max: number, cut: { count: number }): string {
  // Windows line ends (LinkedIn's CSVs) as the editor's text areas keep them.
  const trimmed = value.replace(/\r\n?/g, '\n').trim();
  if (trimmed.length <= max) return trimmed;
  cut.count += 1;
  return trimmed
    .slice(0, max)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trimEnd();
}

/** A link the portfolio accepts (completed like the editor does), or undefined. */
function allowedLink(value: string): string | undefined {
  const link = completeLink(value.trim());
  return link.length <= LIMITS.url && isAllowedLink(link) ? link : undefined;
}

const filled = (value: string) => value.trim() !== '';
const hasContent = (tile: Tile) => filled(tile.title) || filled(tile.desc) || filled(tile.img);

/** The file's content in the portfolio's shape and rules, and what did not fit them. */
function importedPortfolio(profile: ImportedProfile): { data: PortfolioData; refused: string[] } {
  const refused: string[] = [];
  const cut = { count: 0 };
  const email = profile.email.trim();
  const emailOk = email.length <= LIMITS.line && EMAIL_PATTERN.test(email);
  if (email && !emailOk)
    refused.push(`Email: “${fit(email, 60, { count: 0 })}” is not an email address`);
  const tel = profile.phone.trim();
  const telOk = isPhoneNumber(tel);
  if (tel && !telOk) refused.push('Phone: it has characters a phone number cannot have');
  const image = profile.image.trim();
  const imageOk = /^https?:/i.test(image) && image.length <= LIMITS.url && isAllowedImage(image);
  if (image && (!imageOk || sharePageOf(image)))
    refused.push('Profile picture: its address is not an image');

  const links: SocialLink[] = [];
  let badLinks = 0;
  for (const link of profile.links) {
    const url = allowedLink(link.url);
    if (!url) badLinks += 1;
    else if (!links.some((kept) => kept.url === url)) {
      links.push({ url, label: fit(link.label, LIMITS.line, cut), iconClass: socialIconFor(url) });
    }
  }
  if (badLinks > 0) {
    refused.push(
      `Social links: ${badLinks} ${badLinks === 1 ? 'address that is' : 'addresses that are'} not a web address`,
    );
  }
  if (links.length > LIMITS.maxSocialLinks) {
    refused.push(
      `Social links: ${links.length - LIMITS.maxSocialLinks} more than a page shows (${LIMITS.maxSocialLinks})`,
    );
  }

  const data: PortfolioData = {
    personalDetails: {
      type: 'personalDetails',
      name: fit(profile.name, LIMITS.name, cut),
      headline: fit(profile.headline, LIMITS.line, cut),
      intro: fit(profile.about, LIMITS.paragraph, cut),
      profileImage: imageOk && !sharePageOf(image) ? image : '',
    },
    contactDetails: {
      type: 'contactDetails',
      email: emailOk ? email : '',
      tel: telOk ? tel : '',
      address: fit(profile.location, LIMITS.line, cut),
      socialLinks: links.slice(0, LIMITS.maxSocialLinks),
    },
  };
  const groups: [SectionKey, string, ImportedItem[]][] = [
    ['section', 'Projects', profile.projects],
    ['section2', 'Experience', profile.experience],
    ['section3', 'Skills', profile.skills],
  ];
  for (const [key, label, items] of groups) {
    let dropped = 0;
    const tiles = items.slice(0, LIMITS.maxTiles).map((item): Tile => {
      const link = item.link.trim() ? allowedLink(item.link) : '';
      if (link === undefined) dropped += 1;
      return {
        img: '',
        title: fit(item.title, LIMITS.line, cut),
        desc: fit(item.desc, LIMITS.paragraph, cut),
        link: link ?? '',
      };
    });
    if (items.length > LIMITS.maxTiles) {
      refused.push(
        `${label}: ${items.length - LIMITS.maxTiles} more than a section holds (${LIMITS.maxTiles})`,
      );
    }
    if (dropped > 0)
      refused.push(`${label}: ${plural(dropped, 'link')} that are not web addresses`);
    if (tiles.length > 0) data[key] = { ...blankSection(key), sectionTiles: tiles };
  }
  if (cut.count > 0) {
    refused.push(`${plural(cut.count, 'text')} cut to the length the page allows`);
  }
  return { data, refused };
}

const same = (value: string, sample: string | undefined) =>
  filled(value) && value.trim() === (sample ?? '').trim();

const isSampleTile = (tile: Tile, sample: Section | undefined) =>
  (sample?.sectionTiles ?? []).some(
    (candidate) => same(tile.title, candidate.title) && tile.desc.trim() === candidate.desc.trim(),
  );

const tilesLine = (tiles: readonly Tile[]) => {
  const shown = tiles.filter(hasContent);
  if (shown.length === 0) return '';
  const titles = shown.map((tile) => tile.title || tile.desc.slice(0, 40)).slice(0, 3);
  return `${plural(shown.length, 'tile')}: ${titles.join(', ')}${shown.length > 3 ? ', …' : ''}`;
};

const linksLine = (links: readonly SocialLink[]) =>
  links.length === 0
    ? ''
    : `${plural(links.length, 'link')}: ${links.map((link) => link.label || link.url).join(', ')}`;

/**
 * The plan for importing `profile` into a draft of the template `shape`, whose data is `data`
 * and whose sample is `sample` (what "still the template's sample" is measured against).
 */
export function planImport(
  profile: ImportedProfile,
  shape: TemplateShape,
  data: PortfolioData,
  sample: PortfolioData,
): ImportPlan {
  const { data: imported, refused } = importedPortfolio(profile);
  const { data: mapped, lost, moves } = carryOver(imported, IMPORT_SHAPE, shape);
  const parts: ImportPart[] = [];
  const replaced: PortfolioData = {
    ...data,
    personalDetails: { ...data.personalDetails },
    contactDetails: { ...data.contactDetails },
  };

  for (const field of shape.personalDetails) {
    const incoming = mapped.personalDetails[field];
    if (!filled(incoming)) continue;
    const current = data.personalDetails[field];
    const sampleLike =
      field === 'profileImage'
        ? isTemplateArt(current.trim())
        : same(current, sample.personalDetails[field]);
    parts.push({
      id: field,
      label: PART_LABELS[field],
      current: current.trim(),
      incoming,
      replaceByDefault: !filled(current) || sampleLike,
    });
    replaced.personalDetails[field] = incoming;
  }

  for (const field of shape.contactDetails) {
    if (field === 'socialLinks') {
      const incoming = mapped.contactDetails.socialLinks;
      if (incoming.length === 0) continue;
      const current = data.contactDetails.socialLinks;
      const sampleUrls = sample.contactDetails.socialLinks.map((link) => link.url.trim());
      parts.push({
        id: 'socialLinks',
        label: PART_LABELS.socialLinks,
        current: linksLine(current),
        incoming: linksLine(incoming),
        replaceByDefault: current.every(
          (link) => !filled(link.url) || sampleUrls.includes(link.url.trim()),
        ),
      });
      replaced.contactDetails.socialLinks = incoming;
      continue;
    }
    const incoming = mapped.contactDetails[field];
    if (!filled(incoming)) continue;
    const current = data.contactDetails[field];
    parts.push({
      id: field,
      label: PART_LABELS[field],
      current: current.trim(),
      incoming,
      replaceByDefault: !filled(current) || same(current, sample.contactDetails[field]),
    });
    replaced.contactDetails[field] = incoming;
  }

  for (const key of SECTION_KEYS) {
    const spec = shape.sections[key];
    const tiles = mapped[key]?.sectionTiles.filter(hasContent) ?? [];
    if (!spec || tiles.length === 0) continue;
    const current = data[key] ?? blankSection(key);
    const sampleSection = sample[key];
    const ownTiles = current.sectionTiles.filter(
      (tile) => hasContent(tile) && !isSampleTile(tile, sampleSection),
    );
    parts.push({
      id: key,
      label: spec.label,
      current: tilesLine(current.sectionTiles),
      incoming: tilesLine(tiles),
      replaceByDefault: ownTiles.length === 0,
    });
    // The sample's sub title and footer speak of the sample's tiles: they go with them. The
    // section's title is a heading anyone may keep ("What I do").
    replaced[key] = {
      ...current,
      sectionSubTitle: same(current.sectionSubTitle, sampleSection?.sectionSubTitle)
        ? ''
        : current.sectionSubTitle,
      sectionFooterText: same(current.sectionFooterText, sampleSection?.sectionFooterText)
        ? ''
        : current.sectionFooterText,
      sectionTiles: tiles,
    };
  }

  // Carry-over names a field the template lacks; the person also sees what it held.
  const lostLines = lost.map(({ line, field: id }) => {
    if (!id || !QUOTED_WHEN_LOST.has(`${id.group}.${id.field}`)) return line;
    const value =
      id.group === 'personalDetails'
        ? imported.personalDetails[id.field]
        : imported.contactDetails[id.field];
    if (typeof value !== 'string' || !value) return line;
    return `${line}: “${value.length > 80 ? `${value.slice(0, 79)}…` : value}”`;
  });
  return {
    format: profile.format,
    parts,
    moves,
    notShown: [...lostLines, ...refused, ...profile.notShown],
    replaced,
  };
}

/** The fields whose text the list of what a template cannot show quotes (not a picture's address). */
const QUOTED_WHEN_LOST: ReadonlySet<string> = new Set([
  'personalDetails.headline',
  'personalDetails.intro',
  'contactDetails.address',
  'contactDetails.email',
  'contactDetails.tel',
]);

const PERSONAL_IDS: ReadonlySet<string> = new Set(['name', 'headline', 'intro', 'profileImage']);

/** The draft with the chosen parts replaced from the plan; every other part as it was. */
export function applyImport(
  data: PortfolioData,
  plan: ImportPlan,
  chosen: ReadonlySet<ImportPartId>,
): PortfolioData {
  const next: PortfolioData = {
    ...data,
    personalDetails: { ...data.personalDetails },
    contactDetails: { ...data.contactDetails },
  };
  for (const { id } of plan.parts) {
    if (!chosen.has(id)) continue;
    if ((SECTION_KEYS as readonly string[]).includes(id)) {
      const key = id as SectionKey;
      next[key] = plan.replaced[key];
    } else if (id === 'socialLinks') {
      next.contactDetails.socialLinks = plan.replaced.contactDetails.socialLinks;
    } else if (PERSONAL_IDS.has(id)) {
      const field = id as PersonalField;
      next.personalDetails[field] = plan.replaced.personalDetails[field];
    } else {
      const field = id as TextContactField;
      next.contactDetails[field] = plan.replaced.contactDetails[field];
    }
  }
  return next;
}
