import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../auth/session.js';
import { useSmallScreenRedirect } from '../components/useSmallScreenRedirect.js';
import type { Draft } from '../../shared/draft.js';
import {
  CHOOSE_PATH,
  EDIT_PATH,
  TEMPLATE_QUERY,
  type EditorNavigationState,
} from '../../shared/routes.js';
import {
  draftWaitsForSession,
  forgetStepReached,
  readDraftJson,
  writeDraft,
} from '../draft/storage.js';
import { Editor } from '../editor/Editor.js';
import {
  resolveEditorStart,
  storedEditorStart,
  withItsTemplateParts,
  type EditorStart,
} from '../editor/editorData.js';
import { TemplateArrival } from './TemplateArrival.js';

/**
 * /edit: the template comes from navigation state (Select on /choose); after a reload without
 * it, from the stored draft; with neither there is nothing to edit, so back to /choose.
 * /edit?template=<id> (a template preview's Use this template) picks that template first.
 */
export function EditorPage() {
  useSmallScreenRedirect();
  const requested = new URLSearchParams(useLocation().search).get(TEMPLATE_QUERY);
  return requested === null ? <DraftEditor /> : <TemplateArrival requested={requested} />;
}

function DraftEditor() {
  const location = useLocation();
  const navigate = useNavigate();
  // What the page was opened with: later navigation state or drafts do not restart the editor.
  const [navigationState] = useState<unknown>(() => location.state);
  // A draft that edits a live page is read once the server has said who is signed in: if that is
  // another person, it is forgotten first (session.ts).
  const [waitsForSession] = useState(draftWaitsForSession);
  const sessionLoading = useSession().status === 'loading';
  const mayReadDraft = !waitsForSession || !sessionLoading;
  // A stored draft that need not wait is drawn in the first render, with no frame of nothing.
  const [start, setStart] = useState<EditorStart | undefined | 'resolving'>(() =>
    waitsForSession ? 'resolving' : (storedEditorStart(readDraftJson() ?? null) ?? 'resolving'),
  );
  // A cleared draft starts a fresh editor (fields, lists and preview from the new content).
  const [run, setRun] = useState(0);

  useEffect(() => {
    if (!mayReadDraft || start !== 'resolving') return;
    let live = true;
    void resolveEditorStart(navigationState, readDraftJson() ?? null).then((resolved) => {
      if (live) setStart(resolved);
    });
    return () => {
      live = false;
    };
  }, [navigationState, mayReadDraft, start]);

  useEffect(() => {
    if (start === undefined) void navigate(CHOOSE_PATH, { replace: true });
  }, [start, navigate]);

  // "Change template": the carried-over draft is the draft from now on, and the editor starts
  // again on the new template's first step.
  const switchTemplate = (draft: Draft, restored: readonly string[]) => {
    const next = withItsTemplateParts(draft);
    writeDraft(next);
    setStart({ draft: next, restored });
    void navigate(EDIT_PATH, {
      replace: true,
      state: { templateId: next.templateId } satisfies EditorNavigationState,
    });
  };

  if (start === undefined || start === 'resolving') return null;
  // A new run restarts the editor from `start` (a cleared draft, or another template).
  return (
    <Editor
      key={run}
      start={start}
      onCleared={(draft) => {
        setStart({ draft: withItsTemplateParts(draft) });
        // Starting over starts at the first step, with none ticked.
        forgetStepReached();
        void navigate(EDIT_PATH, {
          replace: true,
          state: { templateId: draft.templateId } satisfies EditorNavigationState,
        });
        setRun((count) => count + 1);
      }}
      onSwitchTemplate={(draft, restored) => {
        switchTemplate(draft, restored);
        setRun((count) => count + 1);
      }}
    />
  );
}
