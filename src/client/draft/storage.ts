import { DRAFT_STORAGE_KEY } from '../../shared/domain/draft-key.js';
import type { Draft } from '../../shared/domain/draft.js';

/*
 * The only code that touches the draft in local storage (templateData). Pages read its JSON here
 * and decode it with the reader that fits them (shared/domain/draft.ts). No zod here: /choose,
 * which only writes a fresh draft, stays small.
 */

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
