import type { ComponentType } from 'react';
import type {
  ContactField,
  PersonalField,
  PortfolioData,
  SectionField,
  SectionKey,
  TileField,
} from '../domain/portfolio.js';
import type { PhraseKey } from '../domain/phrases.js';
import type { TemplateLook } from '../appearance/look.js';

/**
 * What a section's tiles are to a visitor: 'photos' are pieces of work shown by their picture
 * (projects, highlights), 'services' are what the owner offers, shown by text and perhaps an
 * icon. Change template moves a section to one of the same kind (see carry-over.ts).
 */
export type SectionKind = 'photos' | 'services';

export interface SectionSpec {
  /** What the editor calls this part, e.g. "Services" or "Projects". */
  label: string;
  kind: SectionKind;
  fields: readonly SectionField[];
  tileFields: readonly TileField[];
}

/** A fixed phrase the template shows: where (the editor offers it in that step), and its words. */
export interface PhraseSpec {
  part: 'personalDetails' | SectionKey | 'contactDetails';
  words: string;
  /** The editor's name for it where the usual one would mislead (the button shows elsewhere). */
  label?: string;
}

export interface TemplateProps {
  data: PortfolioData;
}

export type TemplateComponent = ComponentType<TemplateProps>;

/**
 * What one template is, declared in its folder's definition.ts. The editor offers only the fields
 * it shows, and stored data keeps only these (see pickTemplateFields). No React and no sample data
 * here: the builder's first page reads every declaration for the ids and names, and the template's
 * own component reads its declaration for its phrases and labels.
 */
export interface TemplateDeclaration<Id extends string> {
  id: Id;
  name: string;
  /** CSS root class and folder name. */
  slug: string;
  /** The price a fresh installation starts with (operators change it with `npm run admin`). */
  defaultPrice: { paise: number; discountPercent: number };
  personalDetails: readonly PersonalField[];
  sections: Partial<Record<SectionKey, SectionSpec>>;
  contactDetails: readonly ContactField[];
  /** The fixed phrases a visitor reads, each of which the owner may reword. */
  phrases: Partial<Record<PhraseKey, PhraseSpec>>;
  /** The accent colours and font pairings it offers, and the pairs its accent must keep readable. */
  look: TemplateLook;
}

/** Where a template's code and sample live; the catalog names them, so no import runs in a circle. */
export interface TemplateLoaders {
  /** The component with its CSS: a chunk of its own in the builder. */
  loadComponent: () => Promise<TemplateComponent>;
  /** What the preview pages show and what the store's default data is seeded from. */
  loadSample: () => Promise<PortfolioData>;
}

export type TemplateDefinitionOf<Id extends string> = TemplateDeclaration<Id> & TemplateLoaders;

/**
 * The editor's name for one of a template's sections, which also names it on the page when its
 * owner left it untitled ('' for a section the template does not have).
 */
export function sectionLabel(
  definition: { sections: Partial<Record<SectionKey, SectionSpec>> },
  key: SectionKey,
): string {
  return definition.sections[key]?.label ?? '';
}

/** Declares a template, keeping its id as a literal type (the catalog derives TemplateId). */
export function defineTemplate<const Id extends string>(
  definition: TemplateDeclaration<Id>,
): TemplateDeclaration<Id> {
  return definition;
}
