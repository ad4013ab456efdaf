import { createHash, randomUUID } from 'node:crypto';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { DAY_MS } from '../../shared/domain/time.js';
import {
  MAX_LIVE_PREVIEW_LINKS,
  PREVIEW_LINK_DAYS,
  PREVIEW_LINK_MAX_DAYS,
  PREVIEW_TOKEN_PATTERN,
  previewPagePath,
  type PreviewLink,
  type SharePreviewRequest,
  type SharePreviewResponse,
} from '../../shared/preview-links.js';
import { isTemplateId, type TemplateId } from '../../shared/templates/catalog.js';
import { inTransaction, isUniqueViolation, type Db } from '../db/database.js';
import { touchUploadsOf } from '../uploads/uploads.service.js';
import { PreviewLinkError } from './errors.js';
import {
  countLiveLinks,
  endLink,
  extendLink,
  findByTokenHash,
  findCurrentLink,
  findLinkOf,
  insertLink,
  listLiveLinks,
  replaceSnapshot,
  type PreviewLinkRow,
} from './preview-links.repository.js';
import { hashPreviewToken, type PreviewTokens } from './preview-tokens.js';

export interface PreviewLinksContext {
  db: Db;
  tokens: PreviewTokens;
  publicUrl: () => string;
  now: () => Date;
  /** Live links one person may have; MAX_LIVE_PREVIEW_LINKS but in tests. */
  maxLive?: number;
}

/** An ended link's row is kept this long, so its address says "ended" rather than "unknown". */
export const ENDED_LINK_KEPT_DAYS = 30;

const expiryFrom = (now: Date) =>
  new Date(now.getTime() + PREVIEW_LINK_DAYS * DAY_MS).toISOString();

function present(ctx: PreviewLinksContext, row: PreviewLinkRow): PreviewLink {
  const token = ctx.tokens.open(row.token_sealed);
  return {
    id: row.id,
    templateId: row.template_id,
    url: token ? `${ctx.publicUrl()}${previewPagePath(token)}` : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    expiresAt: row.expires_at,
  };
}

/**
 * A draft may show only its owner's uploads, as a published page may: a reference copied from
 * someone else's page must not put their image in front of whoever gets the link.
 */
async function checkUploads(ctx: PreviewLinksContext, userId: string, data: PortfolioData) {
  const foreign = await touchUploadsOf(ctx.db, userId, data, ctx.now());
  if (foreign) {
    const field = `data.${foreign.field}`;
    throw new PreviewLinkError(
      'foreign_upload',
      `${field} names an uploaded image that is not among your uploads (it may have been deleted): upload the file again`,
      field,
    );
  }
}

/**
 * Shares a draft: the person's current link for the template gets the new snapshot (its address
 * and expiry stay), or, when there is none live, a new link is made for 14 days.
 */
export async function sharePreview(
  ctx: PreviewLinksContext,
  userId: string,
  input: SharePreviewRequest,
): Promise<SharePreviewResponse> {
  await checkUploads(ctx, userId, input.data);
  const data = JSON.stringify(input.data);
  const attempt = () =>
    inTransaction(ctx.db, async (trx): Promise<SharePreviewResponse> => {
      const now = ctx.now();
      const stamp = now.toISOString();
      const current = await findCurrentLink(trx, userId, input.templateId);
      if (current && current.expires_at > stamp) {
        await replaceSnapshot(trx, current.id, data, stamp);
        return { created: false, link: present(ctx, { ...current, updated_at: stamp }) };
      }
      // Run out but not yet ended by the purge: ended now, so the new link can be current.
      if (current) await endLink(trx, userId, current.id, stamp);
      const max = ctx.maxLive ?? MAX_LIVE_PREVIEW_LINKS;
      if ((await countLiveLinks(trx, userId, stamp)) >= max) {
        throw new PreviewLinkError(
          'limit',
          `You already have ${max} live preview links, the most one person can have. Revoke one on your account page (My portfolios), then share again.`,
        );
      }
      const { hash, sealed } = ctx.tokens.issue();
      const row = {
        id: randomUUID(),
        token_hash: hash,
        token_sealed: sealed,
        user_id: userId,
        template_id: input.templateId,
        data,
        created_at: stamp,
        updated_at: stamp,
        expires_at: expiryFrom(now),
        ended_at: null,
      };
      await insertLink(trx, row);
      return { created: true, link: present(ctx, row) };
    });
  try {
    return await attempt();
  } catch (error) {
    // Two shares of one template at once: the other made the link, so this one updates it.
    if (!isUniqueViolation(error)) throw error;
    return attempt();
  }
}

