import type { Db } from '../db/database.js';
import type { LoginAttemptsTable } from '../db/schema.js';

export async function insertLoginAttempt(db: Db, attempt: LoginAttemptsTable): Promise<void> {
  await db.insertInto('login_attempts').values(attempt).execute();
}

/**
 * Takes the attempt for this state out of the store, so a state (and the code that came with
 * it) can be used once only; undefined if it never existed, was used, or expired.
 */
export async function consumeLoginAttempt(
  db: Db,
  state: string,
  now: Date,
): Promise<LoginAttemptsTable | undefined> {
  return db.transaction().execute(async (trx) => {
    const attempt = await trx
      .selectFrom('login_attempts')
      .selectAll()
      .where('state', '=', state)
      .executeTakeFirst();
    if (!attempt) return undefined;
    const deleted = await trx
      .deleteFrom('login_attempts')
      .where('state', '=', state)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return undefined;
    return attempt.expires_at > now.toISOString() ? attempt : undefined;
  });
}

/** Deletes up to `limit` attempts that expired by `now`; returns how many went. */
export async function deleteExpiredLoginAttempts(
  db: Db,
  now: Date,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('login_attempts')
    .where('state', 'in', (eb) =>
      eb
        .selectFrom('login_attempts')
        .select('state')
        .where('expires_at', '<=', now.toISOString())
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
