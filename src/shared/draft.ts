import type { z } from './zod.js';
import { FORM_DELIVERIES, type FormDelivery } from './contact.js';
import { isTemplateId, type TemplateId } from './templates/catalog.js';
import {
  normaliseSocialIcon,
  SOCIAL_ICONS,
  TILE_ICONS,
  type SocialIcon,
  type TileIcon,
} from './domain/icons.js';
import { LIMITS } from './domain/limits.js';
import { PHRASE_KEYS, PHRASE_MAX, type Phrases } from './domain/phrases.js';
import {
  blankTile,
  contactDetailsSchema,
  parsePortfolio,
  personalDetailsSchema,
  SECTION_KEYS,
  sectionFieldsSchema,
  socialLinkSchema,
  textLimitOf,
  tileSchema,
  type ContactDetails,
  type FieldProblem,
  type PersonalDetails,
  type PortfolioData,
  type Section,
  type SectionKey,
  type SocialLink,
  type Tile,
} from './domain/portfolio.js';
import { sharePageOf } from './image-links.js';
import { appearanceSchema } from './appearance/appearance-schema.js';
import { setAsideAsTyped, type SetAside } from './templates/set-aside.js';

/** The fields that hold an image's address or upload reference. */
const IMAGE_FIELDS: ReadonlySet<string> = new Set(['img', 'profileImage']);

export { DRAFT_STORAGE_KEY } from './domain/draft-key.js';

/** What lives under templateData: the template being edited and its data. */
export interface Draft {
  templateId: TemplateId;
  data: PortfolioData;
  /** What earlier changes of template could not show, to come back (templates/set-aside.ts). */
  setAside?: SetAside;
}

export type DraftReadResult =
  | { status: 'ok'; draft: Draft }
  | { status: 'missing' }
  | { status: 'invalid'; problem: FieldProblem };

/** Reads a stored draft without trusting it: unparseable or unsafe content is refused. */
export function parseDraftForPublishing(raw: string | null): DraftReadResult {
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
 * yet, so no input is ever lost; parseDraftForPublishing (above) stays strict for everything that publishes.
 * parseDraftAsTyped gives the editor that input back; parseDraftForPreview gives the preview only
 * what is safe to render, keeping every valid field and blanking or cutting only the bad ones.
 */

type Fields = Record<string, unknown>;
type Shape = Readonly<Record<string, z.ZodType>>;

function fieldsOf(value: unknown): Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Fields)
    : {};
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Every text field a part's schema names, as typed ('' when absent or not text). */
function textsAsTyped(shape: Shape, value: Fields, other: readonly string[]): Fields {
  return Object.fromEntries(
    Object.keys(shape)
      .filter((key) => !other.includes(key))
      .map((key) => [key, textOf(value[key])]),
  );
}

function tileAsTyped(value: unknown): Tile {
  const tile = fieldsOf(value);
  const icon = (TILE_ICONS as readonly unknown[]).includes(tile.icon)
    ? (tile.icon as TileIcon)
    : undefined;
  return {
    ...(textsAsTyped(tileSchema.shape, tile, ['icon']) as Omit<Tile, 'icon'>),
    ...(icon ? { icon } : {}),
  };
}

function sectionAsTyped(key: SectionKey, value: unknown): Section {
  const section = fieldsOf(value);
  const texts = textsAsTyped(
    sectionFieldsSchema.shape,
    { ...section, sectionSubTitle: section.sectionSubTitle ?? section.sectionSubtitle },
    ['sectionTiles'],
  ) as Omit<Section, 'type' | 'sectionTiles'>;
  return { type: key, ...texts, sectionTiles: listOf(section.sectionTiles).map(tileAsTyped) };
}

function socialLinkAsTyped(value: unknown): SocialLink {
  const link = fieldsOf(value);
  const icon = normaliseSocialIcon(textOf(link.iconClass));
  return {
    ...(textsAsTyped(socialLinkSchema.shape, link, ['iconClass']) as Omit<SocialLink, 'iconClass'>),
    iconClass: (SOCIAL_ICONS as readonly string[]).includes(icon)
      ? (icon as SocialIcon)
      : 'website',
  };
}

/** The phrases the owner typed (known ones, as typed); undefined when there are none. */
function phrasesAsTyped(value: unknown): Phrases | undefined {
  const fields = fieldsOf(value);
  const typed: Phrases = {};
  for (const key of PHRASE_KEYS) {
    if (typeof fields[key] === 'string' && fields[key] !== '') typed[key] = fields[key];
  }
  return Object.keys(typed).length > 0 ? typed : undefined;
}

