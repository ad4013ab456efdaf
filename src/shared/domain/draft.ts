import type { z } from 'zod';
import { isTemplateId, type TemplateId } from '../routes.js';
import {
  normaliseSocialIcon,
  SOCIAL_ICONS,
  TILE_ICONS,
  type SocialIcon,
  type TileIcon,
} from './icons.js';
import { LIMITS } from './limits.js';
import {
  contactDetailsSchema,
  parsePortfolio,
  SECTION_KEYS,
  type FieldProblem,
  type PortfolioData,
  type Section,
  type SectionKey,
  type SocialLink,
  type Tile,
} from './portfolio.js';
import { isAllowedImage, isAllowedLink } from './urls.js';

export { DRAFT_STORAGE_KEY } from './draft-key.js';

/** What lives under templateData: the template being edited and its data. */
export interface Draft {
  templateId: TemplateId;
  data: PortfolioData;
}

export type DraftReadResult =
  | { status: 'ok'; draft: Draft }
  | { status: 'missing' }
  | { status: 'invalid'; problem: FieldProblem };

/** Reads a stored draft without trusting it: unparseable or unsafe content is refused. */
export function parseDraft(raw: string | null): DraftReadResult {
  if (raw === null || raw === '') return { status: 'missing' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {
      status: 'invalid',
      problem: { field: 'templateData', message: 'The saved draft is not valid JSON.' },
    };
  }
  if (typeof value !== 'object' || value === null) {
    return {
      status: 'invalid',
      problem: { field: 'templateData', message: 'The saved draft is empty.' },
    };
  }
  const { templateId, data } = value as { templateId?: unknown; data?: unknown };
  if (!isTemplateId(templateId)) {
    return {
      status: 'invalid',
      problem: { field: 'templateId', message: 'The saved draft names no template.' },
    };
  }
  const parsed = parsePortfolio(data);
  if (!parsed.ok) return { status: 'invalid', problem: parsed.problem };
  return { status: 'ok', draft: { templateId, data: parsed.data } };
}

/*
 * Lenient readers. The editor stores exactly what the user typed, even a field that is not valid
 * yet, so no input is ever lost; parseDraft (above) stays strict for everything that publishes.
 * readDraftAsTyped gives the editor that input back; readDraftForPreview gives the preview only
 * what is safe to render, keeping every valid field and blanking or cutting only the bad ones.
 */

type Fields = Record<string, unknown>;

function fieldsOf(value: unknown): Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Fields)
    : {};
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function tileAsTyped(value: unknown): Tile {
  const tile = fieldsOf(value);
  const icon = (TILE_ICONS as readonly unknown[]).includes(tile.icon)
    ? (tile.icon as TileIcon)
    : undefined;
  return {
    img: textOf(tile.img),
    title: textOf(tile.title),
    desc: textOf(tile.desc),
    link: textOf(tile.link),
    ...(icon ? { icon } : {}),
  };
}

function sectionAsTyped(key: SectionKey, value: unknown): Section {
  const section = fieldsOf(value);
  return {
    type: key,
    sectionTitle: textOf(section.sectionTitle),
    sectionSubTitle: textOf(section.sectionSubTitle ?? section.sectionSubtitle),
    sectionFooterText: textOf(section.sectionFooterText),
    sectionTiles: listOf(section.sectionTiles).map(tileAsTyped),
  };
}

function socialLinkAsTyped(value: unknown): SocialLink {
  const link = fieldsOf(value);
  const icon = normaliseSocialIcon(textOf(link.iconClass));
  return {
    url: textOf(link.url),
    label: textOf(link.label),
    iconClass: (SOCIAL_ICONS as readonly string[]).includes(icon)
      ? (icon as SocialIcon)
      : 'website',
  };
}

