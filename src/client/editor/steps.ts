import {
  SECTION_KEYS,
  type PortfolioData,
  type SectionKey,
} from '../../shared/domain/portfolio.js';
import type { SectionKind } from '../../shared/templates/definition.js';
import type { TemplateDefinition } from '../../shared/templates/catalog.js';

/**
 * The editor's steps, in the spec's order, then the page's look. Each id is also the id of the
 * element the preview scrolls to (every template renders all of its parts with these ids; the
 * look, which is everywhere, scrolls to the top).
 */
export const STEP_IDS = [
  'personalDetails',
  'section',
  'section2',
  'section3',
  'contactDetails',
  'look',
] as const;
export type StepId = (typeof STEP_IDS)[number];

export interface Step {
  id: StepId;
  /** Short name for the step indicator, e.g. "About you" or the section's own label. */
  label: string;
  /** Heading of the step's form. */
  title: string;
  /** One line under the heading: what this part of the page is. */
  hint: string;
}

export function isStepId(value: unknown): value is StepId {
  return typeof value === 'string' && (STEP_IDS as readonly string[]).includes(value);
}

export function isSectionStep(id: StepId): id is SectionKey {
  return (SECTION_KEYS as readonly string[]).includes(id);
}

/** What a section step is for, in a sentence, by what its tiles are to a visitor. */
const SECTION_HINTS: Record<SectionKind, string> = {
  photos:
    'Your work, shown by its pictures: a heading for this part of your page, then a tile for each piece.',
  services:
    'What you offer: a heading for this part of your page, then a tile for each service or skill.',
};

/**
 * What the page calls a section: the person's title, or the template's own name for it when they
 * left it blank. A full stop at the end ("Some things I made recently.") is left out of a name.
 */
export function sectionName(
  definition: Pick<TemplateDefinition, 'sections'>,
  key: SectionKey,
  data?: PortfolioData,
): string {
  const title = (data?.[key]?.sectionTitle ?? '').trim().replace(/[.:]$/, '').trim();
  return title || (definition.sections[key]?.label ?? '');
}

/**
 * The steps a template needs: only the parts it shows, in order. With the draft's `data`, a
 * section's step takes the title the page shows, so "Photo stories" stays "Photo stories" in
 * every template instead of turning into each template's own word for it.
 */
export function editorSteps(definition: TemplateDefinition, data?: PortfolioData): Step[] {
  const steps: Step[] = [];
  if (definition.personalDetails.length > 0) {
    steps.push({
      id: 'personalDetails',
      label: 'About you',
      title: 'About you',
      hint: 'The first thing visitors see: who you are and what you do.',
    });
  }
  for (const key of SECTION_KEYS) {
    const spec = definition.sections[key];
    if (!spec) continue;
    const name = sectionName(definition, key, data);
    steps.push({ id: key, label: name, title: name, hint: SECTION_HINTS[spec.kind] });
  }
  if (definition.contactDetails.length > 0) {
    steps.push({
      id: 'contactDetails',
      label: 'Contact',
      title: 'Contact details',
      hint: 'How visitors reach you. Everything here is optional.',
    });
  }
  // Every template has a look of its own to change; its preview is the top of the page.
  steps.push({
    id: 'look',
    label: 'Style',
    title: 'Colours and type',
    hint: 'Your accent colour and fonts. Whatever you choose stays readable for every visitor.',
  });
  return steps;
}

/** Where a step sits; -1 when the template does not have it. */
export function stepIndex(steps: readonly Step[], id: StepId): number {
  return steps.findIndex((step) => step.id === id);
}

export function stepAfter(steps: readonly Step[], id: StepId): Step | undefined {
  const index = stepIndex(steps, id);
  return index < 0 ? undefined : steps[index + 1];
}

export function stepBefore(steps: readonly Step[], id: StepId): Step | undefined {
  const index = stepIndex(steps, id);
  return index <= 0 ? undefined : steps[index - 1];
}

/** The step to open: the one asked for if the template has it, otherwise the first. */
export function initialStep(steps: readonly Step[], wanted: unknown): Step {
  const found = isStepId(wanted) ? steps.find((step) => step.id === wanted) : undefined;
  const first = steps[0];
  if (!first) throw new Error('A template must show at least one part.');
  return found ?? first;
}
