import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { signIn } from '../../../test/signin.js';
import { openDatabase } from '../db/database.js';
import { createMailer } from '../mail/mailer.js';
import { OutboxWorker } from '../mail/outbox.worker.js';
import { freePort } from '../../../test/free-port.js';
import { postJson } from '../../../test/http.js';
import { orderBody } from '../../../test/orders.js';
import { pollUntil } from '../../../test/poll.js';

interface Smtp {
  /** Messages the server accepted (answered 250 to), in order. */
  accepted: { to: string[]; raw: string }[];
  /** 'accept': normal; 'defer': 451 to every recipient (a server that is up but not taking mail). */
  mode: 'accept' | 'defer';
  /** When set, the next message is read in full and then left waiting for its answer. */
  holdNext: boolean;
  held(): number;
  /** Answers the held message: accepted, or refused with a temporary error. */
  answerHeld(outcome: 'accept' | 'fail'): void;
  close(): Promise<void>;
}

/** A real SMTP server on a fixed loopback port, so it can be stopped and started again there. */
async function startSmtp(port: number): Promise<Smtp> {
  const held: { done: (error?: Error) => void; message: Smtp['accepted'][number] }[] = [];
  const smtp: Smtp = {
    accepted: [],
    mode: 'accept',
    holdNext: false,
    held: () => held.length,
    answerHeld: (outcome) => {
      for (const { done, message } of held.splice(0)) {
        if (outcome === 'accept') {
          smtp.accepted.push(message);
          done();
        } else {
          done(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
      }
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (smtp.mode === 'defer') {
        return callback(
          Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }),
        );
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const message = { to: session.envelope.rcptTo.map((r) => r.address), raw };
        if (smtp.holdNext) {
          smtp.holdNext = false;
          held.push({ done: callback, message });
          return;
        }
        smtp.accepted.push(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  smtp.close = () => new Promise((resolve) => server.close(() => resolve()));
  return smtp;
}

const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('SMTP down for a while, on %s', (dialect) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const start = async () => {
    const port = await freePort();
    const t = await startTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    cleanups.push(() => t.close());
    return { t, port };
  };
  const publish = async (t: TestApp, email: string, username: string) => {
    const jar = await signIn(t.url, { name: 'Mail Person', email });
    const order = await postJson(jar, t.url, '/create-order', orderBody(username, 'template1'));
    const paid = await postJson(jar, t.url, '/test-gateway/pay', {
      order_id: order.body.order_id,
    });
    return postJson(jar, t.url, '/verify-payment', paid.body);
  };
  const outbox = (t: TestApp) =>
    t.database.db.selectFrom('email_outbox').selectAll().orderBy('to_address').execute();
  /** Another app process's worker: its own connection to the same database, the same SMTP. */
  const otherProcessWorker = (t: TestApp, port: number) => {
    const { db } = t.database.databaseUrl
      ? openDatabase({ databaseUrl: t.database.databaseUrl })
      : openDatabase({ sqliteFile: t.database.sqliteFile! });
    const worker = new OutboxWorker(
      db,
      createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'x@example.com', log: t.app.log }),
      t.app.log,
    );
    cleanups.push(async () => {
      await worker.stop();
      await db.destroy();
    });
    return worker;
  };

  it('publishes while SMTP is away, then delivers every mail exactly once when it is back', async () => {
    const { t, port } = await start();
    const people = Array.from({ length: 6 }, (_, i) => ({
      email: `outage-${i}-${randomUUID().slice(0, 4)}@example.com`,
      username: `mail-${i}-${randomUUID().slice(0, 6)}`,
    }));

    // Nothing listens at the SMTP address: every publish still succeeds at once.
    for (const { email, username } of people) {
      const published = await publish(t, email, username);
      expect(published.status).toBe(200);
      expect(published.body.status).toBe('published');
    }
    const t0 = Date.now();
    expect(await t.app.jobs.outbox.runOnce(new Date(t0))).toBe(0);
    for (const row of await outbox(t)) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
      expect(row.last_error).toMatch(/ECONNREFUSED/);
    }

    // Up, but deferring every recipient (451): still waiting, nothing lost.
    const smtp = await startSmtp(port);
    cleanups.push(() => smtp.close());
    smtp.mode = 'defer';
    expect(await t.app.jobs.outbox.runOnce(new Date(t0 + 5 * MINUTE))).toBe(0);
    for (const row of await outbox(t))
      expect(row).toMatchObject({ status: 'pending', attempts: 2 });

    // Stopped again, then back for good on the same port.
    await smtp.close();
    expect(await t.app.jobs.outbox.runOnce(new Date(t0 + 10 * MINUTE))).toBe(0);
    const back = await startSmtp(port);
    cleanups.push(() => back.close());
    // Two app processes both working the outbox once it is due: each mail goes once.
    const other = otherProcessWorker(t, port);
    const later = new Date(t0 + 60 * MINUTE);
    const [mine, theirs] = await Promise.all([
      t.app.jobs.outbox.runOnce(later),
      other.runOnce(later),
    ]);
    expect(mine + theirs).toBe(people.length);
    expect(await t.app.jobs.outbox.runOnce(new Date(t0 + 24 * 60 * MINUTE))).toBe(0);
    expect(await other.runOnce(new Date(t0 + 24 * 60 * MINUTE))).toBe(0);

    expect(back.accepted.map((mail) => mail.to).sort()).toEqual(
      people.map(({ email }) => [email]).sort(),
    );
    for (const { email, username } of people) {
      const mail = back.accepted.find((m) => m.to[0] === email)!;
      expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`${t.url}/users/${username}`);
    }
    for (const row of await outbox(t)) {
      expect(row).toMatchObject({ status: 'sent', attempts: 3, locked_until: null });
    }
  });

  it('sends a mail once when a stalled sender is overtaken, even if the stalled send then fails', async () => {
    const { t, port } = await start();
    const smtp = await startSmtp(port);
    cleanups.push(() => smtp.close());
    const email = `stall-${randomUUID().slice(0, 6)}@example.com`;
    expect((await publish(t, email, `stall-${randomUUID().slice(0, 6)}`)).body.status).toBe(
      'published',
    );

    // This process's send stalls after the message is out, waiting for the server's answer.
    smtp.holdNext = true;
    const now = Date.now();
    const stalled = t.app.jobs.outbox.runOnce(new Date(now));
    await pollUntil(
      'the message reached the server',
      async () => smtp.held(),
      (n) => n === 1,
    );

    // Its claim lapses; two other processes take the mail over at the same moment.
    const later = new Date(now + 2 * MINUTE);
    const [a, b] = await Promise.all([
      otherProcessWorker(t, port).runOnce(later),
      otherProcessWorker(t, port).runOnce(later),
    ]);
    expect(a + b).toBe(1);
    expect(smtp.accepted).toHaveLength(1);

    // The stalled send now fails: it must not put the delivered mail back in the queue.
    smtp.answerHeld('fail');
    expect(await stalled).toBe(0);
    const [row] = await outbox(t);
    expect(row).toMatchObject({ status: 'sent', locked_until: null });
    expect(await t.app.jobs.outbox.runOnce(new Date(now + 24 * 60 * MINUTE))).toBe(0);
    expect(smtp.accepted.map((mail) => mail.to)).toEqual([[email]]);
  });
});
