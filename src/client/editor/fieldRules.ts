import { LIMITS } from '../../shared/domain/limits.js';
import {
  contactDetailsSchema,
  type TextContactField,
  type PersonalField,
  type PortfolioData,
  type SectionField,
  type SocialLink,
  type TileField,
} from '../../shared/domain/portfolio.js';
import { PHRASE_LABELS, type PhraseKey } from '../../shared/domain/phrases.js';
import {
  completeLink,
  IMAGE_RULE,
  isAllowedImage,
  isAllowedLink,
  LINK_RULE,
} from '../../shared/domain/urls.js';
import type { TemplateDefinition } from '../../shared/templates/catalog.js';
import { editorSteps, isSectionStep, type StepId } from './steps.js';

/** What kind of value a field holds: decides its limit, its check and its input type. */
export type FieldKind = 'name' | 'line' | 'paragraph' | 'link' | 'image' | 'email' | 'tel';

const emailSchema = contactDetailsSchema.shape.email;
const telSchema = contactDetailsSchema.shape.tel;

/**
 * Phrases read as one with a field of their step, so edited beside it rather than folded away
 * under "Words on the page": the greeting starts the line the name ends ("Hi. I'm Ishani").
 */
export const PHRASES_BESIDE_THEIR_FIELD: readonly PhraseKey[] = ['greeting'];

/** Longest value each kind takes (the server's limits, from the same schema and LIMITS). */
export const FIELD_LIMITS: Readonly<Record<FieldKind, number>> = {
  name: LIMITS.name,
  line: LIMITS.line,
  paragraph: LIMITS.paragraph,
  link: LIMITS.url,
  image: LIMITS.url,
  email: LIMITS.line,
  tel: telSchema.unwrap().maxLength ?? LIMITS.line,
};

/** Why a value would be refused by the server, in words for the person typing; undefined if fine. */
export function fieldProblem(kind: FieldKind, value: string): string | undefined {
  const trimmed = value.trim();
  const max = FIELD_LIMITS[kind];
  if (trimmed.length > max) {
    return `This is ${trimmed.length} characters long; the limit is ${max}.`;
  }
  switch (kind) {
    case 'link':
      return isAllowedLink(completeLink(trimmed)) ? undefined : `This link ${LINK_RULE}`;
    case 'image':
      return isAllowedImage(trimmed) ? undefined : `This ${IMAGE_RULE}`;
    case 'email':
      return emailSchema.safeParse(value).success
        ? undefined
        : 'Enter an email address like name@example.com.';
    case 'tel':
      return telSchema.safeParse(value).success
        ? undefined
        : 'A phone number may contain only digits, spaces and + ( ) - .';
    default:
      return undefined;
  }
}

/** The id of a field's control, from its place in the document, e.g. f-section2-tile-3-link. */
export function fieldId(...path: (string | number)[]): string {
  return ['f', ...path].join('-');
}

/**
 * A text field of the form: the value it edits, the last part of its control's id, its label and
 * its kind. The tables below list each part's fields in form order; the form draws them and the
 * problem list names them, so both say the same.
 */
export interface FormField<K extends string> {
  key: K;
  id: string;
  label: string;
  kind: FieldKind;
}

export const PERSONAL_FIELDS: readonly FormField<PersonalField>[] = [
  { key: 'name', id: 'name', label: 'Name', kind: 'name' },
  { key: 'headline', id: 'headline', label: 'Headline', kind: 'line' },
  { key: 'intro', id: 'intro', label: 'Intro', kind: 'paragraph' },
  { key: 'profileImage', id: 'profileImage', label: 'Profile image URL', kind: 'image' },
];

export const SECTION_FIELDS: readonly FormField<SectionField>[] = [
  { key: 'sectionTitle', id: 'title', label: 'Section title', kind: 'line' },
  { key: 'sectionSubTitle', id: 'subtitle', label: 'Sub title', kind: 'line' },
  { key: 'sectionFooterText', id: 'footer', label: 'Footer text', kind: 'paragraph' },
];

