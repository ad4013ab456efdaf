import { DRAFT_NOT_SAVED_MESSAGE, startEditingPublished } from '../draft/storage.js';
import { portfolioDataPath } from '../../shared/routes.js';
import type { PortfolioDataResponse } from '../../shared/templates-api.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { api } from '../api/http.js';
import { currentSession } from '../auth/session.js';

/** The signed-in person's published data for `templateId` (at most one page per template). */
export async function loadPublishedData(templateId: TemplateId) {
  return (await api<PortfolioDataResponse>(portfolioDataPath(templateId))).data;
}

/**
 * Makes the signed-in person's live portfolio of `templateId` the draft, as an edit of its
 * address `username` (Edit on the account page, Update on /choose). Throws with what to tell them.
 */
export async function loadPublishedForEdit(templateId: TemplateId, username: string) {
  const session = currentSession();
  const owner = session.status === 'ready' ? session.user?.email : undefined;
  if (!owner) throw new Error('Please sign in again to edit your portfolio.');
  const data = await loadPublishedData(templateId);
  if (!startEditingPublished({ templateId, data }, username, owner)) {
    throw new Error(DRAFT_NOT_SAVED_MESSAGE);
  }
}