/** The portfolio as typed: the document's shape, every text kept exactly as it was entered. */
export function portfolioAsTyped(value: unknown): PortfolioData {
  const root = fieldsOf(value);
  const person = fieldsOf(root.personalDetails);
  const contact = fieldsOf(root.contactDetails);
  const data: PortfolioData = {
    personalDetails: {
      type: 'personalDetails',
      name: textOf(person.name),
      profileImage: textOf(person.profileImage),
      headline: textOf(person.headline),
      intro: textOf(person.intro),
    },
    contactDetails: {
      type: 'contactDetails',
      email: textOf(contact.email),
      tel: textOf(contact.tel),
      address: textOf(contact.address),
      socialLinks: listOf(contact.socialLinks).map(socialLinkAsTyped),
    },
  };
  for (const key of SECTION_KEYS) {
    if (typeof root[key] === 'object' && root[key] !== null) {
      data[key] = sectionAsTyped(key, root[key]);
    }
  }
  return data;
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

/** A draft (parsed JSON, or a message's payload) as typed; undefined when it names no template. */
export function draftAsTyped(value: unknown): Draft | undefined {
  const { templateId, data } = fieldsOf(value);
  if (!isTemplateId(templateId)) return undefined;
  return { templateId, data: portfolioAsTyped(data) };
}

/** The stored draft as the user left it, invalid fields included, for the editor to go on with. */
export function readDraftAsTyped(raw: string | null): Draft | undefined {
  if (raw === null || raw === '') return undefined;
  const parsed = parseJson(raw);
  return parsed.ok ? draftAsTyped(parsed.value) : undefined;
}

/** A text trimmed and cut to its limit (never leaving half of a surrogate pair). */
function cutText(value: string, max: number): string {
  const trimmed = value.trim();
  if (trimmed.length <= max) return trimmed;
  return trimmed
    .slice(0, max)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trimEnd();
}

/** A link or image address only when it passes the server's rules; otherwise no address. */
function safeUrl(value: string, allowed: (url: string) => boolean): string {
  const trimmed = value.trim();
  return trimmed.length <= LIMITS.url && allowed(trimmed) ? trimmed : '';
}

/** A value its field's own schema accepts; otherwise blank. */
function validOrBlank(schema: z.ZodType<string>, value: string): string {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : '';
}

function safeTile(tile: Tile): Tile {
  return {
    img: safeUrl(tile.img, isAllowedImage),
    title: cutText(tile.title, LIMITS.line),
    desc: cutText(tile.desc, LIMITS.paragraph),
    link: safeUrl(tile.link, isAllowedLink),
    ...(tile.icon ? { icon: tile.icon } : {}),
  };
}

function safeSection(section: Section): Section {
  const tiles = section.sectionTiles.slice(0, LIMITS.maxTiles).map(safeTile);
  return {
    type: section.type,
    sectionTitle: cutText(section.sectionTitle, LIMITS.line),
    sectionSubTitle: cutText(section.sectionSubTitle, LIMITS.line),
    sectionFooterText: cutText(section.sectionFooterText, LIMITS.paragraph),
    sectionTiles: tiles.length > 0 ? tiles : [{ img: '', title: '', desc: '', link: '' }],
  };
}

/**
 * What the preview may render: every valid field as it is, an invalid address or email blanked,
 * an over-long text cut to its limit, lists cut to theirs. The result passes parsePortfolio.
 */
export function previewSafePortfolio(data: PortfolioData): PortfolioData {
  const person = data.personalDetails;
  const contact = data.contactDetails;
  const safe: PortfolioData = {
    personalDetails: {
      type: 'personalDetails',
      name: cutText(person.name, LIMITS.name),
      profileImage: safeUrl(person.profileImage, isAllowedImage),
      headline: cutText(person.headline, LIMITS.line),
      intro: cutText(person.intro, LIMITS.paragraph),
    },
    contactDetails: {
      type: 'contactDetails',
      email: validOrBlank(contactDetailsSchema.shape.email, contact.email),
      tel: validOrBlank(contactDetailsSchema.shape.tel, contact.tel),
      address: cutText(contact.address, LIMITS.line),
      socialLinks: contact.socialLinks.slice(0, LIMITS.maxSocialLinks).map((link) => ({
        url: safeUrl(link.url, isAllowedLink),
        label: cutText(link.label, LIMITS.line),
        iconClass: link.iconClass,
      })),
    },
  };
  for (const key of SECTION_KEYS) {
    const section = data[key];
    if (section) safe[key] = safeSection(section);
  }
  return safe;
}

/**
 * The draft for the preview pages: never refused for a bad field (that field is blanked
 * instead), only when it is not JSON or names no template.
 */
export function readDraftForPreview(raw: string | null): DraftReadResult {
  if (raw === null || raw === '') return { status: 'missing' };
  const parsed = parseJson(raw);
  if (!parsed.ok) {
    return {
      status: 'invalid',
      problem: { field: 'templateData', message: 'The saved draft is not valid JSON.' },
    };
  }
  const draft = draftAsTyped(parsed.value);
  if (!draft) {
    return {
      status: 'invalid',
      problem: { field: 'templateId', message: 'The saved draft names no template.' },
    };
  }
  return {
    status: 'ok',
    draft: { templateId: draft.templateId, data: previewSafePortfolio(draft.data) },
  };
}
