import type { Draft } from '../../shared/draft.js';
import {
  PREVIEW_LINKS_PATH,
  previewLinkPath,
  previewLinkRenewPath,
  type PreviewLink,
  type PreviewLinksResponse,
  type SharePreviewRequest,
  type SharePreviewResponse,
} from '../../shared/preview-links.js';
import { isTemplateId, templateName } from '../../shared/templates/catalog.js';
import { api } from '../api/http.js';

/** The API of preview links, as the editor and the account page call it. */

export const listPreviewLinks = async (): Promise<PreviewLink[]> =>
  (await api<PreviewLinksResponse>(PREVIEW_LINKS_PATH)).links;

/** Makes the draft's link, or puts the draft in the one there is. */
export function sharePreview(draft: Draft): Promise<SharePreviewResponse> {
  const body: SharePreviewRequest = { templateId: draft.templateId, data: draft.data };
  return api<SharePreviewResponse>(PREVIEW_LINKS_PATH, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

export const renewPreviewLink = async (id: string): Promise<PreviewLink> =>
  (await api<{ link: PreviewLink }>(previewLinkRenewPath(id), { method: 'POST', body: '{}' })).link;

export const revokePreviewLink = (id: string): Promise<null> =>
  api<null>(previewLinkPath(id), { method: 'DELETE' });

/** "Mini-port draft": a link is named by the template whose draft it shows. */
export const linkName = (link: PreviewLink) =>
  isTemplateId(link.templateId) ? `${templateName(link.templateId)} draft` : 'Draft';

/** "20 Dec 2026": the day a link ends. */
export const expiryDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { dateStyle: 'medium' });
