import { DRAFT_STORAGE_KEY } from '../../shared/domain/draft.js';

/** The stored draft's JSON; null when there is none or storage cannot be read. */
export function readStoredDraft(): string | null {
  try {
    return window.localStorage.getItem(DRAFT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Stores the draft's JSON; false when the browser refuses (storage full, blocked or disabled). */
export function storeDraft(raw: string): boolean {
  try {
    window.localStorage.setItem(DRAFT_STORAGE_KEY, raw);
    return true;
  } catch {
    return false;
  }
}
