import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/database.js';
import { uniqueName } from '../../../test/orders.js';
import { pollUntil } from '../../../test/poll.js';
import { publishDirectly } from '../../../test/publish-directly.js';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.js';
import { GRACE_DAYS } from '../../shared/domain/term.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { DAY_MS } from '../../shared/domain/time.js';

/**
 * The built server, twice, on one database, each running its own schedule every second from a
 * second after start: they race for every reminder, as processes behind a load balancer do.
 */
describe.each(TEST_DIALECTS)('term reminders from two server processes on %s', (dialect) => {
  let database: TestDatabase;
  const processes: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await database.destroy();
  });

  // Two processes to start, up to 20 s for the claims, then 3 s more: past the default 20 s.
  it('queues each due reminder exactly once', async () => {
    const now = Date.now();
    // One portfolio in each reminder's window, eight times over.
    const offsetsInDays = [29.5, 6.5, 0.5, -0.5, -(GRACE_DAYS + 0.5)];
    const count = 40;
    for (let index = 0; index < count; index += 1) {
      const username = uniqueName('proc');
      await publishDirectly(database.db, {
        username,
        templateId: 'template2',
        data: SAMPLE_DATA.template2,
        email: `${username}@example.com`,
        paidUntil: new Date(
          now + offsetsInDays[index % offsetsInDays.length]! * DAY_MS,
        ).toISOString(),
      });
    }
    const env = { TERM_SCHEDULE_SECONDS: '1' };
    const [first, second] = await Promise.all(
      [0, 1].map(() =>
        startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, env }),
      ),
    );
    processes.push(first!, second!);

    const reminders = () =>
      database.db.selectFrom('term_reminders').select(['portfolio_id', 'kind']).execute();
    await pollUntil('all reminders claimed', reminders, (rows) => rows.length >= count, {
      deadlineMs: 20_000,
    });
    // Several more passes of both processes: nothing more may be queued.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rows = await reminders();
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.portfolio_id)).size).toBe(count);
    const mails = await database.db.selectFrom('email_outbox').select('to_address').execute();
    expect(mails).toHaveLength(count);
    expect(new Set(mails.map((mail) => mail.to_address)).size).toBe(count);
    expect(first!.output() + second!.output()).not.toContain('term pass failed');
  }, 60_000);
});
