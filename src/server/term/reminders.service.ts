import { setImmediate as nextTurn } from 'node:timers/promises';
import { daysUntil, GRACE_DAYS, RESERVED_DAYS, termOf } from '../../shared/domain/term.js';
import { portfolioUrl } from '../../shared/domain/username.js';
import { ACCOUNT_PATH, renewPath } from '../../shared/routes.js';
import { SITE_NAME } from '../../shared/site.js';
import { inTransaction, type Db } from '../db/database.js';
import type { TermReminderKind } from '../db/schema.js';
import { enqueueEmail, type Email } from '../mail/outbox.repository.js';
import {
  claimReminder,
  listReminderCandidates,
  shownUsernamesOf,
  type ReminderCandidate,
} from './term.repository.js';
import { DAY_MS } from '../../shared/domain/time.js';

/**
 * The reminders of one term, in order, each due `fromDay` days after paid_until (negative:
 * before). A reminder is current from its day until the next one's; the last one, the page
 * going offline, until the name is released. Only the current one is ever sent: a portfolio
 * first seen three days before its end gets the one-week reminder (saying three days), never
 * the 30-day one as well, and a process that was down for a week sends what is true now rather
 * than a burst of what was true then.
 */
export const REMINDERS: readonly { kind: TermReminderKind; fromDay: number }[] = [
  { kind: 'before_30_days', fromDay: -30 },
  { kind: 'before_7_days', fromDay: -7 },
  { kind: 'before_1_day', fromDay: -1 },
  { kind: 'lapsed', fromDay: 0 },
  { kind: 'offline', fromDay: GRACE_DAYS },
];
const LAST_DAY = GRACE_DAYS + RESERVED_DAYS;

/** "Tuesday 24 November 2026", in UTC like every date the site shows. */
export function dateInWords(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

const inDays = (days: number) => (days === 1 ? 'in 1 day' : `in ${days} days`);

/** The email of one reminder, naming the username(s), the date, and where to renew. */
export function reminderEmail(
  kind: TermReminderKind,
  reminder: { email: string; paidUntil: string; usernames: string[] },
  publicUrl: string,
  now: Date,
): Email {
  const term = termOf(reminder.paidUntil, now);
  const [first] = reminder.usernames;
  const address = `/users/${first}`;
  const pages = reminder.usernames.map((name) => portfolioUrl(publicUrl, name)).join(', ');
  const until = dateInWords(term.paidUntil);
  let subject: string;
  let lines: string[];
  switch (kind) {
    case 'before_30_days':
    case 'before_7_days':
    case 'before_1_day': {
      const when = inDays(daysUntil(term.paidUntil, now));
      subject = `Your portfolio ${address} expires ${when}`;
      lines = [
        `The year you paid for your portfolio at ${pages} ends ${when}, on ${until}.`,
        '',
        `Renew it and it stays online without a break: the new year starts on ${until}, so no day is lost.`,
        `If you do nothing, the page stays online for a grace period of ${GRACE_DAYS} days after that, then goes offline.`,
      ];
      break;
    }
    case 'lapsed':
      subject = `Your portfolio ${address} has expired: renew by ${dateInWords(term.offlineAt)} to keep it online`;
      lines = [
        `The year you paid for your portfolio at ${pages} ended on ${until}.`,
        '',
        `The page stays online during a grace period until ${dateInWords(term.offlineAt)}. Renew before then and it stays up without a break.`,
      ];
      break;
    case 'offline':
      subject = `Your portfolio ${address} is now offline`;
      lines = [
        `The grace period of your portfolio at ${pages} ended on ${dateInWords(term.offlineAt)}, so visitors now see a page saying it is not available.`,
        '',
        `Your content is kept, and the username stays reserved for you until ${dateInWords(term.releasedAt)}. Renew and the page is back at once, as it was. After that date the username may be taken by someone else.`,
      ];
      break;
  }
  const renewLinks = reminder.usernames.map((name) =>
    reminder.usernames.length === 1
      ? `Renew now: ${publicUrl}${renewPath(name)}`
      : `Renew /users/${name}: ${publicUrl}${renewPath(name)}`,
  );
  return {
    to: reminder.email,
    subject,
    text: [
      ...lines,
      '',
      ...renewLinks,
      `Your portfolios and receipts: ${publicUrl}${ACCOUNT_PATH}`,
      '',
      SITE_NAME,
    ].join('\n'),
  };
}

export interface ReminderOptions {
  /** Portfolios read per query. */
  batchSize?: number;
  /** Queries per reminder kind and pass; what is left waits for the next pass. */
  maxBatches?: number;
}

/**
 * Queues every reminder that is current at `now` and not yet sent, each exactly once whatever
 * the number of processes doing the same: the reminder's row is claimed with an INSERT in the
 * transaction that queues its email, so the email exists exactly when the claim does. Returns
 * how many this call queued.
 */
export async function sendDueReminders(
  db: Db,
  publicUrl: string,
  now: Date,
  options: ReminderOptions = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 200;
  const maxBatches = options.maxBatches ?? 10;
  let queued = 0;
  for (const [index, { kind, fromDay }] of REMINDERS.entries()) {
    const untilDay = REMINDERS[index + 1]?.fromDay ?? LAST_DAY;
    // Current when fromDay <= now - paidUntil < untilDay.
    const window = {
      endsAfter: new Date(now.getTime() - untilDay * DAY_MS).toISOString(),
      endsBy: new Date(now.getTime() - fromDay * DAY_MS).toISOString(),
    };
    const laterKinds = REMINDERS.slice(index + 1).map((reminder) => reminder.kind);
    let after: { paidUntil: string; portfolioId: string } | undefined;
    for (let batch = 0; batch < maxBatches; batch += 1) {
      const candidates = await listReminderCandidates(
        db,
        window,
        [kind, ...laterKinds],
        after,
        batchSize,
      );
      const usernames = await shownUsernamesOf(
        db,
        candidates.map((candidate) => candidate.portfolioId),
      );
      for (const candidate of candidates) {
        const names = usernames.get(candidate.portfolioId);
        if (!names?.length) continue;
        if (await queueReminder(db, publicUrl, now, kind, laterKinds, candidate, names)) {
          queued += 1;
        }
      }
      const last = candidates.at(-1);
      if (!last || candidates.length < batchSize) break;
      after = { paidUntil: last.paidUntil, portfolioId: last.portfolioId };
      // Let waiting requests run between queries (SQLite runs them on this thread).
      await nextTurn();
    }
  }
  return queued;
}

function queueReminder(
  db: Db,
  publicUrl: string,
  now: Date,
  kind: TermReminderKind,
  laterKinds: TermReminderKind[],
  candidate: ReminderCandidate,
  usernames: string[],
): Promise<boolean> {
  const email = reminderEmail(kind, { ...candidate, usernames }, publicUrl, now);
  return inTransaction(db, async (trx) => {
    const claimed = await claimReminder(
      trx,
      { portfolioId: candidate.portfolioId, paidUntil: candidate.paidUntil, kind },
      laterKinds,
      now.toISOString(),
    );
    if (claimed) await enqueueEmail(trx, email, now);
    return claimed;
  });
}
