import { z } from 'zod';
import { normaliseSocialIcon, SOCIAL_ICONS, TILE_ICONS } from './icons.js';
import { LIMITS } from './limits.js';
import { IMAGE_RULE, isAllowedImage, isAllowedLink, LINK_RULE } from './urls.js';

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

const text = (max: number) =>
  z
    .string({ error: mustBe('text') })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .default('');

const link = z
  .string({ error: mustBe('text') })
  .trim()
  .max(LIMITS.url, `must be at most ${LIMITS.url} characters`)
  .refine(isAllowedLink, LINK_RULE)
  .default('');

const image = z
  .string({ error: mustBe('text') })
  .trim()
  .max(LIMITS.url, `must be at most ${LIMITS.url} characters`)
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

export const sectionSchema = z.preprocess(
  renameSubtitle,
  z.object({
    sectionTitle: text(LIMITS.line),
    sectionSubTitle: text(LIMITS.line),
    sectionFooterText: text(LIMITS.paragraph),
    sectionTiles: z
      .array(tileSchema, { error: 'must be a list of tiles' })
      .min(LIMITS.minTiles, `must have at least ${LIMITS.minTiles} tile`)
      .max(LIMITS.maxTiles, `must have at most ${LIMITS.maxTiles} tiles`),
  }),
);

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
    .max(LIMITS.line, `must be at most ${LIMITS.line} characters`)
    .refine(
      (value) =>
        value === '' || /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/.test(value),
      'must be an email address like name@example.com',
    )
    .default(''),
  tel: z
    .string({ error: mustBe('text') })
    .trim()
    .max(40, 'must be at most 40 characters')
    .refine(
      (value) => /^[0-9+()\-.\s]*$/.test(value),
      'may contain only digits, spaces and + ( ) - .',
    )
    .default(''),
  address: text(LIMITS.line),
  socialLinks: z
    .array(socialLinkSchema, { error: 'must be a list of links' })
    .max(LIMITS.maxSocialLinks, `must have at most ${LIMITS.maxSocialLinks} links`)
    .default([]),
});

export const SECTION_KEYS = ['section', 'section2', 'section3'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export const portfolioSchema = z
  .object({
    personalDetails: personalDetailsSchema,
    section: sectionSchema.optional(),
    section2: sectionSchema.optional(),
    section3: sectionSchema.optional(),
    contactDetails: contactDetailsSchema.default({
      email: '',
      tel: '',
      address: '',
      socialLinks: [],
    }),
  })
  .transform(
    (data) =>
      ({
        // `type` names each part, as the earlier product's documents did.
        personalDetails: { type: 'personalDetails' as const, ...data.personalDetails },
        ...Object.fromEntries(
          SECTION_KEYS.filter((key) => data[key]).map((key) => [key, { type: key, ...data[key]! }]),
        ),
        contactDetails: { type: 'contactDetails' as const, ...data.contactDetails },
      }) as PortfolioData,
  );

export type Tile = z.output<typeof tileSchema>;
export type Section = z.output<typeof sectionSchema> & { type: SectionKey };
export type PersonalDetails = z.output<typeof personalDetailsSchema> & { type: 'personalDetails' };
export type SocialLink = z.output<typeof socialLinkSchema>;
export type ContactDetails = z.output<typeof contactDetailsSchema> & { type: 'contactDetails' };

export interface PortfolioData {
  personalDetails: PersonalDetails;
  section?: Section;
  section2?: Section;
  section3?: Section;
  contactDetails: ContactDetails;
}

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
