import { useEffect, useRef, useState } from 'react';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { BrowserFrame } from '../components/BrowserFrame.js';
import { useMediaQuery } from '../components/useMediaQuery.js';
import { isShownMessage, isTrustedMessage } from '../frame-messages.js';
import { fitFrameToPage, followWindow, unfitFrame } from './fitFrame.js';

/** Where the page is shown in one column with the cards (final-preview.css: below 751 px). */
const PAGE_IN_COLUMN = '(max-width: 750px)';

/** The draft as it will look, in the editor's browser window, at the address it will have. */
export function FinalPreviewFrame({ templateId, path }: { templateId: TemplateId; path: string }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  // The frame's document loads before the template in it is drawn (its code comes after): the
  // note stays until the frame says the template is painted.
  const [shown, setShown] = useState(false);
  const inColumn = useMediaQuery(PAGE_IN_COLUMN);
  // Each load of the frame is a new document: it is measured and watched afresh.
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frame = frameRef.current?.contentWindow ?? null;
      if (isTrustedMessage(event, frame) && isShownMessage(event.data)) setShown(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // On a phone the frame is as tall as the page in it, kept so as it loads images, reflows on
  // turning the phone, or changes in any other way: the window is the one thing that scrolls,
  // and the template's fixed bar follows it.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    if (!inColumn || !shown) {
      unfitFrame(frame);
      return;
    }
    let queued = 0;
    const fit = () => {
      cancelAnimationFrame(queued);
      queued = requestAnimationFrame(() => fitFrameToPage(frame, window.innerHeight));
    };
    fitFrameToPage(frame, window.innerHeight);
    // The frame's own ResizeObserver, for elements of its document.
    const view = frame.contentWindow as (Window & typeof globalThis) | null;
    const doc = frame.contentDocument;
    const observer = view && doc?.body ? new view.ResizeObserver(fit) : undefined;
    if (observer && doc?.body) {
      observer.observe(doc.body);
      for (const child of Array.from(doc.body.children)) observer.observe(child);
    }
    window.addEventListener('resize', fit);
    let scrolled = 0;
    const follow = () => {
      cancelAnimationFrame(scrolled);
      scrolled = requestAnimationFrame(() => followWindow(frame));
    };
    window.addEventListener('scroll', follow, { passive: true });
    return () => {
      cancelAnimationFrame(queued);
      cancelAnimationFrame(scrolled);
      observer?.disconnect();
      window.removeEventListener('resize', fit);
      window.removeEventListener('scroll', follow);
      unfitFrame(frame);
    };
  }, [inColumn, shown, loads]);

  return (
    <BrowserFrame label="Your portfolio as visitors will see it" path={path}>
      {!shown && (
        <p className="fp-preview__loading" role="status">
          Loading the preview…
        </p>
      )}
      <iframe
        ref={frameRef}
        className="browser__frame"
        src={`/edit-${templateId}`}
        title="Preview of your portfolio"
        data-fit={inColumn && shown ? 'page' : undefined}
        onLoad={() => setLoads((count) => count + 1)}
      />
    </BrowserFrame>
  );
}
