import { DRAFT_STORAGE_KEY } from '../../shared/domain/draft-key.js';
import type { MeResponse } from '../../shared/auth.js';
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
  /** The email of the person who opened it: the draft is theirs, and no one else's. */
  owner: string;
}

/** Stores the draft and the username it updates, for `owner`; false when the browser refuses. */
export function startEditingPublished(draft: Draft, username: string, owner: string): boolean {
  const target: EditingTarget = { username, templateId: draft.templateId, owner };
  try {
    window.localStorage.setItem(EDITING_KEY, JSON.stringify(target));
  } catch {
    return false;
  }
  return writeDraft(draft);
}

function readStoredTarget(): EditingTarget | undefined {
  try {
    const raw = window.localStorage.getItem(EDITING_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<EditingTarget> | null) : null;
    const { username, templateId, owner } = value ?? {};
    if (typeof username !== 'string' || typeof templateId !== 'string') return undefined;
    if (typeof owner !== 'string') return undefined;
    return { username, templateId, owner };
  } catch {
    return undefined;
  }
}

/**
 * Whether the stored draft must wait for the server to say who is signed in before it is shown:
 * only an edit of a live page is forgotten for someone else (keepEditOnlyForItsOwner). Any other
 * draft is read at once, which draws the editor a round trip sooner on a slow phone.
 */
export function draftWaitsForSession(): boolean {
  try {
    return window.localStorage.getItem(EDITING_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The draft in this browser was just published as `username` by `owner`: from now on it is an
 * edit of that live page (the final preview updates it for free), not a new page to buy again.
 * A draft of another template than the page's (changed meanwhile) stays a plain draft.
 */
export function keepDraftAsEditOf(username: string, templateId: string, owner: string): void {
  try {
    const raw = window.localStorage.getItem(DRAFT_STORAGE_KEY);
    if (!raw || (JSON.parse(raw) as { templateId?: unknown }).templateId !== templateId) return;
    const target: EditingTarget = { username, templateId, owner };
    window.localStorage.setItem(EDITING_KEY, JSON.stringify(target));
  } catch {
    // A draft that cannot be read, or storage that refuses: it stays a plain draft.
  }
}

/** The username the stored draft updates, when it is for this template. */
export function readEditingTarget(templateId: string): EditingTarget | undefined {
  const target = readStoredTarget();
  return target?.templateId === templateId ? target : undefined;
}

/**
 * A draft opened as an edit of a live page holds its owner's words, published or not. When the
 * server says someone else, or nobody, is signed in here (a session that ended elsewhere, on a
 * shared computer), that draft is forgotten before any page shows it. Its owner signed in, with
 * the address no longer theirs, it stays a draft to publish elsewhere.
 */
export function keepEditOnlyForItsOwner(me: MeResponse): void {
  let target: EditingTarget | undefined;
  try {
    if (window.localStorage.getItem(EDITING_KEY) === null) return;
    target = readStoredTarget();
  } catch {
    return;
  }
  if (!target || me.user?.email !== target.owner) clearDraft();
  else if (!me.portfolios.some((p) => p.username === target.username)) stopEditingPublished();
}

/** The draft is no longer an edit of a published portfolio (a fresh pick, or "another address"). */
export function stopEditingPublished(): void {
  try {
    window.localStorage.removeItem(EDITING_KEY);
  } catch {
    // Storage that cannot be read holds no target either.
  }
}

/**
 * The furthest editor step the person has reached with this draft's template, kept beside the
 * draft so the steps' ticks survive a reload or a round trip through sign-in.
 */
const STEP_REACHED_KEY = 'templateDataStepReached';

export function readStepReached(templateId: string): string | undefined {
  try {
    const raw = window.localStorage.getItem(STEP_REACHED_KEY);
    const stored = raw === null ? undefined : (JSON.parse(raw) as unknown);
    if (typeof stored !== 'object' || stored === null) return undefined;
    const { templateId: id, step } = stored as { templateId?: unknown; step?: unknown };
    return id === templateId && typeof step === 'string' ? step : undefined;
  } catch {
    return undefined;
  }
}

export function writeStepReached(templateId: string, step: string): void {
  try {
    window.localStorage.setItem(STEP_REACHED_KEY, JSON.stringify({ templateId, step }));
  } catch {
    // Without storage the ticks last as long as the page.
  }
}

/** Forgets the steps reached: a draft started over starts its steps over too. */
export function forgetStepReached(): void {
  try {
    window.localStorage.removeItem(STEP_REACHED_KEY);
  } catch {
    // Nothing stored that could be read.
  }
}

/** Forgets the draft and what it was editing (signing out on a shared computer). */
export function clearDraft(): void {
  stopEditingPublished();
  forgetStepReached();
  try {
    window.localStorage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing stored that could be read.
  }
}
