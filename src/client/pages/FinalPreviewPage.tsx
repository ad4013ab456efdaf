import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CHOOSE_PATH } from '../../shared/routes.js';
import { useSession } from '../auth/session.js';
import { useSmallScreenRedirect } from '../components/useSmallScreenRedirect.js';
import { FinalPreviewBar } from '../final-preview/FinalPreviewBar.js';
import {
  readStoredDraftForFinalPreview,
  storedDraftTemplateId,
} from '../final-preview/finalDraft.js';
import { loadSamplesAhead } from '../final-preview/SampleLeftoversWarning.js';
import { Publisher } from '../final-preview/Publisher.js';
import { FinalPreviewLayout, finalPreviewLead } from '../final-preview/FinalPreviewLayout.js';
import { draftWaitsForSession } from '../draft/storage.js';
import '../final-preview/final-preview.css';
import './simple-page.css';
import { MAIN_CONTENT_ID } from '../components/TopBar.js';

/** /final-preview: the stored draft as it will be published, with its address and payment. */
export function FinalPreviewPage() {
  useSmallScreenRedirect();
  const session = useSession();
  // Meanwhile the templates' samples load, so that the cards are drawn with the warning about
  // sample parts rather than moving down when it arrives.
  const [sampleLoaded, setSampleLoaded] = useState(false);
  useEffect(() => {
    // Without a stored draft there is nothing to warn about.
    void (storedDraftTemplateId() ? loadSamplesAhead() : Promise.resolve()).then(() =>
      setSampleLoaded(true),
    );
  }, []);
  // The draft is read once the server has said who is signed in: a draft that edits another
  // person's live page is forgotten first (session.ts). Meanwhile a plain draft's title and lead,
  // the first screen's words, are drawn from the template it names.
  if (session.status === 'loading' || !sampleLoaded) {
    const templateId = draftWaitsForSession() ? undefined : storedDraftTemplateId();
    return templateId ? (
      <FinalPreviewLayout
        templateId={templateId}
        lead={finalPreviewLead(templateId, false, false)}
      />
    ) : null;
  }
  return <StoredDraftPreview />;
}

function StoredDraftPreview() {
  const [stored] = useState(readStoredDraftForFinalPreview);

  if (stored.status === 'missing' || stored.status === 'unreadable') {
    return (
      <div className="fp">
        <FinalPreviewBar />
        <main className="fp-empty" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <div className="surface-card simple-page__card">
            <h1>Nothing to publish yet</h1>
            <p>
              {stored.status === 'missing'
                ? 'There is no portfolio draft in this browser. Pick a template and fill in your details first; your work is kept here as you edit.'
                : 'The draft saved in this browser cannot be read. Pick a template to start a fresh one.'}
            </p>
            <Link className="button" to={CHOOSE_PATH}>
              Pick a template
            </Link>
          </div>
        </main>
      </div>
    );
  }
  if (stored.status === 'invalid') {
    return (
      <Publisher
        templateId={stored.templateId}
        draft={undefined}
        draftProblem={stored.problem.message}
      />
    );
  }
  return <Publisher templateId={stored.draft.templateId} draft={stored.draft} />;
}
