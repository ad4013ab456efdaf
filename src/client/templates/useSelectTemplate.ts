import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Draft } from '../../shared/draft.js';
import {
  EDIT_PATH,
  portfolioDataPath,
  templateDataPath,
  type EditorNavigationState,
} from '../../shared/routes.js';
import type { PortfolioDataResponse, TemplateDataResponse } from '../../shared/templates-api.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { api } from '../api/http.js';
import { currentSession, useSession } from '../auth/session.js';
import { useSignIn } from '../auth/useSignIn.js';
import { DRAFT_NOT_SAVED_MESSAGE, stopEditingPublished, writeDraft } from '../draft/storage.js';

/**
 * Picking a template to edit, as /choose and a template's preview offer it: signed out, sign in
 * first (from the click, so the popup is allowed); then the person's published portfolio of that
 * template, or the template's sample, becomes the draft and the editor opens on it.
 */
export function useSelectTemplate() {
  const navigate = useNavigate();
  const session = useSession();
  const { signIn, pending: signingIn, message: signInMessage, dismissMessage } = useSignIn();
  const [busyTemplate, setBusyTemplate] = useState<TemplateId | undefined>();
  const [signingInFor, setSigningInFor] = useState<TemplateId | undefined>();
  // A second pick while a sign-in is open starts another: only the latest one may clear the note.
  const picks = useRef(0);
  const [selectError, setSelectError] = useState<string | undefined>();

  const user = session.status === 'ready' ? session.user : null;
  /** The templates this person has published: picking one of them edits that portfolio. */
  const published = new Set(
    session.status === 'ready' ? session.portfolios.map((p) => p.templateId) : [],
  );

  const select = async (templateId: TemplateId) => {
    setSelectError(undefined);
    if (!user) {
      const pick = ++picks.current;
      setSigningInFor(templateId);
      const signedIn = await signIn();
      if (pick !== picks.current) return;
      setSigningInFor(undefined);
      if (!signedIn) return;
    }
    setBusyTemplate(templateId);
    try {
      // Asked now, not from this render: a sign-in a moment ago may have brought portfolios.
      const now = currentSession();
      const owned =
        now.status === 'ready' && now.portfolios.some((p) => p.templateId === templateId);
      const { data } = owned
        ? await api<PortfolioDataResponse>(portfolioDataPath(templateId))
        : await api<TemplateDataResponse>(templateDataPath(templateId));
      const draft: Draft = { templateId, data };
      // A pick chooses its address on the final preview again.
      stopEditingPublished();
      if (!writeDraft(draft)) {
        setSelectError(DRAFT_NOT_SAVED_MESSAGE);
        setBusyTemplate(undefined);
        return;
      }
      await navigate(EDIT_PATH, { state: { templateId } satisfies EditorNavigationState });
    } catch (error) {
      setSelectError((error as Error).message);
      setBusyTemplate(undefined);
    }
  };

  return {
    select,
    /** The template being opened, while its data loads. */
    busyTemplate,
    /** The template picked while signed out, while the sign-in it started is under way. */
    signingInFor,
    published,
    /** Why the last pick or sign-in did not go through. */
    problem: signInMessage ?? selectError,
    dismissProblem: () => {
      dismissMessage();
      setSelectError(undefined);
    },
    signIn,
    signingIn,
  };
}
