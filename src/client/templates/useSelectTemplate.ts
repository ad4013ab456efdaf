import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  EDIT_PATH,
  portfolioDataPath,
  templateDataPath,
  type EditorNavigationState,
} from '../../shared/routes.js';
import type { PortfolioDataResponse, TemplateDataResponse } from '../../shared/templates-api.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { loadPublishedForEdit } from '../account/editPublished.js';
import { api } from '../api/http.js';
import { currentSession, refreshSession, useSession } from '../auth/session.js';
import { DRAFT_NOT_SAVED_MESSAGE, stopEditingPublished, writeDraft } from '../draft/storage.js';

/**
 * Picking a template to edit, as /choose and a template's preview offer it. Nobody has to sign in
 * for it: the draft lives in this browser, and sign-in is asked for where the server needs to know
 * who it is (the first upload, publishing), carrying the draft along. Signed in, picking a template
 * the person has published opens that portfolio for an update of its address; otherwise the
 * template's sample becomes the draft.
 */
export function useSelectTemplate() {
  const navigate = useNavigate();
  const session = useSession();
  const [busyTemplate, setBusyTemplate] = useState<TemplateId | undefined>();
  const [selectError, setSelectError] = useState<string | undefined>();

  /** The templates this person has published: picking one of them edits that portfolio. */
  const published = new Set(
    session.status === 'ready' ? session.portfolios.map((p) => p.templateId) : [],
  );

  const select = async (templateId: TemplateId) => {
    setSelectError(undefined);
    setBusyTemplate(templateId);
    try {
      // Who is signed in is asked now: a pick in the page's first moment waits for the answer.
      const now = currentSession().status === 'loading' ? await refreshSession() : currentSession();
      const owned =
        now.status === 'ready' && now.user
          ? now.portfolios.find((p) => p.templateId === templateId)
          : undefined;
      if (owned?.username) await loadPublishedForEdit(templateId, owned.username);
      else {
        // A fresh pick (or a portfolio whose address was released) chooses one on the final preview.
        const { data } = owned
          ? await api<PortfolioDataResponse>(portfolioDataPath(templateId))
          : await api<TemplateDataResponse>(templateDataPath(templateId));
        stopEditingPublished();
        if (!writeDraft({ templateId, data })) {
          setSelectError(DRAFT_NOT_SAVED_MESSAGE);
          setBusyTemplate(undefined);
          return;
        }
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
    published,
    /** Why the last pick did not go through. */
    problem: selectError,
    dismissProblem: () => setSelectError(undefined),
  };
}
