import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { signIn } from '../../../test/signin.js';
import { publishAs } from '../../../test/orders.js';
import { freePort } from '../../../test/free-port.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';

/** Signs this person in and publishes a portfolio through the real order, payment and verify calls. */
async function publish(t: TestApp, email: string, username: string): Promise<void> {
  const jar = await signIn(t.url, { name: 'Mail Person', email });
  await publishAs(t, jar, username, 'template1');
}

describe('the portfolio link email', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('is delivered over SMTP to the buyer with the link', async () => {
    const smtp = await startSmtpSink();
    const t = await startTestApp('sqlite', {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Portfolio <hello@example.com>',
    });
    cleanups.push(() => t.close(), smtp.close);
    await publish(t, 'buyer@example.com', 'mail-one');
    expect(await t.app.jobs.outbox.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['buyer@example.com']);
    expect(smtp.received[0]!.raw).toContain('Subject: Your portfolio is live');
    expect(smtp.received[0]!.raw.replace(/=\r?\n/g, '')).toContain(`${t.url}/users/mail-one`);
    expect(await t.app.jobs.outbox.runOnce()).toBe(0);
    const row = await t.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 0 });
  });

  it('waits out an SMTP outage: the publish succeeds, the mail goes once SMTP is back, exactly once', async () => {
    const port = await freePort();
    const t = await startTestApp('sqlite', { SMTP_URL: `smtp://127.0.0.1:${port}` });
    cleanups.push(() => t.close());
    await publish(t, 'patient@example.com', 'mail-two');
    expect(await t.app.jobs.outbox.runOnce()).toBe(0);
    const failed = await t.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.last_error).toBeTruthy();

    const smtp = await startSmtpSink(port);
    cleanups.push(smtp.close);
    // Not due yet: the retry waits its back-off.
    expect(await t.app.jobs.outbox.runOnce()).toBe(0);
    const later = new Date(Date.now() + 60_000);
    expect(await t.app.jobs.outbox.runOnce(later)).toBe(1);
    expect(await t.app.jobs.outbox.runOnce(later)).toBe(0);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['patient@example.com']]);
  });
});
