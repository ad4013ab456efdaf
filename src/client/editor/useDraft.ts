import { useCallback, useEffect, useRef, useState } from 'react';
import type { Draft } from '../../shared/draft.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { writeDraftJson } from '../draft/storage.js';

export interface DraftState {
  draft: Draft;
  /** Applies an edit: the state, local storage and the preview all follow at once. */
  update: (edit: (data: PortfolioData) => PortfolioData) => void;
  /** Writes the latest draft to local storage now; false when the browser refuses. */
  save: () => boolean;
  /** The latest draft's JSON, exactly as stored. */
  latestRaw: () => string;
  /** The latest draft, for handlers that must not change with every keystroke. */
  latest: () => Draft;
  /** The browser refused the last write (storage full or blocked); retried on every change. */
  saveFailed: boolean;
}

/**
 * The draft being edited. Every change is written to local storage as it happens (a reload or a
 * crash loses at most the keystroke in flight), and handed to `onChange` as the stored JSON so
 * the preview can show it. Input is kept as typed, valid or not. `onChange` must be stable.
 */
export function useDraft(initial: Draft, onChange: (raw: string) => void): DraftState {
  const [draft, setDraft] = useState(initial);
  const [saveFailed, setSaveFailed] = useState(false);
  const latest = useRef<{ draft: Draft; raw: string | null; unsaved: boolean }>({
    draft: initial,
    raw: null,
    unsaved: false,
  });

  const rawOf = useCallback(() => {
    const current = latest.current;
    current.raw ??= JSON.stringify(current.draft);
    return current.raw;
  }, []);

  const write = useCallback(() => {
    const ok = writeDraftJson(rawOf());
    latest.current.unsaved = !ok;
    setSaveFailed(!ok);
    return ok;
  }, [rawOf]);

  const update = useCallback(
    (edit: (data: PortfolioData) => PortfolioData) => {
      const current = latest.current;
      // Everything else of the draft (what a change of template set aside) stays as it is.
      const next: Draft = { ...current.draft, data: edit(current.draft.data) };
      latest.current = { draft: next, raw: JSON.stringify(next), unsaved: true };
      setDraft(next);
      onChange(rawOf());
      write();
    },
    [onChange, rawOf, write],
  );

  // A write the browser refused is tried again when the page is hidden or left.
  useEffect(() => {
    const flush = () => {
      if (latest.current.unsaved) write();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [write]);

  const latestDraft = useCallback(() => latest.current.draft, []);

  return { draft, update, save: write, latestRaw: rawOf, latest: latestDraft, saveFailed };
}
