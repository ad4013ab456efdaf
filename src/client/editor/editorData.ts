import type { Draft } from '../../shared/draft.js';
import { parseDraftAsTyped } from '../../shared/draft.js';
import { readEditorNavigation } from '../../shared/routes.js';
import {
  blankSection,
  blankTile,
  SECTION_KEYS,
  type PortfolioData,
} from '../../shared/domain/portfolio.js';
import { isTemplateId, type TemplateId } from '../../shared/templates/catalog.js';
import type { TemplateDefinition } from '../../shared/templates/catalog.js';
import { pickTemplateFields } from '../../shared/templates/pick-fields.js';
import { TEMPLATE_DEFINITIONS } from '../../shared/templates/catalog.js';

/**
 * The data with every part the template shows present, each section with at least one tile.
 * Nothing is removed: fields the template does not show are kept as they were.
 */
export function withTemplateParts(
  definition: TemplateDefinition,
  data: PortfolioData,
): PortfolioData {
  const result: PortfolioData = { ...data };
  for (const key of SECTION_KEYS) {
    if (!definition.sections[key]) continue;
    const section = data[key];
    if (!section) result[key] = blankSection(key);
    else if (section.sectionTiles.length === 0)
      result[key] = { ...section, sectionTiles: [blankTile()] };
  }
  return result;
}

/** The draft with every part its template shows present (withTemplateParts). */
export function withItsTemplateParts(draft: Draft): Draft {
  return { ...draft, data: withTemplateParts(TEMPLATE_DEFINITIONS[draft.templateId], draft.data) };
}

/** What the editor opens with: the template and its draft. */
export interface EditorStart {
  draft: Draft;
  /** What a change of template brought back from an earlier one without asking, to be said. */
  restored?: readonly string[];
}

/**
 * Where the editor starts. The template comes from navigation state; after a reload without it,
 * from the stored draft. The stored draft is the user's work and is never thrown away: if it is
 * for another template than the state names (an old history entry), the draft wins. With no
 * draft but a template named, the template's sample data (loaded from its folder) is the start.
 * With neither: undefined.
 */
export async function resolveEditorStart(
  state: unknown,
  storedRaw: string | null,
): Promise<EditorStart | undefined> {
  const fromStore = storedEditorStart(storedRaw);
  if (fromStore) return fromStore;
  const named = readEditorNavigation(state).templateId;
  if (!isTemplateId(named)) return undefined;
  return { draft: withItsTemplateParts({ templateId: named, data: await sampleData(named) }) };
}

/** The start from the stored draft alone, read at once (undefined: none that can be read). */
export function storedEditorStart(storedRaw: string | null): EditorStart | undefined {
  const stored = parseDraftAsTyped(storedRaw);
  return stored ? { draft: withItsTemplateParts(stored) } : undefined;
}

async function sampleData(id: TemplateId): Promise<PortfolioData> {
  const definition = TEMPLATE_DEFINITIONS[id];
  return pickTemplateFields(definition, structuredClone(await definition.loadSample()));
}
