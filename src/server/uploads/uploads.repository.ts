import { sql } from 'kysely';
import { inTransaction, type Db, type Tx } from '../db/database.js';
import type { UploadsTable } from '../db/schema.js';

export type UploadRow = UploadsTable;

/**
 * Up to `limit` of a person's uploads, newest first (the hash breaks ties), starting after
 * `after` in that order.
 */
export async function listUploads(
  db: Db,
  userId: string,
  limit: number,
  after?: Pick<UploadRow, 'created_at' | 'hash'>,
): Promise<UploadRow[]> {
  let query = db.selectFrom('uploads').selectAll().where('user_id', '=', userId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.created_at),
        eb.and([eb('created_at', '=', after.created_at), eb('hash', '>', after.hash)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('hash').limit(limit).execute();
}

export async function findUpload(
  db: Db,
  userId: string,
  hash: string,
): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .where('hash', '=', hash)
    .executeTakeFirst();
}

/** Size and shape of a file anyone uploaded, so a second upload of it needs no processing. */
export async function findAnyUploadOf(
  db: Db,
  hash: string,
): Promise<Pick<UploadRow, 'width' | 'height' | 'bytes'> | undefined> {
  return db
    .selectFrom('uploads')
    .select(['width', 'height', 'bytes'])
    .where('hash', '=', hash)
    .executeTakeFirst();
}

/** How many uploads the person keeps, and the bytes they count against their quota. */
export async function uploadTotals(
  db: Db,
  userId: string,
): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('uploads')
    .select([
      sql<number | string>`count(*)`.as('count'),
      sql<number | string | null>`sum(bytes)`.as('bytes'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // PostgreSQL's count and sum of integers are bigints, which its driver returns as strings.
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Records the owner's focal-point crop of an upload; returns the one it replaces. */
export async function replaceOgFile(
  db: Db,
  userId: string,
  hash: string,
  file: string,
): Promise<string | null> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('uploads')
      .select('og_file')
      .where('user_id', '=', userId)
      .where('hash', '=', hash)
      .executeTakeFirst();
    await trx
      .updateTable('uploads')
      .set({ og_file: file })
      .where('user_id', '=', userId)
      .where('hash', '=', hash)
      .execute();
    return row?.og_file ?? null;
  });
}

/** Whether another owner of the same file keeps this crop as theirs. */
export async function isOgFileKept(db: Db, hash: string, file: string): Promise<boolean> {
  const row = await db
    .selectFrom('uploads')
    .select('user_id')
    .where('hash', '=', hash)
    .where('og_file', '=', file)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds the row, or only moves its reference time forward when the person has it already. */
export async function saveUpload(db: Db, row: UploadRow): Promise<void> {
  await db
    .insertInto('uploads')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'hash'])
        .doUpdateSet({ last_referenced_at: row.last_referenced_at }),
    )
    .execute();
}

export async function deleteUploadRow(db: Db, userId: string, hash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('uploads')
    .where('user_id', '=', userId)
    .where('hash', '=', hash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteUploadRowsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('uploads')
    .where('user_id', '=', userId)
    .returning('hash')
    .execute();
  return rows.map((row) => row.hash);
}

/** Whether anyone still has this upload (then its files stay). */
export async function isHashOwned(db: Db, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('uploads')
    .select('hash')
    .where('hash', '=', hash)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the person's uploads among `hashes` as referenced now; returns those that exist. */
export async function touchUploads(
  db: Db,
  userId: string,
  hashes: string[],
  now: string,
): Promise<string[]> {
  if (hashes.length === 0) return [];
  const rows = await db
    .updateTable('uploads')
    .set({ last_referenced_at: now })
    .where('user_id', '=', userId)
    .where('hash', 'in', hashes)
    .returning('hash')
    .execute();
  return rows.map((row) => row.hash);
}

/** Uploads nobody has referenced since `before`, oldest first. */
export async function staleUploads(db: Db, before: string, limit: number): Promise<UploadRow[]> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('last_referenced_at', '<', before)
    .orderBy('last_referenced_at')
    .limit(limit)
    .execute();
}

/**
 * Whether the person's published portfolios, or their orders still waiting to be paid or kept
 * as a credit, mention `hash` (their data is JSON text holding upload references).
 */
export async function isReferencedByOwnerData(
  db: Db,
  userId: string,
  hash: string,
): Promise<boolean> {
  const pattern = `%${hash}%`;
  const portfolio = await db
    .selectFrom('portfolios')
    .select('id')
    .where('user_id', '=', userId)
    .where('data', 'like', pattern)
    .limit(1)
    .executeTakeFirst();
  if (portfolio) return true;
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', ['created', 'credit'])
    .where('data', 'like', pattern)
    .limit(1)
    .executeTakeFirst();
  return order !== undefined;
}

/** Moves the reference time of one row forward (the sweep found it still in use). */
export async function markReferenced(
  db: Db,
  userId: string,
  hash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ last_referenced_at: now })
    .where('user_id', '=', userId)
    .where('hash', '=', hash)
    .execute();
}

/** Deletes the row only if it is still unreferenced since `before` (a touch may have come in). */
export async function deleteIfStillStale(
  db: Db,
  userId: string,
  hash: string,
  before: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('uploads')
    .where('user_id', '=', userId)
    .where('hash', '=', hash)
    .where('last_referenced_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** PostgreSQL only: the transaction's turn on one image's files, until it ends (file-turns.ts). */
export async function lockImageFiles(trx: Tx, hash: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${hash}, 0))`.execute(trx);
}
