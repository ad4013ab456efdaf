import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAppOn,
  startTestApp,
  useTestApp,
  type RunningApp,
  type TestApp,
} from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { uniqueName } from '../../../test/orders.js';
import { mailsTo } from '../../../test/store.js';
import { publishDirectly } from '../../../test/publish-directly.js';
import { GRACE_DAYS, RESERVED_DAYS } from '../../shared/domain/term.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { openDatabase } from '../db/database.js';
import type { TermReminderKind } from '../db/schema.js';
import { dateInWords } from './reminders.service.js';
import { DAY_MS } from '../../shared/domain/time.js';

const HOUR_MS = 60 * 60 * 1000;
const at = (base: Date, days: number, hours = 0) =>
  new Date(base.getTime() + days * DAY_MS + hours * HOUR_MS);

describe.each(TEST_DIALECTS)('term reminders on %s', (dialect) => {
  const t = useTestApp(dialect);

  const publish = async (paidUntil: Date, options: { unpublished?: boolean } = {}) => {
    const username = uniqueName('rem');
    const email = `${username}@example.com`;
    const { portfolioId } = await publishDirectly(t.database.db, {
      username,
      templateId: 'template3',
      data: SAMPLE_DATA.template3,
      email,
      paidUntil: paidUntil.toISOString(),
    });
    if (options.unpublished) {
      await t.database.db
        .updateTable('usernames')
        .set({ unpublished_at: new Date().toISOString() })
        .where('username', '=', username)
        .execute();
    }
    return { username, email, portfolioId };
  };
  const kindsOf = async (portfolioId: string) =>
    (
      await t.database.db
        .selectFrom('term_reminders')
        .select(['kind', 'paid_until'])
        .where('portfolio_id', '=', portfolioId)
        .orderBy('sent_at')
        .execute()
    ).map((row) => row.kind);
  const run = (now: Date) => t.app.jobs.termSchedule.runOnce(now);

  it('sends each reminder once, on its day, and a new set after a renewal', async () => {
    // A term ending a thousand days ahead: no other test's portfolio is near its dates.
    const paidUntil = at(new Date(), 1000);
    const { username, email, portfolioId } = await publish(paidUntil);
    const steps: [Date, TermReminderKind | undefined][] = [
      [at(paidUntil, -40), undefined],
      [at(paidUntil, -30, 1), 'before_30_days'],
      [at(paidUntil, -29), undefined],
      [at(paidUntil, -8), undefined],
      [at(paidUntil, -7, 1), 'before_7_days'],
      [at(paidUntil, -3), undefined],
      [at(paidUntil, -1, 1), 'before_1_day'],
      [at(paidUntil, 0, -1), undefined],
      [at(paidUntil, 0, 1), 'lapsed'],
      [at(paidUntil, 5), undefined],
      [at(paidUntil, GRACE_DAYS, 1), 'offline'],
      [at(paidUntil, GRACE_DAYS + 30), undefined],
    ];
    const expected: TermReminderKind[] = [];
    for (const [now, kind] of steps) {
      await run(now);
      if (kind) expected.push(kind);
      // Run twice: the second pass finds nothing new.
      await run(now);
      expect(await kindsOf(portfolioId), now.toISOString()).toEqual(expected);
    }
    const mails = await mailsTo(t.database.db, email);
    expect(mails).toHaveLength(5);
    for (const mail of mails) {
      expect(mail.subject).toContain(`/users/${username}`);
      expect(mail.text_body).toContain(`${t.url}/users/${username}`);
      expect(mail.text_body).toContain(`${t.url}/account/renew/${username}`);
      expect(mail.text_body).toContain(`${t.url}/account\n`);
    }
    expect(mails[0]!.subject).toBe(`Your portfolio /users/${username} expires in 30 days`);
    expect(mails[0]!.text_body).toContain(`on ${dateInWords(paidUntil)}.`);
    expect(mails[1]!.subject).toBe(`Your portfolio /users/${username} expires in 7 days`);
    expect(mails[2]!.subject).toBe(`Your portfolio /users/${username} expires in 1 day`);
    expect(mails[3]!.subject).toContain('has expired');
    expect(mails[3]!.text_body).toContain(dateInWords(at(paidUntil, GRACE_DAYS)));
    expect(mails[4]!.subject).toBe(`Your portfolio /users/${username} is now offline`);
    expect(mails[4]!.text_body).toContain(
      `reserved for you until ${dateInWords(at(paidUntil, GRACE_DAYS + RESERVED_DAYS))}`,
    );

    // Renewed while offline: a year from then, and that term has its own reminders.
    const renewed = at(paidUntil, GRACE_DAYS + 30 + 365);
    await t.database.db
      .updateTable('portfolios')
      .set({ paid_until: renewed.toISOString() })
      .where('id', '=', portfolioId)
      .execute();
    await run(at(renewed, -30, 1));
    expect(await kindsOf(portfolioId)).toEqual([...expected, 'before_30_days']);
    expect(await mailsTo(t.database.db, email)).toHaveLength(6);
  });

  it('sends only the reminder current when a portfolio is first seen, never the stale ones', async () => {
    const now = at(new Date(), 2000);
    const late = await publish(at(now, 3));
    const offline = await publish(at(now, -(GRACE_DAYS + 20)));
    const released = await publish(at(now, -(GRACE_DAYS + RESERVED_DAYS + 1)));
    const unpublished = await publish(at(now, 3), { unpublished: true });
    await run(now);
    expect(await kindsOf(late.portfolioId)).toEqual(['before_7_days']);
    const [lateMail] = await mailsTo(t.database.db, late.email);
    expect(lateMail!.subject).toBe(`Your portfolio /users/${late.username} expires in 3 days`);
    expect(await kindsOf(offline.portfolioId)).toEqual(['offline']);
    expect(await kindsOf(released.portfolioId)).toEqual([]);
    expect(await kindsOf(unpublished.portfolioId)).toEqual([]);
    expect(await mailsTo(t.database.db, unpublished.email)).toEqual([]);
  });
});

