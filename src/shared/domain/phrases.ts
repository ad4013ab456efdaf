/**
 * The fixed words of a template that a visitor reads (a greeting, the contact heading, a button)
 * may be the owner's own. Each template declares which of these it shows, in which part of the
 * page, and its own words for each (templates/<name>/definition.ts); an empty phrase means the
 * template's words.
 */
import { z } from '../zod.js';
import { LIMITS } from './limits.js';

export const PHRASE_KEYS = [
  'greeting',
  'sectionLead',
  'section2Lead',
  'contactNavLead',
  'moreButton',
  'servicesHeading',
  'projectButton',
  'contactHeading',
  'contactLead',
  'followHeading',
] as const;
export type PhraseKey = (typeof PHRASE_KEYS)[number];

/** What the editor calls each phrase. */
export const PHRASE_LABELS: Readonly<Record<PhraseKey, string>> = {
  greeting: 'Greeting before your name',
  sectionLead: 'Button to the first section',
  section2Lead: 'Button to the second section',
  contactNavLead: 'Button to the contact section',
  moreButton: 'Button on an item with a link',
  servicesHeading: 'Heading over services among photos',
  projectButton: 'Button on a project with a link',
  contactHeading: 'Contact heading',
  contactLead: 'Line under the contact heading',
  followHeading: 'Heading above your social links',
};

/** The longest phrase: a line (the contact lead is the longest the templates have). */
export const PHRASE_MAX = LIMITS.line;

const phrase = z
  .string({ error: 'must be text' })
  .trim()
  .max(PHRASE_MAX, { error: `must be at most ${PHRASE_MAX} characters`, abort: true })
  .optional();

/** Known phrases only (others are dropped, as unknown fields are); empty ones are left out. */
export const phrasesSchema = z
  .object(
    Object.fromEntries(PHRASE_KEYS.map((key) => [key, phrase])) as Record<PhraseKey, typeof phrase>,
  )
  .transform((phrases) => {
    const kept: Partial<Record<PhraseKey, string>> = {};
    for (const key of PHRASE_KEYS) {
      const value = phrases[key];
      if (value) kept[key] = value;
    }
    return kept;
  });

export type Phrases = Partial<Record<PhraseKey, string>>;
