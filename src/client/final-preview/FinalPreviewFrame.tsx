import { useEffect, useRef, useState } from 'react';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { BrowserFrame } from '../components/BrowserFrame.js';
import { isShownMessage, isTrustedMessage } from '../frame-messages.js';

/** The draft as it will look, in the editor's browser window, at the address it will have. */
export function FinalPreviewFrame({ templateId, path }: { templateId: TemplateId; path: string }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  // The frame's document loads before the template in it is drawn (its code comes after): the
  // note stays until the frame says the template is painted.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frame = frameRef.current?.contentWindow ?? null;
      if (isTrustedMessage(event, frame) && isShownMessage(event.data)) setShown(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
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
      />
    </BrowserFrame>
  );
}
