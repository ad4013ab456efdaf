import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { EDIT_PATH, stepInHistory, type EditorNavigationState } from '../../shared/routes.js';
import { templateName, type TemplateId } from '../../shared/templates/catalog.js';
import { MAIN_CONTENT_ID } from '../components/TopBar.js';
import { FinalPreviewBar } from './FinalPreviewBar.js';

/** Back to the editor opens the step Review and publish was pressed on. */
export function useBackToEditorState(templateId: TemplateId): EditorNavigationState {
  const lastStep = stepInHistory(useLocation().state, templateId);
  return { templateId, ...(lastStep ? { step: lastStep } : {}) };
}

/** What the page in the frame is: a new page, or a live one with changes, published or not. */
export function finalPreviewLead(
  templateId: TemplateId,
  editing: boolean,
  changesLive: boolean,
): string {
  const name = templateName(templateId);
  if (!editing) return `Your ${name} page as visitors will see it.`;
  return changesLive
    ? `This is your ${name} portfolio with your changes, as visitors see it now.`
    : `This is your ${name} portfolio with your changes, as visitors will see it once you publish them.`;
}

/**
 * The final preview's frame of a page: its bar, then a panel with the title and the lead, the
 * cards under them (`panel`) and what follows the panel in the document (`after`: the page itself,
 * the dock). Drawn with the title and lead alone while the server says who is signed in, since
 * they need only the draft's template; the rest comes under them without moving them.
 */
export function FinalPreviewLayout({
  templateId,
  lead,
  signIn,
  signingIn,
  panel,
  after,
}: {
  templateId: TemplateId;
  lead: string;
  /** The bar's sign-in, once the page has one. */
  signIn?: () => void;
  signingIn?: boolean;
  panel?: ReactNode;
  after?: ReactNode;
}) {
  const editorState = useBackToEditorState(templateId);
  return (
    <div className="fp">
      <FinalPreviewBar
        back={{
          to: EDIT_PATH,
          state: editorState,
          label: 'Back to the editor',
          shortLabel: 'Editor',
        }}
        signIn={signIn}
        signingIn={signingIn}
      />
      <div className="fp-layout">
        <main className="fp-panel" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <div className="fp-panel__scroll">
            <h1 className="fp-panel__title">Final preview</h1>
            <p className="fp-panel__lead">{lead}</p>
            {panel}
          </div>
          {after}
        </main>
      </div>
    </div>
  );
}
