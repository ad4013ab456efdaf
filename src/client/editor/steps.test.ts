import { describe, expect, it } from 'vitest';
import { TEMPLATE_IDS } from '../../shared/templates/catalog.js';
import type { TemplateDefinition } from '../../shared/templates/catalog.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';
import {
  editorSteps,
  initialStep,
  isSectionStep,
  isStepId,
  stepAfter,
  stepBefore,
  stepIndex,
} from './steps.js';

const ids = (definition: TemplateDefinition) => editorSteps(definition).map((step) => step.id);

describe('editorSteps', () => {
  it('gives each template only the parts it shows, in the spec order', () => {
    const oneSection = ['personalDetails', 'section', 'contactDetails', 'look'];
    const twoSections = ['personalDetails', 'section', 'section2', 'contactDetails', 'look'];
    expect(ids(TEMPLATE_DEFINITIONS.template1)).toEqual(twoSections);
    expect(ids(TEMPLATE_DEFINITIONS.template2)).toEqual(oneSection);
    expect(ids(TEMPLATE_DEFINITIONS.template3)).toEqual(twoSections);
    expect(ids(TEMPLATE_DEFINITIONS.template4)).toEqual(twoSections);
    expect(ids(TEMPLATE_DEFINITIONS.template5)).toEqual(oneSection);
  });

  it('orders sections as the spec does, whatever order the definition lists them in', () => {
    const definition: TemplateDefinition = {
      ...TEMPLATE_DEFINITIONS.template1,
      sections: {
        section3: {
          label: 'Third',
          kind: 'services',
          fields: ['sectionTitle'],
          tileFields: ['title'],
        },
        section: {
          label: 'First',
          kind: 'photos',
          fields: ['sectionTitle'],
          tileFields: ['title'],
        },
      },
    };
    expect(editorSteps(definition).map((step) => [step.id, step.label])).toEqual([
      ['personalDetails', 'About you'],
      ['section', 'First'],
      ['section3', 'Third'],
      ['contactDetails', 'Contact'],
      ['look', 'Style'],
    ]);
  });

  it('leaves out personal and contact steps a template has no fields for (the look stays)', () => {
    const definition: TemplateDefinition = {
      ...TEMPLATE_DEFINITIONS.template2,
      personalDetails: [],
      contactDetails: [],
    };
    expect(ids(definition)).toEqual(['section', 'look']);
  });

  it('names sections by the label the template gives them when the page has no title', () => {
    for (const id of TEMPLATE_IDS) {
      const definition = TEMPLATE_DEFINITIONS[id];
      for (const step of editorSteps(definition)) {
        if (isSectionStep(step.id)) expect(step.label).toBe(definition.sections[step.id]!.label);
      }
    }
  });

  it('names a titled section by the title the page shows, in every template', () => {
    // The review: "Photo stories" became "Highlights" after a switch to Hyperspace.
    const data = structuredClone(SAMPLE_DATA.template3);
    data.section!.sectionTitle = 'Photo stories';
    data.section2!.sectionTitle = '  ';
    const steps = editorSteps(TEMPLATE_DEFINITIONS.template3, data);
    const photos = steps.find((step) => step.id === 'section')!;
    expect([photos.label, photos.title]).toEqual(['Photo stories', 'Photo stories']);
    // Left blank, the page falls back to the template's name for it, and so does the step.
    expect(steps.find((step) => step.id === 'section2')!.label).toBe('What I do');
    // Solid-State's sample calls its Spotlights "Selected Work" on the page.
    const solid = editorSteps(TEMPLATE_DEFINITIONS.template4, SAMPLE_DATA.template4);
    expect(solid.find((step) => step.id === 'section')!.label).toBe('Selected Work');
    // A title written as a sentence is named without its full stop.
    const mini = editorSteps(TEMPLATE_DEFINITIONS.template1, SAMPLE_DATA.template1);
    expect(mini.find((step) => step.id === 'section2')!.label).toBe('Some things I made recently');
  });

  it('explains each section step in a sentence of its own, not a label lower-cased', () => {
    for (const id of TEMPLATE_IDS) {
      const definition = TEMPLATE_DEFINITIONS[id];
      for (const step of editorSteps(definition, SAMPLE_DATA[id])) {
        if (!isSectionStep(step.id)) continue;
        expect(step.hint).toMatch(/^[A-Z].*\.$/);
        expect(step.hint).not.toContain(
          `the ${definition.sections[step.id]!.label.toLowerCase()} section`,
        );
        expect(step.hint).not.toMatch(/\bi\b/);
      }
    }
  });
});

describe('moving between steps', () => {
  const steps = editorSteps(TEMPLATE_DEFINITIONS.template3);

  it('goes forward and back, and stops at both ends', () => {
    expect(stepAfter(steps, 'personalDetails')?.id).toBe('section');
    expect(stepAfter(steps, 'section2')?.id).toBe('contactDetails');
    expect(stepAfter(steps, 'contactDetails')?.id).toBe('look');
    expect(stepAfter(steps, 'look')).toBeUndefined();
    expect(stepBefore(steps, 'contactDetails')?.id).toBe('section2');
    expect(stepBefore(steps, 'personalDetails')).toBeUndefined();
  });

  it('knows nothing of a step the template does not have', () => {
    expect(stepIndex(steps, 'section3')).toBe(-1);
    expect(stepAfter(steps, 'section3')).toBeUndefined();
    expect(stepBefore(steps, 'section3')).toBeUndefined();
  });

  it('opens the remembered step if the template has it, otherwise the first', () => {
    expect(initialStep(steps, 'section2').id).toBe('section2');
    expect(initialStep(steps, 'section3').id).toBe('personalDetails');
    expect(initialStep(steps, 'constructor').id).toBe('personalDetails');
    expect(initialStep(steps, undefined).id).toBe('personalDetails');
    expect(() => initialStep([], undefined)).toThrow();
  });

  it('recognises step ids and section steps', () => {
    expect(isStepId('section2')).toBe(true);
    expect(isStepId('toString')).toBe(false);
    expect(isStepId(3)).toBe(false);
    expect(isSectionStep('section3')).toBe(true);
    expect(isSectionStep('contactDetails')).toBe(false);
  });
});
