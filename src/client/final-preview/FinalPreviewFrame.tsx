import { useState } from 'react';
import type { TemplateId } from '../../shared/templates/catalog.js';

/** The draft as it will look, in a browser-like frame that shows the address it will have. */
export function FinalPreviewFrame({
  templateId,
  address,
}: {
  templateId: TemplateId;
  address: string;
}) {
  const [loaded, setLoaded] = useState(false);
  return (
    <figure className="fp-frame">
      <figcaption className="fp-frame__bar">
        <span className="fp-frame__dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="fp-frame__address">
          <span className="visually-hidden">Preview of the page at </span>
          {address}
        </span>
      </figcaption>
      <div className="fp-frame__viewport">
        {!loaded && (
          <p className="fp-frame__loading" role="status">
            Loading the preview…
          </p>
        )}
        <iframe
          className="fp-frame__iframe"
          src={`/edit-${templateId}`}
          title="Preview of your portfolio"
          onLoad={() => setLoaded(true)}
        />
      </div>
    </figure>
  );
}
