import type { PortfolioData } from './domain/portfolio.js';
import type { TemplateId } from './templates/catalog.js';

/**
 * Preview links: a snapshot of a draft, shown at /preview/{token} before it is paid for. The
 * rules both sides read (how long a link lives, how many one person may have) and the wire shapes
 * of /api/preview-links.
 */

/** Days a link lives after it is made or renewed. */
export const PREVIEW_LINK_DAYS = 14;
/**
 * Days a link may live in all, renewals included: a preview is for showing a draft, not a free
 * page kept up for good. After it, the person revokes it and shares a new one.
 */
export const PREVIEW_LINK_MAX_DAYS = 60;
/** Live links one person may have at once (one per template they share). */
export const MAX_LIVE_PREVIEW_LINKS = 5;

/** GET: the person's live links; POST: share a draft (makes the template's link, or updates it). */
export const PREVIEW_LINKS_PATH = '/api/preview-links';

/** POST: 14 more days from now for one live link. */
export const previewLinkRenewPath = (id: string) =>
  `${PREVIEW_LINKS_PATH}/${encodeURIComponent(id)}/renew`;

/** DELETE: end one link now. */
export const previewLinkPath = (id: string) => `${PREVIEW_LINKS_PATH}/${encodeURIComponent(id)}`;

/** Where a link's page is: the token is the only thing that finds it. */
export const previewPagePath = (token: string) => `/preview/${token}`;

/** A token as it appears in a link: 43 base64url characters (256 random bits). */
export const PREVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/preview-links: the draft as the editor holds it, checked like a publish. */
export interface SharePreviewRequest {
  templateId: TemplateId;
  data: PortfolioData;
}

/** One live link of the person's, as the editor and the account page show it. */
export interface PreviewLink {
  /** The link's own id, for renewing and revoking (not the token). */
  id: string;
  templateId: string;
  /**
   * The full address to share; null when the server can no longer read its copy of the token
   * (its secret was changed): the link still works for whoever has it, and can be revoked.
   */
  url: string | null;
  createdAt: string;
  /** When the snapshot was last replaced by sharing again. */
  updatedAt: string;
  expiresAt: string;
}

export interface PreviewLinksResponse {
  links: PreviewLink[];
}

/** POST /api/preview-links: the link, and whether sharing made it (else it was updated). */
export interface SharePreviewResponse {
  link: PreviewLink;
  created: boolean;
}
