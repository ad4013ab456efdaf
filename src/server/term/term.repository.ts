import type { Db, Tx } from '../db/database.js';
import type { TermReminderKind } from '../db/schema.js';

/** A portfolio some reminder is due for: its term's end and where to write. */
export interface ReminderCandidate {
  portfolioId: string;
  paidUntil: string;
  email: string;
}

/**
 * Portfolios shown under at least one username whose term ends in (`endsAfter`, `endsBy`] and
 * that have had neither this reminder of this term nor a later one, after the keyset `after`,
 * in term order. Served by the index on portfolios (paid_until, id).
 */
export function listReminderCandidates(
  db: Db,
  window: { endsAfter: string; endsBy: string },
  kindOrLater: readonly TermReminderKind[],
  after: { paidUntil: string; portfolioId: string } | undefined,
  limit: number,
): Promise<ReminderCandidate[]> {
  let query = db
    .selectFrom('portfolios')
    .innerJoin('users', 'users.id', 'portfolios.user_id')
    .select([
      'portfolios.id as portfolioId',
      'portfolios.paid_until as paidUntil',
      'users.email as email',
    ])
    .where('portfolios.paid_until', '>', window.endsAfter)
    .where('portfolios.paid_until', '<=', window.endsBy)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('usernames')
          .select('usernames.username')
          .whereRef('usernames.portfolio_id', '=', 'portfolios.id')
          .where('usernames.unpublished_at', 'is', null),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('term_reminders')
            .select('term_reminders.kind')
            .whereRef('term_reminders.portfolio_id', '=', 'portfolios.id')
            .whereRef('term_reminders.paid_until', '=', 'portfolios.paid_until')
            .where('term_reminders.kind', 'in', kindOrLater),
        ),
      ),
    )
    .orderBy('portfolios.paid_until')
    .orderBy('portfolios.id')
    .limit(limit);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('portfolios.paid_until', '>', after.paidUntil),
        eb.and([
          eb('portfolios.paid_until', '=', after.paidUntil),
          eb('portfolios.id', '>', after.portfolioId),
        ]),
      ]),
    );
  }
  return query.execute();
}

/** The shown usernames of these portfolios, by portfolio. */
export async function shownUsernamesOf(
  db: Db,
  portfolioIds: string[],
): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (portfolioIds.length === 0) return names;
  const rows = await db
    .selectFrom('usernames')
    .select(['username', 'portfolio_id'])
    .where('portfolio_id', 'in', portfolioIds)
    .where('unpublished_at', 'is', null)
    .orderBy('username')
    .execute();
  for (const row of rows) {
    const list = names.get(row.portfolio_id) ?? [];
    list.push(row.username);
    names.set(row.portfolio_id, list);
  }
  return names;
}

/**
 * Claims one reminder of one term for this transaction: inserts its row unless the portfolio's
 * term has changed meanwhile (a renewal), a later reminder of the term is recorded, or the row
 * exists (another process sent it). True when this transaction won and must queue the email.
 */
export async function claimReminder(
  trx: Tx,
  reminder: { portfolioId: string; paidUntil: string; kind: TermReminderKind },
  laterKinds: readonly TermReminderKind[],
  sentAt: string,
): Promise<boolean> {
  const result = await trx
    .insertInto('term_reminders')
    .columns(['portfolio_id', 'paid_until', 'kind', 'sent_at'])
    .expression((eb) =>
      eb
        .selectFrom('portfolios')
        .select((inner) => [
          'portfolios.id',
          'portfolios.paid_until',
          inner.cast<TermReminderKind>(inner.val(reminder.kind), 'text').as('kind'),
          inner.cast<string>(inner.val(sentAt), 'text').as('sent_at'),
        ])
        .where('portfolios.id', '=', reminder.portfolioId)
        .where('portfolios.paid_until', '=', reminder.paidUntil)
        .where((inner) =>
          laterKinds.length === 0
            ? inner.lit(true)
            : inner.not(
                inner.exists(
                  inner
                    .selectFrom('term_reminders')
                    .select('term_reminders.kind')
                    .where('term_reminders.portfolio_id', '=', reminder.portfolioId)
                    .where('term_reminders.paid_until', '=', reminder.paidUntil)
                    .where('term_reminders.kind', 'in', laterKinds),
                ),
              ),
        ),
    )
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * Usernames whose portfolio's term ended at or before `releasedBefore` (released names), and at
 * or after `since` when given (a process that swept recently looks back only a little).
 */
export function listReleasedUsernames(
  db: Db,
  releasedBefore: string,
  since: string | undefined,
  limit: number,
): Promise<{ username: string }[]> {
  let query = db
    .selectFrom('portfolios')
    .innerJoin('usernames', 'usernames.portfolio_id', 'portfolios.id')
    .select('usernames.username')
    .where('portfolios.paid_until', '<=', releasedBefore)
    .orderBy('portfolios.paid_until')
    .orderBy('usernames.username')
    .limit(limit);
  if (since !== undefined) query = query.where('portfolios.paid_until', '>=', since);
  return query.execute();
}
