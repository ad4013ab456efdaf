import { parseDraftForPublishing, type Draft } from '../../shared/draft.js';
import type { FieldProblem } from '../../shared/domain/portfolio.js';
import { isTemplateId, type TemplateId } from '../../shared/templates/catalog.js';
import { readDraftJson } from '../draft/storage.js';

export type FinalDraft =
  /** Nothing saved in this browser (or storage cannot be read). */
  | { status: 'missing' }
  /** Saved, but it names no template we can show. */
  | { status: 'unreadable' }
  /** The template is known (so it can be previewed), but a field would not pass the server. */
  | { status: 'invalid'; templateId: TemplateId; problem: FieldProblem }
  | { status: 'ok'; draft: Draft };

/** The draft as the final preview needs it: strict for what publishes, yet previewable if it can be. */
export function parseDraftForFinalPreview(raw: string | null): FinalDraft {
  const parsed = parseDraftForPublishing(raw);
  if (parsed.status === 'ok') return parsed;
  if (parsed.status === 'missing') return { status: 'missing' };
  let templateId: unknown;
  try {
    templateId = (JSON.parse(raw ?? '') as { templateId?: unknown } | null)?.templateId;
  } catch {
    return { status: 'unreadable' };
  }
  return isTemplateId(templateId)
    ? { status: 'invalid', templateId, problem: parsed.problem }
    : { status: 'unreadable' };
}

/** The stored draft for the final preview; a browser that refuses storage counts as having none. */
export function readStoredDraftForFinalPreview(): FinalDraft {
  return parseDraftForFinalPreview(readDraftJson() ?? null);
}

/**
 * The template the stored draft names, read without judging the rest: enough to load what its
 * page needs while the server says who is signed in (the draft itself is read after that).
 */
export function storedDraftTemplateId(): TemplateId | undefined {
  try {
    const templateId = (JSON.parse(readDraftJson() ?? '') as { templateId?: unknown } | null)
      ?.templateId;
    return isTemplateId(templateId) ? templateId : undefined;
  } catch {
    return undefined;
  }
}