/** A tile's text fields; its icon is picked, not typed. */
export const TILE_FIELDS: readonly FormField<Exclude<TileField, 'icon'>>[] = [
  { key: 'title', id: 'title', label: 'Title', kind: 'line' },
  { key: 'desc', id: 'desc', label: 'Description', kind: 'paragraph' },
  { key: 'img', id: 'img', label: 'Image URL', kind: 'image' },
  { key: 'link', id: 'link', label: 'Link', kind: 'link' },
];

/** The contact step's text fields; its social links are a list of their own. */
export const CONTACT_FIELDS: readonly FormField<TextContactField>[] = [
  { key: 'email', id: 'email', label: 'Email', kind: 'email' },
  { key: 'tel', id: 'tel', label: 'Phone', kind: 'tel' },
  { key: 'address', id: 'address', label: 'Address', kind: 'line' },
];

/** A social link's text fields; its icon follows the address. */
export const SOCIAL_LINK_FIELDS: readonly FormField<Exclude<keyof SocialLink, 'iconClass'>>[] = [
  { key: 'label', id: 'label', label: 'Label', kind: 'line' },
  { key: 'url', id: 'url', label: 'URL', kind: 'link' },
];

export interface DraftProblem {
  step: StepId;
  fieldId: string;
  /** Where the field is, e.g. "Projects, tile 2: Link". */
  where: string;
  message: string;
}

/** Every field the template shows whose value the server would refuse, in form order. */
export function draftProblems(definition: TemplateDefinition, data: PortfolioData): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const check = (
    step: StepId,
    id: string,
    where: string,
    kind: FieldKind,
    value: string | undefined,
  ) => {
    const message = fieldProblem(kind, value ?? '');
    if (message) problems.push({ step, fieldId: id, where, message });
  };
  /**
   * The fields of one table that the template shows (all of them without `shown`), their ids
   * made by `idOf` and their places named after `place`, e.g. "Projects, tile 2".
   */
  const checkFields = <K extends string>(
    step: StepId,
    fields: readonly FormField<K>[],
    values: Partial<Record<K, string>>,
    idOf: (field: FormField<K>) => string,
    { place, shown }: { place?: string; shown?: readonly string[] } = {},
  ) => {
    for (const field of fields) {
      if (shown && !shown.includes(field.key)) continue;
      const where = place ? `${place}: ${field.label}` : field.label;
      check(step, idOf(field), where, field.kind, values[field.key]);
    }
  };

  for (const step of editorSteps(definition, data)) {
    if (step.id === 'personalDetails') {
      checkFields(step.id, PERSONAL_FIELDS, data.personalDetails, (field) => fieldId(field.id), {
        shown: definition.personalDetails,
      });
    } else if (isSectionStep(step.id)) {
      const key = step.id;
      const spec = definition.sections[key];
      const section = data[key];
      if (!spec || !section) continue;
      checkFields(key, SECTION_FIELDS, section, (field) => fieldId(key, field.id), {
        place: step.label,
        shown: spec.fields,
      });
      section.sectionTiles.forEach((tile, index) => {
        checkFields(key, TILE_FIELDS, tile, (field) => fieldId(key, 'tile', index + 1, field.id), {
          place: `${step.label}, tile ${index + 1}`,
          shown: spec.tileFields,
        });
      });
    } else if (step.id === 'contactDetails') {
      const contact = data.contactDetails;
      const shown = definition.contactDetails;
      checkFields(step.id, CONTACT_FIELDS, contact, (field) => fieldId(field.id), { shown });
      if (shown.includes('socialLinks')) {
        contact.socialLinks.forEach((link, index) => {
          const idOf = (field: FormField<string>) => fieldId('social', index + 1, field.id);
          checkFields(step.id, SOCIAL_LINK_FIELDS, link, idOf, {
            place: `Social link ${index + 1}`,
          });
        });
      }
    }
    for (const [key, spec] of Object.entries(definition.phrases)) {
      if (spec.part !== step.id) continue;
      const phrase = key as PhraseKey;
      const label = PHRASE_LABELS[phrase];
      const where = PHRASES_BESIDE_THEIR_FIELD.includes(phrase)
        ? label
        : `Words on the page: ${label}`;
      check(step.id, fieldId('phrase', phrase), where, 'line', data.phrases?.[phrase]);
    }
  }
  return problems;
}
