import { useSyncExternalStore } from 'react';
import { SIGN_IN_CHANNEL, SIGN_IN_MESSAGE_TYPE, type MeResponse } from '../../shared/auth.js';
import { api } from '../api/http.js';
import { clearDraft, keepEditOnlyForItsOwner } from '../draft/storage.js';

export type SessionState =
  { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready' } & MeResponse);

const LOADING: SessionState = { status: 'loading' };
let state: SessionState = LOADING;
let started = false;
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Asks the server who is signed in (the session cookie is HttpOnly: only the server knows). */
export async function refreshSession(): Promise<SessionState> {
  try {
    const me = await api<MeResponse>('/api/me');
    // Before any page reads the draft in the new state: it may be another person's.
    keepEditOnlyForItsOwner(me);
    set({ status: 'ready', ...me });
  } catch (error) {
    set({ status: 'error', message: (error as Error).message });
  }
  return state;
}

/** Signs out and forgets this browser's draft: the next person at a shared computer sees none. */
export async function signOut(): Promise<void> {
  await api<null>('/auth/logout', { method: 'POST' });
  clearDraft();
  set({ status: 'ready', user: null, portfolios: [] });
}

/** After the account was deleted: the server ended every session already. */
export function signedOutEverywhere(): void {
  clearDraft();
  set({ status: 'ready', user: null, portfolios: [] });
}

/**
 * A sign-in may end in a window that could not report to this page (its opener was cut, or it
 * opened as a tab): look again when that window says so, and whenever this tab comes back into
 * view while nobody is signed in here.
 */
function watchForSignInElsewhere() {
  const signedOut = () => state.status === 'error' || (state.status === 'ready' && !state.user);
  const lookAgain = () => {
    if (document.visibilityState === 'visible' && signedOut()) void refreshSession();
  };
  window.addEventListener('focus', lookAgain);
  document.addEventListener('visibilitychange', lookAgain);
  if (typeof BroadcastChannel === 'function') {
    new BroadcastChannel(SIGN_IN_CHANNEL).addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { type?: unknown; status?: unknown } | null;
      if (data?.type === SIGN_IN_MESSAGE_TYPE && data.status === 'success') void refreshSession();
    });
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!started) {
    started = true;
    void refreshSession();
    watchForSignInElsewhere();
  }
  return () => listeners.delete(listener);
}

/**
 * Who is signed in as of now, for code that runs on after an await (a render's useSession value
 * is from before it, e.g. before a sign-in that just happened).
 */
export function currentSession(): SessionState {
  return state;
}

/**
 * The signed-in person, shared by every component that asks. A page drawn at build time was drawn
 * while loading, and hydrates so before it shows who is signed in.
 */
export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
}