describe.each(TEST_DIALECTS)('term reminders from two app instances on %s', (dialect) => {
  let first: TestApp;
  let second: RunningApp;
  beforeAll(async () => {
    first = await startTestApp(dialect);
    const { db } = openDatabase(
      first.database.databaseUrl
        ? { databaseUrl: first.database.databaseUrl }
        : { sqliteFile: first.database.sqliteFile! },
    );
    second = await startAppOn(db, dialect, first.database.dataDir);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('queues each reminder exactly once when both run their schedules at the same time', async () => {
    const now = new Date();
    const offsets = [29.5, 6.5, 0.5, -0.5, -(GRACE_DAYS + 0.5)];
    const portfolios: string[] = [];
    for (let index = 0; index < 40; index += 1) {
      const username = uniqueName('two');
      const { portfolioId } = await publishDirectly(first.database.db, {
        username,
        templateId: 'template2',
        data: SAMPLE_DATA.template2,
        email: `${username}@example.com`,
        paidUntil: at(now, offsets[index % offsets.length]!).toISOString(),
      });
      portfolios.push(portfolioId);
    }
    for (let round = 0; round < 3; round += 1) {
      const counts = await Promise.all([
        first.app.jobs.termSchedule.runOnce(now),
        second.app.jobs.termSchedule.runOnce(now),
      ]);
      if (round > 0) expect(counts.map((count) => count.reminders)).toEqual([0, 0]);
    }
    const reminders = await first.database.db
      .selectFrom('term_reminders')
      .select(['portfolio_id', 'kind'])
      .execute();
    expect(reminders).toHaveLength(40);
    expect(new Set(reminders.map((row) => row.portfolio_id))).toEqual(new Set(portfolios));
    const mails = await first.database.db
      .selectFrom('email_outbox')
      .select(['to_address'])
      .execute();
    expect(mails).toHaveLength(40);
    expect(new Set(mails.map((mail) => mail.to_address)).size).toBe(40);
  });
});
