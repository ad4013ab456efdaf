import { useState } from 'react';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { BrowserFrame } from '../components/BrowserFrame.js';

/** The draft as it will look, in the editor's browser window, at the address it will have. */
export function FinalPreviewFrame({ templateId, path }: { templateId: TemplateId; path: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <BrowserFrame label="Your portfolio as visitors will see it" path={path}>
      {!loaded && (
        <p className="fp-preview__loading" role="status">
          Loading the preview…
        </p>
      )}
      <iframe
        className="browser__frame"
        src={`/edit-${templateId}`}
        title="Preview of your portfolio"
        onLoad={() => setLoaded(true)}
      />
    </BrowserFrame>
  );
}
