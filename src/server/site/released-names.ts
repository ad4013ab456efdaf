import { GRACE_DAYS, RESERVED_DAYS, termOf } from '../../shared/domain/term.js';
import type { Db } from '../db/database.js';
import { findUsernameWithTerm, type UsernameWithTerm } from './usernames.repository.js';
import { DAY_MS } from '../../shared/domain/time.js';

/**
 * A name is released when its portfolio's paid_until is at or before this instant: its grace
 * period and the owner's reserved time have both passed.
 */
export function releasedBefore(now: Date): string {
  return new Date(now.getTime() - (GRACE_DAYS + RESERVED_DAYS) * DAY_MS).toISOString();
}

export function isReleased(name: { paid_until: string }, now: Date): boolean {
  return termOf(name.paid_until, now).state === 'released';
}

/**
 * The username's row if it still belongs to its owner; undefined when nobody has it or it is
 * released (its row may wait for the sweep, but claims and orders treat the name as free).
 */
export async function findOwnedUsername(
  db: Db,
  username: string,
  now: Date,
): Promise<UsernameWithTerm | undefined> {
  const row = await findUsernameWithTerm(db, username);
  return row && !isReleased(row, now) ? row : undefined;
}