export async function listPreviewLinks(
  ctx: PreviewLinksContext,
  userId: string,
): Promise<PreviewLink[]> {
  const rows = await listLiveLinks(ctx.db, userId, ctx.now().toISOString());
  return rows.map((row) => present(ctx, row));
}

const notFound = () =>
  new PreviewLinkError(
    'not_found',
    'You have no live preview link with that id: it may have ended already.',
  );

/** 14 more days from now for one of the person's live links, up to 60 days from when it was made. */
export async function renewPreviewLink(
  ctx: PreviewLinksContext,
  userId: string,
  id: string,
): Promise<PreviewLink> {
  const now = ctx.now();
  const current = await findLinkOf(ctx.db, userId, id);
  if (!current || current.ended_at !== null || current.expires_at <= now.toISOString()) {
    throw notFound();
  }
  const lastDay = new Date(
    Date.parse(current.created_at) + PREVIEW_LINK_MAX_DAYS * DAY_MS,
  ).toISOString();
  const expiry = [expiryFrom(now), lastDay].sort()[0]!;
  if (expiry <= current.expires_at) {
    throw new PreviewLinkError(
      'lifetime',
      `A preview link lasts at most ${PREVIEW_LINK_MAX_DAYS} days from when it was made. Revoke it and share again for a new link.`,
    );
  }
  const extended = await extendLink(ctx.db, userId, id, expiry, now.toISOString());
  const row = extended ? await findLinkOf(ctx.db, userId, id) : undefined;
  if (!row) throw notFound();
  return present(ctx, row);
}

/** Ends one of the person's links now; its snapshot is deleted at once. */
export async function revokePreviewLink(
  ctx: PreviewLinksContext,
  userId: string,
  id: string,
): Promise<void> {
  if (!(await endLink(ctx.db, userId, id, ctx.now().toISOString()))) throw notFound();
}

/** One version of a link's snapshot: the same version renders the same page. */
export interface PreviewVersion {
  linkId: string;
  /** SHA-256 of the stored snapshot, worked out before anything parses it. */
  digest: string;
}

export type PreviewPageSource =
  | {
      status: 'live';
      version: PreviewVersion;
      templateId: TemplateId;
      /** The snapshot as stored (JSON): parsed by the render thread, not here. */
      data: string;
    }
  | { status: 'ended' }
  | { status: 'unknown' };

/** What a link's address shows: the snapshot, "ended" (410), or nothing at all (404). */
export async function previewPageSource(
  ctx: PreviewLinksContext,
  token: string,
): Promise<PreviewPageSource> {
  // Not the shape of a token: no lookup at all.
  if (!PREVIEW_TOKEN_PATTERN.test(token)) return { status: 'unknown' };
  const row = await findByTokenHash(ctx.db, hashPreviewToken(token));
  if (!row) return { status: 'unknown' };
  const live = row.ended_at === null && row.expires_at > ctx.now().toISOString();
  if (!live || row.data === null || !isTemplateId(row.template_id)) return { status: 'ended' };
  return {
    status: 'live',
    version: { linkId: row.id, digest: createHash('sha256').update(row.data).digest('base64url') },
    templateId: row.template_id,
    data: row.data,
  };
}
