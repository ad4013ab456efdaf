import { LIMITS } from '../../shared/domain/limits.js';
import { contactDetailsSchema, type PortfolioData } from '../../shared/domain/portfolio.js';
import { PHRASE_LABELS, type PhraseKey } from '../../shared/domain/phrases.js';
import {
  completeLink,
  IMAGE_RULE,
  isAllowedImage,
  isAllowedLink,
  LINK_RULE,
} from '../../shared/domain/urls.js';
import type { TemplateDefinition } from '../../shared/templates/definition.js';
import { editorSteps, isSectionStep, type StepId } from './steps.js';

/** What kind of value a field holds: decides its limit, its check and its input type. */
export type FieldKind = 'name' | 'line' | 'paragraph' | 'link' | 'image' | 'email' | 'tel';

const emailSchema = contactDetailsSchema.shape.email;
const telSchema = contactDetailsSchema.shape.tel;

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

  for (const step of editorSteps(definition)) {
    if (step.id === 'personalDetails') {
      const person = data.personalDetails;
      const fields = definition.personalDetails;
      if (fields.includes('name')) check(step.id, fieldId('name'), 'Name', 'name', person.name);
      if (fields.includes('headline'))
        check(step.id, fieldId('headline'), 'Headline', 'line', person.headline);
      if (fields.includes('intro'))
        check(step.id, fieldId('intro'), 'Intro', 'paragraph', person.intro);
      if (fields.includes('profileImage'))
        check(step.id, fieldId('profileImage'), 'Profile image URL', 'image', person.profileImage);
    } else if (isSectionStep(step.id)) {
      const key = step.id;
      const spec = definition.sections[key];
      const section = data[key];
      if (!spec || !section) continue;
      const label = spec.label;
      if (spec.fields.includes('sectionTitle'))
        check(key, fieldId(key, 'title'), `${label}: Section title`, 'line', section.sectionTitle);
      if (spec.fields.includes('sectionSubTitle'))
        check(
          key,
          fieldId(key, 'subtitle'),
          `${label}: Sub title`,
          'line',
          section.sectionSubTitle,
        );
      if (spec.fields.includes('sectionFooterText'))
        check(
          key,
          fieldId(key, 'footer'),
          `${label}: Footer text`,
          'paragraph',
          section.sectionFooterText,
        );
      section.sectionTiles.forEach((tile, index) => {
        const where = `${label}, tile ${index + 1}`;
        const id = (field: string) => fieldId(key, 'tile', index + 1, field);
        if (spec.tileFields.includes('title'))
          check(key, id('title'), `${where}: Title`, 'line', tile.title);
        if (spec.tileFields.includes('desc'))
          check(key, id('desc'), `${where}: Description`, 'paragraph', tile.desc);
        if (spec.tileFields.includes('img'))
          check(key, id('img'), `${where}: Image URL`, 'image', tile.img);
        if (spec.tileFields.includes('link'))
          check(key, id('link'), `${where}: Link`, 'link', tile.link);
      });
    } else {
      const contact = data.contactDetails;
      const fields = definition.contactDetails;
      if (fields.includes('email'))
        check(step.id, fieldId('email'), 'Email', 'email', contact.email);
      if (fields.includes('tel')) check(step.id, fieldId('tel'), 'Phone', 'tel', contact.tel);
      if (fields.includes('address'))
        check(step.id, fieldId('address'), 'Address', 'line', contact.address);
      if (fields.includes('socialLinks')) {
        contact.socialLinks.forEach((link, index) => {
          const where = `Social link ${index + 1}`;
          check(
            step.id,
            fieldId('social', index + 1, 'label'),
            `${where}: Label`,
            'line',
            link.label,
          );
          check(step.id, fieldId('social', index + 1, 'url'), `${where}: URL`, 'link', link.url);
        });
      }
    }
    for (const [key, spec] of Object.entries(definition.phrases)) {
      if (spec.part !== step.id) continue;
      const phrase = key as PhraseKey;
      const where = `Words on the page: ${PHRASE_LABELS[phrase]}`;
      check(step.id, fieldId('phrase', phrase), where, 'line', data.phrases?.[phrase]);
    }
  }
  return problems;
}
