import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Draft } from '../../shared/draft.js';
import { EDIT_PATH, publicPagePath } from '../../shared/routes.js';
import { templateName, type TemplateId } from '../../shared/templates/catalog.js';
import { AddressCard } from './AddressCard.js';
import { Alert } from '../components/Alert.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { FinalPreviewFrame } from './FinalPreviewFrame.js';
import {
  finalPreviewLead,
  FinalPreviewLayout,
  useBackToEditorState,
} from './FinalPreviewLayout.js';
import { PublishCard } from './PublishCard.js';
import { missingRequiredFields } from './requiredFields.js';
import { UpdateCard } from './UpdateCard.js';
import { usePublishing } from './usePublishing.js';
import { readEditingTarget, stopEditingPublished } from '../draft/storage.js';
import { templatePrice, useTemplateList } from '../templates/useTemplateList.js';
import { UiIcon } from '../components/UiIcon.js';
import { NotesSummary } from './NotesSummary.js';
import { useMediaQuery } from '../components/useMediaQuery.js';

/** Where the page itself is shown: beside the cards, or above them on a phone. */
const PAGE_SHOWN_ID = 'your-page';

/** The address and payment cards, which a phone reaches from its first screen with one tap. */
const STEPS_ID = 'publish-steps';

/** Where the panel and the page stand side by side (final-preview.css: a column below 751 px). */
const PANEL_BESIDE_PAGE = '(min-width: 751px)';

/** The final preview with a readable draft: choose the address, then publish. */
export function Publisher({
  templateId,
  draft,
  draftProblem,
}: {
  templateId: TemplateId;
  /** Undefined when the draft cannot be published as it is (draftProblem says why). */
  draft: Draft | undefined;
  draftProblem?: string;
}) {
  const usernameInput = useRef<HTMLInputElement>(null);
  const publishing = usePublishing(templateId, draft, usernameInput);
  const price = templatePrice(useTemplateList().loaded, templateId);
  const missing = useMemo(
    () => (draft ? missingRequiredFields(draft.templateId, draft.data) : []),
    [draft],
  );
  const id = useId();
  const wide = useMediaQuery(PANEL_BESIDE_PAGE);
  const [payFoot, setPayFoot] = useState<HTMLDivElement | null>(null);
  // Opened with Edit on the account page: the address is that page's, fixed.
  const [editing, setEditing] = useState(() => readEditingTarget(templateId));
  // "Publish changes" has put them live: the lead no longer says "once you publish them".
  const [changesLive, setChangesLive] = useState(false);
  const path = publicPagePath(editing?.username ?? (publishing.username || 'your-username'));
  const editorState = useBackToEditorState(templateId);
  const signInAlert = publishing.signInMessage && (
    <Alert onDismiss={publishing.dismissSignInMessage}>{publishing.signInMessage}</Alert>
  );

  return (
    <FinalPreviewLayout
      templateId={templateId}
      lead={finalPreviewLead(templateId, editing !== undefined, changesLive)}
      signIn={publishing.signInFromBar}
      signingIn={publishing.signingIn}
      panel={
        <>
          {draftProblem && (
            <Alert>
              <p className="alert__text">
                Your draft has a field that cannot be published: {draftProblem}.{' '}
                <Link to={EDIT_PATH} state={editorState}>
                  Fix it in the editor
                </Link>
              </p>
            </Alert>
          )}

          {!wide && draft && <NotesSummary draft={draft} missing={missing} withSample={!editing} />}

          <div className="fp-steps" id={STEPS_ID} tabIndex={-1}>
            {editing ? (
              <UpdateCard
                id={id}
                username={editing.username}
                draft={draft}
                missing={missing}
                notesInCard={wide}
                onLeave={() => {
                  stopEditingPublished();
                  setEditing(undefined);
                }}
                onPublished={() => setChangesLive(true)}
              />
            ) : (
              <>
                <AddressCard
                  id={id}
                  publishing={publishing}
                  inputRef={usernameInput}
                  canSubmit={draft !== undefined}
                  signInAlert={publishing.signInFor === 'claim' && signInAlert}
                />
                <PublishCard
                  id={id}
                  templateId={templateId}
                  draft={draft}
                  price={price}
                  missing={missing}
                  publishing={publishing}
                  signInAlert={publishing.signInFor === 'pay' && signInAlert}
                  payFoot={wide ? payFoot : null}
                  notesInCard={wide}
                />
                {publishing.confirmingUpdate && (
                  <ConfirmDialog
                    title="Update your page now?"
                    confirmLabel="Update my page"
                    onConfirm={publishing.confirmUpdate}
                    onClose={publishing.cancelUpdate}
                  >
                    <p>
                      {publicPagePath(publishing.username)} is your {templateName(templateId)} page.
                      Updating it puts these changes on it at once, for everyone who visits; it is
                      free while its yearly term runs.
                    </p>
                  </ConfirmDialog>
                )}
              </>
            )}
          </div>
        </>
      }
      after={
        <>
          {/* Beside the page, Make Payment stands below the scrolling cards and covers none of
            them; on a phone it stays in its card. */}
          {wide && <div className="fp-panel__foot" ref={setPayFoot} />}
          {/* One place in the document whatever the width, so the page in it never reloads when
            a phone turns sideways: CSS sets it beside the cards, or on a phone between the
            notes and the cards (final-preview.css). After them, for the keyboard, as before. */}
          <div className="fp-preview" id={PAGE_SHOWN_ID} tabIndex={-1}>
            <FinalPreviewFrame templateId={templateId} path={path} />
          </div>
          {/* On a phone the page is as tall as itself: while it scrolls by, the way back and the
            way on stay at hand, until the bar settles above the cards. */}
          {!wide && (
            <nav className="fp-dock" aria-label="Final preview">
              <Link
                className="button button--ghost fp-dock__back"
                to={EDIT_PATH}
                state={editorState}
              >
                <span aria-hidden="true">←</span> Edit
              </Link>
              <a className="button fp-dock__next" href={`#${STEPS_ID}`}>
                {!editing
                  ? 'Choose address and pay'
                  : changesLive
                    ? 'Your link'
                    : 'Publish changes'}
                <UiIcon name="down" />
              </a>
            </nav>
          )}
        </>
      }
    />
  );
}
