import { portfolioDataPath, templateDataPath } from '../../shared/routes.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import type { PortfolioDataResponse, TemplateDataResponse } from '../../shared/templates-api.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { loadPublishedData } from '../account/editPublished.js';
import { api } from '../api/http.js';
import { currentSession, refreshSession } from '../auth/session.js';
import {
  DRAFT_NOT_SAVED_MESSAGE,
  startEditingPublished,
  stopEditingPublished,
  writeDraft,
} from '../draft/storage.js';

/** What picking a template makes the draft: its sample, or the person's own page of it. */
export interface TemplatePick {
  templateId: TemplateId;
  data: PortfolioData;
  /** The live page this draft updates, and whose it is (a signed-in owner's pick). */
  editing?: { username: string; owner: string };
}

/**
 * Picking a template to edit (Select on /choose, Use this template on a preview): nobody has to
 * sign in for it. The draft lives in this browser, and sign-in is asked for where the server
 * needs to know who it is (the first upload, publishing), carrying the draft along. Signed in,
 * picking a template the person has published opens that portfolio for an update of its
 * address; otherwise the template's sample becomes the draft. Loads what the draft will be;
 * `keepPick` stores it. Throws with what to tell the person.
 */
export async function preparePick(templateId: TemplateId): Promise<TemplatePick> {
  // Who is signed in is asked now: a pick in the page's first moment waits for the answer.
  const now = currentSession().status === 'loading' ? await refreshSession() : currentSession();
  const user = now.status === 'ready' ? now.user : undefined;
  const owned =
    now.status === 'ready' && user
      ? now.portfolios.find((p) => p.templateId === templateId)
      : undefined;
  if (user && owned?.username) {
    const data = await loadPublishedData(templateId);
    return { templateId, data, editing: { username: owned.username, owner: user.email } };
  }
  // A fresh pick (or a portfolio whose address was released) chooses one on the final preview.
  const { data } = owned
    ? await api<PortfolioDataResponse>(portfolioDataPath(templateId))
    : await api<TemplateDataResponse>(templateDataPath(templateId));
  return { templateId, data };
}

/** Makes the pick the draft (and what it updates, if anything). Throws when it cannot be stored. */
export function keepPick(pick: TemplatePick): void {
  const draft = { templateId: pick.templateId, data: pick.data };
  let saved: boolean;
  if (pick.editing) saved = startEditingPublished(draft, pick.editing.username, pick.editing.owner);
  else {
    stopEditingPublished();
    saved = writeDraft(draft);
  }
  if (!saved) throw new Error(DRAFT_NOT_SAVED_MESSAGE);
}
