import { sql, SqliteAdapter } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * One atomic step on a bucket (see rate-limit-store.ts): insert it as `now + intervalMs`, or move
 * it on by one interval if that keeps it within `windowMs` of now. True when the step was taken;
 * a bucket without room is left as it is.
 */
export async function takeRateLimitStep(
  db: Db,
  id: string,
  step: { now: number; intervalMs: number; windowMs: number },
): Promise<boolean> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const greatest = sql.raw(sqlite ? 'max' : 'greatest');
  const value = (n: number) => (sqlite ? sql`${n}` : sql`cast(${n} as bigint)`);
  const { now, intervalMs, windowMs } = step;
  const moved = sql`${greatest}(rate_limits.full_at, ${value(now)}) + ${value(intervalMs)}`;
  const result = await sql<{ full_at: number | string }>`
    insert into rate_limits (id, full_at) values (${id}, ${value(now + intervalMs)})
    on conflict (id) do update set full_at = ${moved}
    where ${moved} - ${value(now)} <= ${value(windowMs)}
    returning full_at`.execute(db);
  return result.rows.length > 0;
}

/** When the bucket is full again (ms), or undefined when there is no bucket. */
export async function findRateLimitFullAt(db: Db, id: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('rate_limits')
    .select('full_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? Number(row.full_at) : undefined;
}

/** Deletes the buckets that were full again before `now`. */
export async function deleteFullRateLimits(db: Db, now: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('full_at', '<', now).execute();
}
