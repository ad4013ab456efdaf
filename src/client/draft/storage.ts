import { DRAFT_STORAGE_KEY } from '../../shared/domain/draft-key.js';
import type { Draft } from '../../shared/draft.js';

/*
 * The only code that touches the draft in local storage (templateData). Pages read its JSON here
 * and decode it with the reader that fits them (shared/draft.ts). No zod here: /choose,
 * which only writes a fresh draft, stays small.
 */

/** What the person is told when the browser refuses to store the draft. */
export const DRAFT_NOT_SAVED_MESSAGE =
  'Your browser would not let us save the draft (storage is full or blocked).';

/** The stored draft's JSON; null when there is none; undefined when storage cannot be read. */
export function readDraftJson(): string | null | undefined {
  try {
    return window.localStorage.getItem(DRAFT_STORAGE_KEY);
  } catch {
    return undefined;
  }
}

/** Stores the draft's JSON; false when the browser refuses (storage full, blocked or disabled). */
export function writeDraftJson(raw: string): boolean {
  try {
    window.localStorage.setItem(DRAFT_STORAGE_KEY, raw);
    return true;
  } catch {
    return false;
  }
}

/** Stores a draft; false when the browser refuses. */
export function writeDraft(draft: Draft): boolean {
  return writeDraftJson(JSON.stringify(draft));
}

/**
 * Calls `listener` with the new JSON when another tab changes the draft (null when it was removed
 * or storage cleared). Returns the function that stops listening.
 */
export function onOtherTabDraftChange(listener: (raw: string | null) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === DRAFT_STORAGE_KEY) listener(event.newValue);
    else if (event.key === null) listener(null);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Set while the draft holds the content of a published portfolio opened with Edit on the account
 * page: the final preview then publishes to that username only. Kept beside the draft rather than
 * in it, so every reader and writer of the draft stays as it is.
 */
const EDITING_KEY = 'templateDataEditing';

export interface EditingTarget {
  username: string;
  templateId: string;
}

/** Stores the draft and the username it updates; false when the browser refuses. */
export function startEditingPublished(draft: Draft, username: string): boolean {
  const target: EditingTarget = { username, templateId: draft.templateId };
  try {
    window.localStorage.setItem(EDITING_KEY, JSON.stringify(target));
  } catch {
    return false;
  }
  return writeDraft(draft);
}

/** The username the stored draft updates, when it is for this template. */
export function readEditingTarget(templateId: string): EditingTarget | undefined {
  try {
    const raw = window.localStorage.getItem(EDITING_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<EditingTarget> | null) : null;
    if (typeof value?.username !== 'string' || value.templateId !== templateId) return undefined;
    return { username: value.username, templateId };
  } catch {
    return undefined;
  }
}

/** The draft is no longer an edit of a published portfolio (a fresh pick, or "another address"). */
export function stopEditingPublished(): void {
  try {
    window.localStorage.removeItem(EDITING_KEY);
  } catch {
    // Storage that cannot be read holds no target either.
  }
}

/** Forgets the draft and what it was editing (signing out on a shared computer). */
export function clearDraft(): void {
  stopEditingPublished();
  try {
    window.localStorage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing stored that could be read.
  }
}
