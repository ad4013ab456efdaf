import { useEffect, useRef, useState } from 'react';
import { parseDraftForPreview, type DraftReadResult } from '../../shared/draft.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { onOtherTabDraftChange, readDraftJson } from '../draft/storage.js';
import { TemplateLoading } from '../components/TemplateLoading.js';
import { isPreviewCommand, readyMessage, type ScrollMessage } from '../editor/previewMessages.js';
import { isTrustedMessage, shownMessage } from '../frame-messages.js';
import { useTemplate } from '../templates/useTemplate.js';
import {
  snapshotColours,
  spotlightAccentChange,
  type ColourSnapshot,
} from '../editor/accentSpotlight.js';
import './simple-page.css';

interface Shown {
  /** The draft JSON this preview shows (to skip the same draft arriving twice). */
  raw: string | null;
  result: DraftReadResult;
}

function readStoredForPreview(): Shown {
  const raw = readDraftJson();
  if (raw === undefined) {
    return {
      raw: null,
      result: {
        status: 'invalid',
        problem: {
          field: 'templateData',
          message: 'Local storage is not available in this browser.',
        },
      },
    };
  }
  return { raw, result: parseDraftForPreview(raw) };
}

/** The accent the draft asks for (none: the template's own). */
function accentOf(result: DraftReadResult): string | undefined {
  return result.status === 'ok' ? result.draft.data.appearance?.accent : undefined;
}

/** Only the window that framed us, from our own origin, may drive the preview. */
function editorWindow(): Window | null {
  return window.parent === window ? null : window.parent;
}

/**
 * Scrolls this document (never the editor around it) to a part, honouring scroll-margin-top.
 * The first part goes to the very top, so the template's header shows with it.
 */
function scrollToPart({ tab, instant }: ScrollMessage): boolean {
  // The look is the whole page's: shown from its top, where the first part is.
  const part = tab === 'look' ? 'personalDetails' : tab;
  const target = document.getElementById(part);
  if (!target) return false;
  const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
  const top =
    part === 'personalDetails' ? 0 : target.getBoundingClientRect().top + window.scrollY - margin;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: instant || reduced ? 'instant' : 'smooth' });
  return true;
}

/**
 * /edit-template1 ... /edit-template5: the draft rendered with its template, as the editor
 * shows it in its preview frame. The draft comes from local storage, then live from the editor
 * by message as the user types; every field is made safe to show first (an invalid address is
 * blanked, an over-long text cut). Never redirects, whatever the width.
 */
export function DraftPreviewPage({ templateId }: { templateId: TemplateId }) {
  const template = useTemplate(templateId);
  const [shown, setShown] = useState(readStoredForPreview);
  // The draft last handed to React, to compare the next one with outside a state update.
  const latest = useRef(shown);
  const pendingScroll = useRef<ScrollMessage | null>(null);
  const accentChangedFrom = useRef<ColourSnapshot | null>(null);

  useEffect(() => {
    const show = (raw: string | null) => {
      if (latest.current.raw === raw) return;
      const next = { raw, result: parseDraftForPreview(raw) };
      // The colours as they are, to find after the render where the new accent shows.
      if (accentOf(next.result) !== accentOf(latest.current.result)) {
        accentChangedFrom.current ??= snapshotColours();
      }
      latest.current = next;
      setShown(next);
    };
    // Once the editor around this frame sends drafts itself, its messages alone drive the
    // preview (a storage event can arrive after a newer message and would show an older draft).
    let drivenByEditor = false;
    // Another tab saving the draft updates the preview.
    const stopWatchingStorage = onOtherTabDraftChange((raw) => {
      if (!drivenByEditor) show(raw);
    });
    const onMessage = (event: MessageEvent) => {
      if (!isTrustedMessage(event, editorWindow()) || !isPreviewCommand(event.data)) return;
      const command = event.data;
      if (command.type === 'draft') {
        drivenByEditor = true;
        show(command.raw);
      } else if (!scrollToPart(command)) pendingScroll.current = command;
    };
    window.addEventListener('message', onMessage);
    // Listening now: the editor sends its latest draft and where to scroll.
    editorWindow()?.postMessage(readyMessage(), window.location.origin);
    return () => {
      stopWatchingStorage();
      window.removeEventListener('message', onMessage);
    };
  }, []);

  const { result } = shown;
  const visible =
    result.status === 'ok' && result.draft.templateId === templateId && template.status === 'ready';

  // A new accent, now drawn: shown where it took effect.
  useEffect(() => {
    if (!accentChangedFrom.current) return;
    const before = accentChangedFrom.current;
    accentChangedFrom.current = null;
    if (visible) spotlightAccentChange(before);
  }, [shown, visible]);

  // A scroll asked for before the template was on screen happens once it is.
  useEffect(() => {
    if (visible && pendingScroll.current && scrollToPart(pendingScroll.current)) {
      pendingScroll.current = null;
    }
  });

  // Once what this frame will show is on screen (the template drawn with the draft, or why there
  // is nothing to show), the page framing it is told, after the browser has painted it.
  const settled =
    !(result.status === 'ok' && result.draft.templateId === templateId) ||
    template.status !== 'loading';
  useEffect(() => {
    if (!settled) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() =>
        editorWindow()?.postMessage(shownMessage(), window.location.origin),
      );
    });
    return () => cancelAnimationFrame(frame);
  }, [settled]);

  if (result.status !== 'ok' || result.draft.templateId !== templateId) {
    return (
      <main className="simple-page">
        <div className="surface-card simple-page__card">
          <h1>Nothing to preview yet</h1>
          <p>
            {result.status === 'invalid'
              ? `The saved draft cannot be shown: ${result.problem.message}`
              : result.status === 'ok'
                ? 'The saved draft is for another template. Pick this template and start editing to see it here.'
                : 'There is no draft for this template in this browser. Pick a template and start editing to see it here.'}
          </p>
        </div>
      </main>
    );
  }
  if (template.status !== 'ready') return <TemplateLoading failed={template.status === 'failed'} />;
  return <template.Component data={result.draft.data} />;
}
