import { useLocation } from 'react-router';
import { EDIT_PATH, stepInHistory, type EditorNavigationState } from '../../shared/routes.js';
import { templateName, type TemplateId } from '../../shared/templates/catalog.js';
import { MAIN_CONTENT_ID } from '../components/TopBar.js';
import { FinalPreviewBar } from './FinalPreviewBar.js';

/** Back to the editor opens the step Review and publish was pressed on. */
export function useEditorState(templateId: TemplateId): EditorNavigationState {
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
 * The final preview's bar, title and lead, which need nothing from the server: drawn at once
 * while the server says who is signed in; Publisher then draws them in the same places, with the
 * cards and the page under them.
 */
export function FinalPreviewOpening({
  templateId,
  lead,
}: {
  templateId: TemplateId;
  lead: string;
}) {
  const editorState = useEditorState(templateId);
  return (
    <div className="fp">
      <FinalPreviewBar
        back={{
          to: EDIT_PATH,
          state: editorState,
          label: 'Back to the editor',
          shortLabel: 'Editor',
        }}
      />
      <div className="fp-layout">
        <main className="fp-panel" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <div className="fp-panel__scroll">
            <h1 className="fp-panel__title">Final preview</h1>
            <p className="fp-panel__lead">{lead}</p>
          </div>
        </main>
      </div>
    </div>
  );
}
