import { z } from '../zod.js';
import { normaliseSocialIcon, SOCIAL_ICONS, TILE_ICONS } from './icons.js';
import { FORM_DELIVERIES } from '../contact.js';
import { EMAIL_PATTERN } from './email.js';
import { LIMITS } from './limits.js';
import { PHONE_MAX_LENGTH, PHONE_PATTERN, PHONE_RULE } from './phone.js';
import { phrasesSchema, type Phrases } from './phrases.js';
import { appearanceSchema } from '../appearance/appearance-schema.js';
import type { Appearance } from '../appearance/look.js';
import { completeLink, IMAGE_RULE, isAllowedImage, isAllowedLink, LINK_RULE } from './urls.js';

/*
 * The portfolio document (SPEC section 3) with DESIGN.md's limits and URL rules. One schema for
 * the editor, the API and the renderer. Input is forgiving (missing texts become '', the legacy
 * spelling `sectionSubtitle` is accepted); output is canonical.
 */

/** "is required" when absent, otherwise what the value must be. */
const mustBe =
  (what: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? 'is required' : `must be ${what}`;

/**
 * A length limit that stops validation of the value when it fails: later checks (patterns, URL
 * parsing) then never see more than `max` characters, whatever a client sends.
 */
const atMost = (max: number) => ({
  error: `must be at most ${max} characters`,
  abort: true,
});

/** The limit of each plain-text field: a preview may cut such a text, never blank it. */
const textLimits = new WeakMap<z.ZodType, number>();

const text = (max: number) => {
  const schema = z
    .string({ error: mustBe('text') })
    .trim()
    .max(max, atMost(max))
    .default('');
  textLimits.set(schema, max);
  return schema;
};

/** The limit of a plain-text field's schema; undefined for addresses, email and phone. */
export function textLimitOf(schema: z.ZodType): number | undefined {
  return textLimits.get(schema);
}

const link = z
  .string({ error: mustBe('text') })
  .trim()
  .max(LIMITS.url, atMost(LIMITS.url))
  .transform(completeLink)
  .refine(isAllowedLink, LINK_RULE)
  .default('');

const image = z
  .string({ error: mustBe('text') })
  .trim()
  .max(LIMITS.url, atMost(LIMITS.url))
  .refine(isAllowedImage, IMAGE_RULE)
  .default('');

/** '' and null mean "no icon". */
const tileIcon = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.enum(TILE_ICONS, { error: `must be one of: ${TILE_ICONS.join(', ')}` }).optional(),
);

export const tileSchema = z.object(
  {
    img: image,
    title: text(LIMITS.line),
    desc: text(LIMITS.paragraph),
    link: link,
    icon: tileIcon,
  },
  { error: mustBe('a tile object') },
);

const renameSubtitle = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const { sectionSubtitle, ...rest } = value as Record<string, unknown>;
  if (sectionSubtitle !== undefined && rest.sectionSubTitle === undefined) {
    return { ...rest, sectionSubTitle: sectionSubtitle };
  }
  return rest;
};

/** A section's fields, before the legacy spelling is renamed (sectionSchema below). */
export const sectionFieldsSchema = z.object({
  sectionTitle: text(LIMITS.line),
  sectionSubTitle: text(LIMITS.line),
  sectionFooterText: text(LIMITS.paragraph),
  sectionTiles: z
    .array(tileSchema, { error: 'must be a list of tiles' })
    .min(LIMITS.minTiles, `must have at least ${LIMITS.minTiles} tile`)
    .max(LIMITS.maxTiles, `must have at most ${LIMITS.maxTiles} tiles`),
});

export const sectionSchema = z.preprocess(renameSubtitle, sectionFieldsSchema);

export const personalDetailsSchema = z.object(
  {
    name: text(LIMITS.name),
    profileImage: image,
    headline: text(LIMITS.line),
    intro: text(LIMITS.paragraph),
  },
  { error: mustBe('an object') },
);

export const socialLinkSchema = z.object({
  url: link,
  label: text(LIMITS.line),
  iconClass: z.preprocess(
    (value) => (typeof value === 'string' ? normaliseSocialIcon(value) : value),
    z.enum(SOCIAL_ICONS, { error: `must be one of: ${SOCIAL_ICONS.join(', ')}` }),
  ),
});

export const contactDetailsSchema = z.object({
  email: z
    .string({ error: mustBe('text') })
    .trim()
    .max(LIMITS.line, atMost(LIMITS.line))
    .refine(
      (value) => value === '' || EMAIL_PATTERN.test(value),
      'must be an email address like name@example.com',
    )
    .default(''),
  tel: z
    .string({ error: mustBe('text') })
    .trim()
    .max(PHONE_MAX_LENGTH, atMost(PHONE_MAX_LENGTH))
    .refine((value) => PHONE_PATTERN.test(value), PHONE_RULE)
    .default(''),
  address: text(LIMITS.line),
  socialLinks: z
    .array(socialLinkSchema, { error: 'must be a list of links' })
    .max(LIMITS.maxSocialLinks, `must have at most ${LIMITS.maxSocialLinks} links`)
    .default([]),
  /**
   * Where the contact form goes: 'server' (our server stores the message and mails it to the
   * owner; their address stays off the page) or 'mailto' (the visitor's mail program, as SPEC
   * section 7 has it). Absent means 'server' (formDeliveryOf), so documents from before the
   * choice existed, and every template's sample, send through the server.
   */
  formDelivery: z
    .enum(FORM_DELIVERIES, { error: `must be one of: ${FORM_DELIVERIES.join(', ')}` })
    .optional(),
});

