import { useEffect, useState } from 'react';
import { DRAFT_STORAGE_KEY, parseDraft, type DraftReadResult } from '../../shared/domain/draft.js';
import type { TemplateId } from '../../shared/routes.js';
import { TemplateLoading } from '../components/TemplateLoading.js';
import { useTemplate } from '../templates/useTemplate.js';
import './simple-page.css';

function readDraft(): DraftReadResult {
  try {
    return parseDraft(window.localStorage.getItem(DRAFT_STORAGE_KEY));
  } catch {
    return {
      status: 'invalid',
      problem: {
        field: 'templateData',
        message: 'Local storage is not available in this browser.',
      },
    };
  }
}

/**
 * /edit-template1 ... /edit-template5: the draft from local storage rendered with its template,
 * as the editor shows it in its preview frame. Never redirects, whatever the width.
 */
export function DraftPreviewPage({ templateId }: { templateId: TemplateId }) {
  const template = useTemplate(templateId);
  const [result, setResult] = useState(readDraft);

  // Another tab (or the editor around this frame) saving the draft updates the preview.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === DRAFT_STORAGE_KEY || event.key === null) setResult(readDraft());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  if (result.status !== 'ok' || result.draft.templateId !== templateId) {
    return (
      <main className="simple-page">
        <div className="simple-page__card">
          <h1>Nothing to preview yet</h1>
          <p>
            {result.status === 'invalid'
              ? `The saved draft cannot be shown: ${result.problem.message}`
              : 'There is no draft for this template in this browser. Pick a template and start editing to see it here.'}
          </p>
        </div>
      </main>
    );
  }
  if (template.status !== 'ready') return <TemplateLoading failed={template.status === 'failed'} />;
  return <template.Component data={result.draft.data} />;
}
