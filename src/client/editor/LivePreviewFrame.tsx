import { memo, type RefObject } from 'react';
import { publicPagePath } from '../../shared/routes.js';
import { templateName, type TemplateId } from '../../shared/templates/catalog.js';
import { BrowserFrame } from '../components/BrowserFrame.js';

interface LivePreviewFrameProps {
  templateId: TemplateId;
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** The live page's username when the draft edits one; a stand-in name otherwise. */
  username?: string;
}

/**
 * The live preview, drawn as a browser window: the draft preview page of the template in a
 * same-origin frame that the editor updates by message (it is never reloaded while typing).
 * Memoized: typing in a field does not draw it again (the draft goes to the frame by message).
 */
export const LivePreviewFrame = memo(function LivePreviewFrame({
  templateId,
  frameRef,
  username,
}: LivePreviewFrameProps) {
  const name = templateName(templateId);
  return (
    <BrowserFrame
      label="Live preview"
      path={publicPagePath(username ?? 'your-username')}
      badge="Live preview"
    >
      <iframe
        ref={frameRef}
        className="browser__frame"
        src={`/edit-${templateId}`}
        title={`Live preview of your ${name} portfolio`}
      />
    </BrowserFrame>
  );
});
