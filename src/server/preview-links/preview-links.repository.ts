import { PostgresAdapter } from 'kysely';
import type { Db, Tx } from '../db/database.js';
import type { PreviewLinksTable } from '../db/schema.js';

/** All the SQL of preview links. Times are ISO-8601 text, compared as text like everywhere. */

export type PreviewLinkRow = Omit<PreviewLinksTable, 'token_hash' | 'data'>;

const LISTED = [
  'id',
  'token_sealed',
  'user_id',
  'template_id',
  'created_at',
  'updated_at',
  'expires_at',
  'ended_at',
] as const;

/** The person's current link for a template (live or run out, not ended), locked on PostgreSQL. */
export async function findCurrentLink(
  trx: Tx,
  userId: string,
  templateId: string,
): Promise<PreviewLinkRow | undefined> {
  const query = trx
    .selectFrom('preview_links')
    .select(LISTED)
    .where('user_id', '=', userId)
    .where('template_id', '=', templateId)
    .where('ended_at', 'is', null);
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  return (postgres ? query.forUpdate() : query).executeTakeFirst();
}

/** How many of the person's links are live at `now`. */
export async function countLiveLinks(trx: Tx, userId: string, now: string): Promise<number> {
  const row = await trx
    .selectFrom('preview_links')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertLink(trx: Tx, row: PreviewLinksTable): Promise<void> {
  await trx.insertInto('preview_links').values(row).execute();
}

/** Replaces a current link's snapshot. */
export async function replaceSnapshot(
  trx: Tx,
  id: string,
  data: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable('preview_links')
    .set({ data, updated_at: now })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * Ends a link of the person's that has not ended yet: its snapshot goes, the row stays so the
 * address says the preview has ended. False when the person has no such link.
 */
export async function endLink(db: Db | Tx, userId: string, id: string, now: string) {
  const result = await db
    .updateTable('preview_links')
    .set({ data: null, ended_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A new expiry for one of the person's live links. False when there is no such live link. */
export async function extendLink(
  db: Db,
  userId: string,
  id: string,
  expiresAt: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('preview_links')
    .set({ expires_at: expiresAt })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findLinkOf(
  db: Db,
  userId: string,
  id: string,
): Promise<PreviewLinkRow | undefined> {
  return db
    .selectFrom('preview_links')
    .select(LISTED)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The person's live links, newest first (at most one per template, so a handful). */
export async function listLiveLinks(
  db: Db,
  userId: string,
  now: string,
): Promise<PreviewLinkRow[]> {
  return db
    .selectFrom('preview_links')
    .select(LISTED)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('updated_at', 'desc')
    .execute();
}

/** What a link's address shows: found by the token's hash alone (one unique-index lookup). */
export async function findByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('preview_links')
    .select(['id', 'template_id', 'data', 'expires_at', 'ended_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Ends up to `limit` links whose time ran out: their snapshots go. Returns how many. */
export async function endRunOutLinks(db: Db, now: string, limit: number): Promise<number> {
  const result = await db
    .updateTable('preview_links')
    .set((eb) => ({ data: null, ended_at: eb.ref('expires_at') }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('preview_links')
        .select('id')
        .where('ended_at', 'is', null)
        .where('expires_at', '<=', now)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes up to `limit` links that ended before `before`. Returns how many. */
export async function deleteEndedLinks(db: Db, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('preview_links')
    .where('id', 'in', (eb) =>
      eb.selectFrom('preview_links').select('id').where('ended_at', '<', before).limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