/** The portfolio as typed: the document's shape, every text kept exactly as it was entered. */
export function portfolioAsTyped(value: unknown): PortfolioData {
  const root = fieldsOf(value);
  const contact = fieldsOf(root.contactDetails);
  const data: PortfolioData = {
    personalDetails: {
      type: 'personalDetails',
      ...(textsAsTyped(personalDetailsSchema.shape, fieldsOf(root.personalDetails), []) as Omit<
        PersonalDetails,
        'type'
      >),
    },
    contactDetails: {
      type: 'contactDetails',
      ...(textsAsTyped(contactDetailsSchema.shape, contact, [
        'socialLinks',
        'formDelivery',
      ]) as Omit<ContactDetails, 'type' | 'socialLinks' | 'formDelivery'>),
      socialLinks: listOf(contact.socialLinks).map(socialLinkAsTyped),
      // A setting, not a text: kept when it is one of the choices, else the default applies.
      ...((FORM_DELIVERIES as readonly unknown[]).includes(contact.formDelivery) && {
        formDelivery: contact.formDelivery as FormDelivery,
      }),
    },
  };
  const phrases = phrasesAsTyped(root.phrases);
  if (phrases) data.phrases = phrases;
  // Chosen from swatches and a colour input, never typed: kept only when it is a valid choice.
  const appearance = appearanceSchema.safeParse(root.appearance);
  if (appearance.success && Object.keys(appearance.data).length > 0) {
    data.appearance = appearance.data;
  }
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
function draftValueAsTyped(value: unknown): Draft | undefined {
  const { templateId, data, setAside } = fieldsOf(value);
  if (!isTemplateId(templateId)) return undefined;
  const kept = setAsideAsTyped(setAside);
  return { templateId, data: portfolioAsTyped(data), ...(kept && { setAside: kept }) };
}

/** The stored draft as the user left it, invalid fields included, for the editor to go on with. */
export function parseDraftAsTyped(raw: string | null): Draft | undefined {
  if (raw === null || raw === '') return undefined;
  const parsed = parseJson(raw);
  return parsed.ok ? draftValueAsTyped(parsed.value) : undefined;
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

/**
 * A field as the preview may show it: a plain text cut to its limit; anything else (an address,
 * the email, the phone) as its own schema accepts it, or blank.
 */
function safeField(schema: z.ZodType, value: string): string {
  const limit = textLimitOf(schema);
  if (limit !== undefined) return cutText(value, limit);
  const parsed = schema.safeParse(value);
  return parsed.success && typeof parsed.data === 'string' ? parsed.data : '';
}

/** The part with each text field its schema names made safe; other fields kept as they are. */
function safeTexts<T extends object>(shape: Shape, part: T, other: readonly string[]): T {
  const fields = part as Fields;
  const safe: Fields = { ...fields };
  for (const key of Object.keys(shape)) {
    if (other.includes(key)) continue;
    const value = safeField(shape[key]!, textOf(fields[key]));
    // A share link is a web page: as an image it would only show broken until it is replaced.
    safe[key] = IMAGE_FIELDS.has(key) && sharePageOf(value) ? '' : value;
  }
  return safe as T;
}

function safeSection(section: Section): Section {
  const tiles = section.sectionTiles
    .slice(0, LIMITS.maxTiles)
    .map((tile) => safeTexts(tileSchema.shape, tile, ['icon']));
  return {
    ...safeTexts(sectionFieldsSchema.shape, section, ['sectionTiles']),
    sectionTiles: tiles.length > 0 ? tiles : [blankTile()],
  };
}

/**
 * What the preview may render: every valid field as it is, an invalid address or email blanked,
 * an over-long text cut to its limit, lists cut to theirs. The result passes parsePortfolio.
 */
export function previewSafePortfolio(data: PortfolioData): PortfolioData {
  const contact = data.contactDetails;
  const safe: PortfolioData = {
    personalDetails: safeTexts(personalDetailsSchema.shape, data.personalDetails, []),
    contactDetails: {
      ...safeTexts(contactDetailsSchema.shape, contact, ['socialLinks', 'formDelivery']),
      ...(contact.formDelivery && { formDelivery: contact.formDelivery }),
      socialLinks: contact.socialLinks
        .slice(0, LIMITS.maxSocialLinks)
        .map((link) => safeTexts(socialLinkSchema.shape, link, ['iconClass'])),
    },
  };
  for (const key of SECTION_KEYS) {
    const section = data[key];
    if (section) safe[key] = safeSection(section);
  }
  if (data.appearance) safe.appearance = data.appearance;
  if (data.phrases) {
    safe.phrases = Object.fromEntries(
      Object.entries(data.phrases).map(([key, value]) => [key, cutText(value, PHRASE_MAX)]),
    );
  }
  return safe;
}

/**
 * The draft for the preview pages: never refused for a bad field (that field is blanked
 * instead), only when it is not JSON or names no template.
 */
export function parseDraftForPreview(raw: string | null): DraftReadResult {
  if (raw === null || raw === '') return { status: 'missing' };
  const parsed = parseJson(raw);
  if (!parsed.ok) {
    return {
      status: 'invalid',
      problem: { field: 'templateData', message: 'The saved draft is not valid JSON.' },
    };
  }
  const draft = draftValueAsTyped(parsed.value);
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
