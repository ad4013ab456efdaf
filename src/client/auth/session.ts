import { useSyncExternalStore } from 'react';
import type { MeResponse } from '../../shared/auth.js';
import { api } from '../api/http.js';

export type SessionState =
  { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready' } & MeResponse);

let state: SessionState = { status: 'loading' };
let started = false;
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Asks the server who is signed in (the session cookie is HttpOnly: only the server knows). */
export async function refreshSession(): Promise<SessionState> {
  try {
    set({ status: 'ready', ...(await api<MeResponse>('/api/me')) });
  } catch (error) {
    set({ status: 'error', message: (error as Error).message });
  }
  return state;
}

export async function signOut(): Promise<void> {
  await api<null>('/auth/logout', { method: 'POST' });
  set({ status: 'ready', user: null, portfolios: [] });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!started) {
    started = true;
    void refreshSession();
  }
  return () => listeners.delete(listener);
}

/** The signed-in person, shared by every component that asks. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}