export const SECTION_KEYS = ['section', 'section2', 'section3'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export type Tile = z.output<typeof tileSchema>;
export type Section = z.output<typeof sectionSchema> & { type: SectionKey };
export type PersonalDetails = z.output<typeof personalDetailsSchema> & { type: 'personalDetails' };
export type SocialLink = z.output<typeof socialLinkSchema>;
export type ContactDetails = z.output<typeof contactDetailsSchema> & { type: 'contactDetails' };

// `type` names each part, as the earlier product's documents did.
const typedSection = (type: SectionKey, section: z.output<typeof sectionSchema>): Section => ({
  type,
  ...section,
});

export const portfolioSchema = z
  .object({
    personalDetails: personalDetailsSchema,
    section: sectionSchema.optional(),
    section2: sectionSchema.optional(),
    section3: sectionSchema.optional(),
    contactDetails: contactDetailsSchema.prefault({}),
    phrases: phrasesSchema.optional(),
    /** The accent colour and font pairing the owner chose (appearance/). */
    appearance: appearanceSchema.optional(),
  })
  .transform(
    ({ personalDetails, section, section2, section3, contactDetails, phrases, appearance }) => ({
      personalDetails: { type: 'personalDetails' as const, ...personalDetails },
      ...(section && { section: typedSection('section', section) }),
      ...(section2 && { section2: typedSection('section2', section2) }),
      ...(section3 && { section3: typedSection('section3', section3) }),
      contactDetails: { type: 'contactDetails' as const, ...contactDetails },
      // Only when the owner changed a phrase: documents without one stay as they were.
      ...(phrases && Object.keys(phrases).length > 0 ? { phrases: phrases as Phrases } : {}),
      ...(appearance && Object.keys(appearance).length > 0
        ? { appearance: appearance as Appearance }
        : {}),
    }),
  );

/** The portfolio document as the schema gives it: canonical, every part typed. */
export type PortfolioData = z.output<typeof portfolioSchema>;

/** The field names of each part, as the editor and the template definitions name them. */
export type PersonalField = Exclude<keyof PersonalDetails, 'type'>;
export type SectionField = Exclude<keyof Section, 'type' | 'sectionTiles'>;
export type TileField = keyof Tile;
/** The contact fields a template shows; the form's delivery is a setting of every page. */
export type ContactField = Exclude<keyof ContactDetails, 'type' | 'formDelivery'>;
/** The contact fields that hold one text each (all but the list of social links). */
export type TextContactField = Exclude<ContactField, 'socialLinks'>;

/*
 * Blank values: what a new tile or section starts as, and what stands in for a part a template
 * does not show. Functions, so that no caller can change a shared object.
 */
export const blankTile = (): Tile => ({ img: '', title: '', desc: '', link: '' });

export const blankSection = (type: SectionKey): Section => ({
  type,
  sectionTitle: '',
  sectionSubTitle: '',
  sectionFooterText: '',
  sectionTiles: [blankTile()],
});

export const blankPersonalDetails = (): PersonalDetails => ({
  type: 'personalDetails',
  name: '',
  profileImage: '',
  headline: '',
  intro: '',
});

export const blankContactDetails = (): ContactDetails => ({
  type: 'contactDetails',
  email: '',
  tel: '',
  address: '',
  socialLinks: [],
});

export { formDeliveryOf } from '../contact.js';

export interface FieldProblem {
  /** Dotted path of the field, e.g. `section2.sectionTiles.3.link`. */
  field: string;
  message: string;
}

export type ParseResult = { ok: true; data: PortfolioData } | { ok: false; problem: FieldProblem };

/** Validates a portfolio document; on failure names the first field at fault. */
export function parsePortfolio(input: unknown): ParseResult {
  let serialised: string;
  try {
    serialised = JSON.stringify(input) ?? '';
  } catch {
    // Nesting deep enough to overflow the stack is no portfolio (ours is four levels deep).
    return {
      ok: false,
      problem: { field: 'data', message: 'data is nested too deeply to be a portfolio' },
    };
  }
  const bytes = new TextEncoder().encode(serialised).length;
  if (bytes > LIMITS.documentBytes) {
    return {
      ok: false,
      problem: {
        field: 'data',
        message: `data must be at most ${LIMITS.documentBytes / 1024} KiB (it is ${Math.ceil(bytes / 1024)} KiB)`,
      },
    };
  }
  const parsed = portfolioSchema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.') || 'data';
  return { ok: false, problem: { field, message: `${field} ${issue.message}` } };
}
