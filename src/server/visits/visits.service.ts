import { DAY_MS } from '../../shared/domain/time.js';
import { indiaDay, VISIT_DAYS, type VisitStats } from '../../shared/visits.js';
import type { Db } from '../db/database.js';
import type { VisitCounter } from './visit-counter.js';
import { deleteVisitsOf, findOwnedSince, readVisits } from './visits.repository.js';

export interface VisitsContext {
  db: Db;
  visits: VisitCounter;
  now: () => Date;
}

/**
 * The owner's view of who came: the last VISIT_DAYS days of one page. Only days since the name became
 * this owner's are shown, so a released name's new owner never sees its old numbers.
 * Undefined when this person has no portfolio at that username.
 */
export async function visitStatsOf(
  ctx: VisitsContext,
  userId: string,
  username: string,
): Promise<VisitStats | undefined> {
  const owned = await findOwnedSince(ctx.db, userId, username);
  if (!owned) return undefined;
  // This process's last few seconds of this page too: the owner sees the visit they just made.
  await ctx.visits.flushPage(username);
  const now = ctx.now().getTime();
  const days = Array.from({ length: VISIT_DAYS }, (_, index) =>
    indiaDay(now - (VISIT_DAYS - 1 - index) * DAY_MS),
  );
  const ownedSince = indiaDay(Date.parse(owned.created_at));
  const since = ownedSince > days[0]! ? ownedSince : days[0]!;
  const read = await readVisits(ctx.db, username, since);
  const counted = new Map(read.days.map((row) => [row.day, row]));
  const live = new Map(read.live.map((row) => [row.day, Number(row.visitors)]));
  return {
    username,
    days: days.map((day) => ({
      day,
      views: day >= since ? Number(counted.get(day)?.views ?? 0) : 0,
      visitors: day >= since ? Number(counted.get(day)?.visitors ?? 0) + (live.get(day) ?? 0) : 0,
    })),
    referrers: read.referrers.map((row) => ({ host: row.host, views: Number(row.views) })),
  };
}

/**
 * Erases the visits of pages taken down for good (an account deleted), including views this
 * process counted before they went down: those are written by a flush that may come after the
 * deletion, so they are written now, and every write under way waited for, then deleted again.
 * The caller makes sure this process no longer serves the pages first.
 */
export async function eraseVisitsOf(
  ctx: Pick<VisitsContext, 'db' | 'visits'>,
  usernames: string[],
): Promise<void> {
  for (const username of usernames) await ctx.visits.flushPage(username);
  await deleteVisitsOf(ctx.db, usernames);
}
