import type { Db } from '../db/database.js';
import type { UserRow } from './users.repository.js';

export async function insertSession(
  db: Db,
  session: { token_hash: string; user_id: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The user of an unexpired session, or undefined. */
export function findSessionUser(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Deletes up to `limit` sessions that expired by `now`; returns how many went. */
export async function deleteExpiredSessions(db: Db, now: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('token_hash', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('token_hash')
        .where('expires_at', '<=', now.toISOString())
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
