import { useEffect, useRef, useState } from 'react';
import { parseDraftForPreview, type DraftReadResult } from '../../shared/draft.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { onOtherTabDraftChange, readDraftJson } from '../draft/storage.js';
import { TemplateLoading } from '../components/TemplateLoading.js';
import {
  isPreviewCommand,
  isTrustedMessage,
  readyMessage,
  type ScrollMessage,
} from '../editor/previewMessages.js';
import { useTemplate } from '../templates/useTemplate.js';
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
  const pendingScroll = useRef<ScrollMessage | null>(null);

  useEffect(() => {
    const show = (raw: string | null) =>
      setShown((current) =>
        current.raw === raw ? current : { raw, result: parseDraftForPreview(raw) },
      );
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

  // A scroll asked for before the template was on screen happens once it is.
  useEffect(() => {
    if (visible && pendingScroll.current && scrollToPart(pendingScroll.current)) {
      pendingScroll.current = null;
    }
  });

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
