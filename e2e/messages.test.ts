/**
 * Messages from visitors, as a visitor and the owner meet them: the public page's form sends in
 * place ("Message sent"), the mail reaches a real SMTP server once with the visitor as Reply-To,
 * the owner reads the message on the account page; a bot filling the hidden field or sending at
 * once is refused with the reason, and a browser without JavaScript gets the server's page.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/server/db/database.js';
import { publishDirectly } from '../test/publish-directly.js';
import { CONTACT_FIELDS, CONTACT_LIMITS } from '../src/shared/contact.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { startBuiltServer, type BuiltServer } from '../test/built-server.js';
import { pollUntil } from '../test/poll.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { signInThroughPopup } from './fixtures.js';

/** A person takes longer than the form's minimum fill time to write a message. */
const TYPING_MS = CONTACT_LIMITS.minFillSeconds * 1000 + 200;

describe('messages from visitors', () => {
  const session = useBrowser();
  let smtp: SmtpSink;
  let server: BuiltServer;
  let db: Db;
  const ownerEmail = `owner-${randomUUID().slice(0, 8)}@example.com`;
  const username = `msg-${randomUUID().slice(0, 6)}`;
  let owner: Page;

  beforeAll(async () => {
    // A server of its own, mailing through a real SMTP server on loopback.
    smtp = await startSmtpSink();
    server = await startBuiltServer({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Portfolio <hello@example.com>',
    });
    db = openDatabase({ sqliteFile: path.join(server.dataDir, 'portfolio.db') }).db;

    // The owner signs in on the account page; their Phantom page is published for them.
    const ownerContext = await session
      .browser()
      .newContext({ viewport: { width: 1280, height: 900 } });
    owner = await ownerContext.newPage();
    await owner.goto(`${server.url}/account`);
    await signInThroughPopup(
      owner,
      () => owner.getByRole('button', { name: 'Sign In' }).first().click(),
      { name: 'Nila Kurian', email: ownerEmail },
    );
    await owner.getByRole('link', { name: 'My portfolios' }).waitFor();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ownerEmail)
      .executeTakeFirstOrThrow();
    // The sample shows an address of its own; the owner's sign-in address is where mail goes.
    await publishDirectly(db, {
      username,
      templateId: 'template5',
      data: SAMPLE_DATA.template5,
      ownerId: user.id,
    });
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    await smtp?.close();
  });

  const visitorPage = async (browser: Browser, options: { javaScriptEnabled?: boolean } = {}) => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      ...options,
    });
    const page = await context.newPage();
    const answer = await page.goto(`${server.url}/users/${username}`);
    expect(answer?.status()).toBe(200);
    return page;
  };

  it('a visitor sends a message in place; it reaches the SMTP server once with their Reply-To and the owner sees it', async () => {
    const page = await visitorPage(session.browser());
    const form = page.locator('#contactDetails form');
    const status = form.getByRole('status');
    await expect(page.content()).resolves.not.toContain(ownerEmail);

    // The form coming into view fetches a fresh start token. The server refuses a message that
    // comes sooner after it than a person can type, as a script's does.
    const started = page.waitForResponse((response) =>
      response.url().endsWith('/api/contact/start'),
    );
    await form.scrollIntoViewIfNeeded();
    await started;
    const action = await form.getAttribute('action');
    const token = await form.locator(`[name="${CONTACT_FIELDS.token}"]`).inputValue();
    const byScript = await page.request.post(new URL(action!, page.url()).href, {
      headers: { Accept: 'application/json' },
      form: {
        [CONTACT_FIELDS.name]: 'Quick Script',
        [CONTACT_FIELDS.email]: 'quick@example.net',
        [CONTACT_FIELDS.message]: 'Sent the moment the form was handed out.',
        [CONTACT_FIELDS.token]: token,
        [CONTACT_FIELDS.honeypot]: '',
      },
    });
    expect(byScript.status()).toBe(400);
    await expect(byScript.json()).resolves.toMatchObject({
      ok: false,
      message: expect.stringContaining('faster than a person can type, so we held it back'),
    });
    // A person whose autofill and paste are as quick is not refused: the page holds the
    // message ("Sending…") until the minimum fill time is up, then sends it, once.
    const posts: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().endsWith(action!)) {
        posts.push(response.status());
      }
    });
    await form.getByLabel('Name').fill('Ravi Kumar');
    await form.getByLabel('Your email').fill('ravi@example.net');
    await form
      .getByLabel('Message')
      .fill('Hello Nila, could you design a poster for our festival?');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => status.textContent()).toContain('Sending…');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toContain('Message sent');
    expect(posts).toEqual([200]);
    await expect(form.getByLabel('Message').inputValue()).resolves.toBe('');
    expect(new URL(page.url()).pathname).toBe(`/users/${username}`);

    const mails = await pollUntil(
      'the message mailed',
      async () => smtp.received.filter((mail) => mail.raw.includes('Ravi Kumar')),
      (found) => found.length > 0,
    );
    // Its outbox mail is marked sent, so no later pass sends it again: once a later pass has
    // run there is still only the one mail.
    await pollUntil(
      'the mail marked sent',
      () =>
        db
          .selectFrom('contact_messages')
          .innerJoin('email_outbox', 'email_outbox.id', 'contact_messages.email_id')
          .select('email_outbox.status')
          .where('contact_messages.visitor_email', '=', 'ravi@example.net')
          .executeTakeFirst(),
      (row) => row?.status === 'sent',
    );
    // A later pass, seen: another visitor's message, queued only after the first was marked
    // sent, is mailed by a pass that would have sent the first again had it still been due.
    const restarted = page.waitForResponse((response) =>
      response.url().endsWith('/api/contact/start'),
    );
    await form.getByLabel('Name').fill('Meera Iyer');
    await restarted;
    await form.getByLabel('Your email').fill('meera@example.net');
    await form.getByLabel('Message').fill('Hello Nila, do you also design book covers?');
    await page.waitForTimeout(TYPING_MS);
    await form.getByRole('button', { name: 'Send' }).click();
    await pollUntil(
      'a later mail delivered',
      async () => smtp.received.filter((mail) => mail.raw.includes('Meera Iyer')),
      (found) => found.length > 0,
    );
    expect(smtp.received.filter((mail) => mail.raw.includes('Ravi Kumar'))).toHaveLength(1);
    expect(mails[0]!.to).toEqual([ownerEmail]);
    expect(mails[0]!.raw).toMatch(/^Reply-To: ravi@example\.net\r?$/m);

    await owner.reload();
    const messages = owner.getByRole('region', { name: 'Messages' });
    await messages.getByText('Hello Nila, could you design a poster for our festival?').waitFor();
    await expect(messages.textContent()).resolves.toContain('ravi@example.net');
    await expect(messages.textContent()).resolves.toContain(`To /users/${username}`);
  });

  it('on a phone, a message pasted a second after focusing a form read for a while is sent', async () => {
    const context = await session.browser().newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/users/${username}`);
    const form = page.locator('#contactDetails form');
    // The form coming into view starts its clock, not the first tap in it.
    const started = page.waitForResponse((response) =>
      response.url().endsWith('/api/contact/start'),
    );
    await form.scrollIntoViewIfNeeded();
    await started;
    // The visitor reads the form for longer than the minimum fill time, then fills it at once.
    await page.waitForTimeout(TYPING_MS);
    await form.getByLabel('Name').focus();
    await form.getByLabel('Name').fill('Ravi Iyer');
    await form.getByLabel('Your email').fill('ravi.iyer@example.net');
    await form.getByLabel('Message').fill('Hello Nila, a pasted note about a library in Pune.');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toContain('Message sent');
    await context.close();
  });

  it('refuses a bot that fills the hidden field, saying why, and stores nothing', async () => {
    const page = await visitorPage(session.browser());
    const form = page.locator('#contactDetails form');
    await form.getByLabel('Name').fill('Cheap Pills');
    await form.getByLabel('Your email').fill('bot@example.org');
    await form.getByLabel('Message').fill('Buy now');
    // People and screen readers never meet this field; a bot fills every input it finds.
    await form.locator('input[name="website"]').fill('http://pills.example', { force: true });
    await page.waitForTimeout(TYPING_MS);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toContain('people do not see, was filled in');
    const stored = await db
      .selectFrom('contact_messages')
      .select('id')
      .where('visitor_email', '=', 'bot@example.org')
      .execute();
    expect(stored).toEqual([]);
  });

  it('without JavaScript the form posts and the server answers with a page and a link back', async () => {
    const page = await visitorPage(session.browser(), { javaScriptEnabled: false });
    const form = page.locator('#contactDetails form');
    await form.getByLabel('Name').fill('Asha Rao');
    await form.getByLabel('Your email').fill('asha@example.net');
    await form.getByLabel('Message').fill('Sent from a browser without JavaScript.');
    await page.waitForTimeout(TYPING_MS);
    await Promise.all([
      page.waitForURL(`${server.url}/users/${username}/contact`),
      form.getByRole('button', { name: 'Send' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Message sent' }).waitFor();
    await page.getByRole('link', { name: 'Back to the portfolio' }).click();
    expect(new URL(page.url()).pathname).toBe(`/users/${username}`);
    await pollUntil(
      'the message mailed',
      async () => smtp.received.filter((mail) => mail.raw.includes('asha@example.net')),
      (found) => found.length === 1,
    );
  });

  it('has no serious accessibility problems in the form, before and after sending', async () => {
    const page = await session.newPage({ width: 375, height: 812 }, { bypassCSP: true });
    // Chromium logs every 4xx answer to a fetch; this one is the refusal the test asks for.
    session.allowConsoleError(/status of 400/);
    await page.goto(`${server.url}/users/${username}`);
    await page.waitForLoadState('networkidle');
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    const form = page.locator('#contactDetails form');
    // No name: the server's refusal names the field, marks it invalid and moves focus there.
    await form.getByLabel('Your email').fill('reader@example.net');
    await form.getByLabel('Message').fill('Hello');
    await page.waitForTimeout(TYPING_MS);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Please enter your name.');
    await expect(form.getByLabel('Name').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  });
});
