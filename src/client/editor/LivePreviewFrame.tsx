import type { RefObject } from 'react';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { templateName } from '../../shared/templates/catalog.js';
import { UiIcon } from './UiIcon.js';

interface LivePreviewFrameProps {
  templateId: TemplateId;
  frameRef: RefObject<HTMLIFrameElement | null>;
}

/**
 * The live preview, drawn as a browser window: the draft preview page of the template in a
 * same-origin frame that the editor updates by message (it is never reloaded while typing).
 */
export function LivePreviewFrame({ templateId, frameRef }: LivePreviewFrameProps) {
  const name = templateName(templateId);
  return (
    <section className="browser" aria-label="Live preview">
      <div className="browser__bar">
        <span className="browser__dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="browser__address">
          <UiIcon name="lock" className="browser__lock" />
          <span className="browser__host">{window.location.host}</span>
          <span className="browser__path">/users/your-username</span>
        </span>
        <span className="browser__live">
          <span className="browser__pulse" aria-hidden="true" />
          Live preview
        </span>
      </div>
      <iframe
        ref={frameRef}
        className="browser__frame"
        src={`/edit-${templateId}`}
        title={`Live preview of your ${name} portfolio`}
      />
    </section>
  );
}
