/**
 * Messages from visitors through the real app, database and a real SMTP server: a message is
 * stored, mailed to the owner once with the visitor as Reply-To, and listed on the account page;
 * every spam defence refuses with a reason and stores nothing; the owner's address stays off the
 * page unless they chose the mail-program form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { publishAs } from '../../../test/orders.js';
import { pollUntil } from '../../../test/poll.js';
import { publishDirectly } from '../../../test/publish-directly.js';
import { request, signIn } from '../../../test/signin.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import {
  CONTACT_LIMITS,
  type ContactSendResponse,
  type ContactStartResponse,
  type MessagesResponse,
} from '../../shared/contact.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { TEMPLATE_IDS, type TemplateId } from '../../shared/templates/catalog.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { DAY_MS } from '../../shared/domain/time.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import { ContactTokens } from './contact-token.js';

const OWNER_EMAIL = 'owner-private@example.com';

/** The template's sample with the owner's own address typed into the contact details. */
const dataWith = (
  templateId: (typeof TEMPLATE_IDS)[number],
  formDelivery?: 'server' | 'mailto',
): PortfolioData => {
  const sample = SAMPLE_DATA[templateId];
  return {
    ...sample,
    contactDetails: {
      ...sample.contactDetails,
      email: OWNER_EMAIL,
      ...(formDelivery ? { formDelivery } : {}),
    },
  };
};

let nextAddress = 1;
/** A client address of its own (TRUST_PROXY is on), so that tests do not share a limit. */
const freshAddress = () => `203.0.113.${nextAddress++}`;

describe.each(TEST_DIALECTS)('messages from visitors on %s', (dialect) => {
  let t: TestApp;
  let smtp: SmtpSink;
  /** A start token signed with the app's key, issued 10 seconds ago: a person's fill time. */
  let aged: () => string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Portfolio <hello@example.com>',
      TRUST_PROXY: 'true',
    });
    aged = () => new ContactTokens(t.config.sessionSecret, () => Date.now() - 10_000).issue();
    for (const [index, templateId] of TEMPLATE_IDS.entries()) {
      await publishDirectly(t.database.db, {
        username: `server-${index + 1}`,
        templateId,
        data: dataWith(templateId),
        email: OWNER_EMAIL,
      });
    }
    await publishDirectly(t.database.db, {
      username: 'by-mailto',
      templateId: 'template3',
      data: dataWith('template3', 'mailto'),
      email: 'mailto-owner@example.com',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A page of `username` that takes messages through the server, its owner at username@. */
  const publishWithForm = (username: string, templateId: TemplateId) =>
    publishDirectly(t.database.db, {
      username,
      templateId,
      data: dataWith(templateId),
      email: `${username}@example.com`,
    });

  const post = (
    username: string,
    fields: Record<string, string>,
    options: { html?: boolean; address?: string; origin?: string } = {},
  ) =>
    fetch(`${t.url}/users/${username}/contact`, {
      method: 'POST',
      headers: {
        origin: options.origin ?? t.url,
        'content-type': 'application/x-www-form-urlencoded',
        accept: options.html ? 'text/html,application/xhtml+xml' : 'application/json',
        'x-forwarded-for': options.address ?? freshAddress(),
      },
      body: new URLSearchParams(fields).toString(),
    });

  const good = (overrides: Record<string, string> = {}) => ({
    name: 'Ravi Kumar',
    email: 'ravi@example.net',
    subject: 'A logo for my bakery',
    message: 'Hello! Could you design a logo for my bakery in Pune?',
    website: '',
    started: aged(),
    ...overrides,
  });

  const storedCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const outboxCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('email_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Messages the owner received earlier, stored as the form would have left them. */
  const receivedEarlier = (
    userId: string,
    username: string,
    count: number,
    at = new Date().toISOString(),
    senderKey: string | null = null,
  ) =>
    t.database.db
      .insertInto('contact_messages')
      .values(
        Array.from({ length: count }, (_, i) => ({
          id: `${username}-earlier-${i}`,
          user_id: userId,
          username,
          visitor_name: 'Earlier visitor',
          visitor_email: 'earlier@example.net',
          subject: '',
          message: 'Earlier',
          email_id: null,
          created_at: at,
          sender_key: senderKey,
        })),
      )
      .execute();

  it.each(TEMPLATE_IDS.map((id, index) => [id, index + 1] as const))(
    '%s: the form posts to the server, asks for the visitor email, and the owner address is nowhere in the page',
    async (_templateId, n) => {
      const html = await (await fetch(`${t.url}/users/server-${n}`)).text();
      const form = /<form\b[^>]*>/.exec(html.slice(html.indexOf('id="contactDetails"')))?.[0];
      expect(form).toContain(`action="/users/server-${n}/contact"`);
      expect(form).toContain('method="post"');
      expect(form).not.toContain('data-to');
      expect(html).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
      expect(html).toMatch(/<input type="hidden" name="started" value="\d{13}\.[\w-]{43}"/);
      expect(html).toMatch(
        /<div aria-hidden="true"[^>]*><label>Leave this empty<input type="text" tabindex="-1"[^>]*name="website"/,
      );
      expect(html).toContain('role="status" aria-live="polite"');
      expect(html).not.toContain(OWNER_EMAIL);
      expect(html).not.toContain('mailto:');
    },
  );

  it('stores a message and mails it to the owner once, with the visitor as Reply-To', async () => {
    const before = { stored: await storedCount(), mails: smtp.received.length };
    const answer = await post('server-2', good());
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as ContactSendResponse;
    expect(body).toMatchObject({ ok: true, message: expect.stringContaining('Message sent') });
    expect(await storedCount()).toBe(before.stored + 1);
    expect(await t.app.jobs.outbox.runOnce()).toBe(1);
    expect(await t.app.jobs.outbox.runOnce()).toBe(0);
    const mails = smtp.received.slice(before.mails);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([OWNER_EMAIL]);
    const raw = mails[0]!.raw.replace(/=\r?\n/g, '');
    expect(raw).toMatch(/^Reply-To: ravi@example\.net\r?$/m);
    expect(raw).toContain('Subject: A logo for my bakery (from Ravi Kumar via your portfolio)');
    expect(raw).toContain('Could you design a logo for my bakery in Pune?');
  });

  it('answers a form posted without JavaScript with a page and a link back', async () => {
    const answer = await post('server-1', good(), { html: true });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.headers.get('content-security-policy')).toContain("form-action 'self'");
    const html = await answer.text();
    expect(html).toContain('<h1>Message sent</h1>');
    expect(html).toContain('<a href="/users/server-1">Back to the portfolio</a>');
  });

  it('refuses a filled honeypot, saying why, and stores nothing', async () => {
    const before = { stored: await storedCount(), mails: await outboxCount() };
    const answer = await post('server-1', good({ website: 'http://cheap-pills.example' }));
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as ContactSendResponse;
    expect(body).toMatchObject({ ok: false, field: 'website' });
    expect(body.message).toContain('hidden field');
    expect(await storedCount()).toBe(before.stored);
    expect(await outboxCount()).toBe(before.mails);
  });

  it('refuses a form sent faster than a person types, keeps the text and lets the person send again', async () => {
    const started = (await (
      await fetch(`${t.url}/api/contact/start`)
    ).json()) as ContactStartResponse;
    const before = await storedCount();
    const fields = good({ started: started.token, message: 'Quick <question> & more' });
    const json = await post('server-1', fields);
    expect(json.status).toBe(400);
    const body = (await json.json()) as ContactSendResponse;
    expect(body).toMatchObject({ ok: false, field: 'started' });
    expect(body.message).toContain(`within ${CONTACT_LIMITS.minFillSeconds} seconds`);
    // The visitor's own start time stands: no new token, so Send again a moment later works.
    expect(body).not.toHaveProperty('token');

    const page = await post('server-1', fields, { html: true });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('faster than a person can type');
    expect(html).toContain('>Quick &#60;question&#62; &#38; more</textarea>');
    expect(html).toContain('value="Ravi Kumar"');
    expect(html).toMatch(/name="started" value="\d{13}\.[\w-]{43}"/);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a forged or missing start token and gives a fresh one', async () => {
    const answer = await post(
      'server-1',
      good({ started: `${Date.now() - 60_000}.${'A'.repeat(43)}` }),
    );
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as ContactSendResponse;
    expect(body).toMatchObject({
      ok: false,
      field: 'started',
      token: expect.stringMatching(/^\d{13}\./),
    });
  });

  it('refuses a message over the size limit, a missing name and a bad email, naming the field', async () => {
    const before = await storedCount();
    const cases: [Record<string, string>, string, string][] = [
      [{ message: 'x'.repeat(CONTACT_LIMITS.message + 1) }, 'message', 'at most 5,000 characters'],
      [{ message: '   ' }, 'message', 'write a message'],
      [{ name: '' }, 'name', 'your name'],
      [{ email: '' }, 'email', 'the reply can reach you'],
      [
        { email: 'ravi@example.net\r\nBcc: everyone@example.org' },
        'email',
        'like name@example.com',
      ],
      [{ email: 'not an address' }, 'email', 'like name@example.com'],
    ];
    for (const [override, field, words] of cases) {
      const answer = await post('server-1', good(override));
      expect(answer.status, field).toBe(400);
      const body = (await answer.json()) as ContactSendResponse;
      expect(body).toMatchObject({ ok: false, field });
      expect(body.message).toContain(words);
    }
    expect(await storedCount()).toBe(before);
  });

  it('keeps line breaks out of the mail headers', async () => {
    const before = smtp.received.length;
    const answer = await post(
      'server-3',
      good({ name: 'Eve\r\nBcc: victim@example.org', subject: 'Hi\nX-Injected: yes' }),
    );
    expect(answer.status).toBe(200);
    await t.app.jobs.outbox.runOnce();
    const raw = smtp.received.slice(before)[0]!.raw;
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(raw).not.toMatch(/^X-Injected:/im);
    expect(smtp.received.slice(before)[0]!.to).toEqual([OWNER_EMAIL]);
  });

  it('limits messages per address, saying how long to wait, with a page for a plain form', async () => {
    const address = freshAddress();
    // Malformed posts count too: the limit is taken before the body is read.
    for (let i = 0; i < RATE_LIMITS.contactPerIp.limit; i += 1) {
      expect((await post('server-4', good({ name: '' }), { address })).status).toBe(400);
    }
    const refused = await post('server-4', good(), { address });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many messages from this network\. Try again in \d+ seconds\.$/,
    );
    const page = await post('server-4', good(), { address, html: true });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('Too many messages from this network');
  });

  it('limits messages per page from many addresses', async () => {
    await publishWithForm('popular', 'template2');
    for (let i = 0; i < RATE_LIMITS.contactPerPage.limit; i += 1) {
      expect((await post('popular', good())).status).toBe(200);
    }
    const before = await storedCount();
    const refused = await post('popular', good());
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toContain(
      'This portfolio has received many messages in the last few minutes',
    );
    expect(await storedCount()).toBe(before);
  });

  it('keeps the page open to a new sender after two networks flood it past their own caps', async () => {
    await publishWithForm('flooded-form', 'template2');
    // Two networks each post all their address allows: their own day's share is stored, the
    // rest refused without spending the page's allowance.
    for (const address of ['198.51.100.31', '198.51.100.32']) {
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.contactPerIp.limit; i += 1) {
        statuses.push((await post('flooded-form', good(), { address })).status);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(
        CONTACT_LIMITS.perSenderPerOwnerPerDay,
      );
    }
    expect((await post('flooded-form', good(), { address: '203.0.113.77' })).status).toBe(200);
    // Networks writing again share 20 of the page's 30 (18 used above): once they have used
    // their part, each first message still gets through while a second is refused.
    let repeatRefused = false;
    for (let i = 0; i < 10 && !repeatRefused; i += 1) {
      const address = `198.51.100.${40 + i}`;
      expect((await post('flooded-form', good(), { address })).status).toBe(200);
      repeatRefused = (await post('flooded-form', good(), { address })).status === 429;
    }
    expect(repeatRefused).toBe(true);
    expect((await post('flooded-form', good(), { address: '203.0.113.78' })).status).toBe(200);
  });

  it('keeps the page open to a new sender when two networks send all they may at once', async () => {
    await publishWithForm('burst-form', 'template2');
    // Sent together, every message counts the day before any is stored.
    const burst = (address: string) =>
      Array.from({ length: RATE_LIMITS.contactPerIp.limit }, () =>
        post('burst-form', good(), { address }).then((answer) => answer.status),
      );
    const statuses = await Promise.all([...burst('198.51.100.61'), ...burst('198.51.100.62')]);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(
      2 * CONTACT_LIMITS.perSenderPerOwnerPerDay,
    );
    expect((await post('burst-form', good(), { address: '203.0.113.79' })).status).toBe(200);
  });

  it('caps the messages an owner receives in a day, counted in the database', async () => {
    const { userId } = await publishWithForm('capped', 'template1');
    await receivedEarlier(userId, 'capped', CONTACT_LIMITS.perOwnerPerDay);
    const before = await outboxCount();
    const refused = await post('capped', good());
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toContain('today');
    expect(await outboxCount()).toBe(before);
  });

  it("one network uses up only its own share of an owner's day; yesterday's senders are forgotten", async () => {
    const { userId } = await publishWithForm('one-sender', 'template1');
    const yesterday = new Date(Date.now() - DAY_MS).toISOString();
    await receivedEarlier(userId, 'one-sender', 1, yesterday, 'a key from yesterday');
    // One IPv6 subscriber rotating through their /64 is one sender.
    const addresses = Array.from(
      { length: CONTACT_LIMITS.perSenderPerOwnerPerDay + 1 },
      (_, i) => `2001:db8:77:1::${i + 1}`,
    );
    for (const address of addresses.slice(0, -1)) {
      expect((await post('one-sender', good(), { address })).status).toBe(200);
    }
    const before = await outboxCount();
    const refused = await post('one-sender', good(), { address: addresses.at(-1) });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toContain(
      'from your network today',
    );
    expect(await outboxCount()).toBe(before);
    // Someone else still gets through.
    expect((await post('one-sender', good(), { address: '2001:db8:77:2::1' })).status).toBe(200);
    const rows = await t.database.db
      .selectFrom('contact_messages')
      .select(['id', 'sender_key'])
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(CONTACT_LIMITS.perSenderPerOwnerPerDay + 2);
    // The hourly purge clears yesterday's keys, of every owner, and keeps today's.
    expect(await t.app.jobs.senderKeys.runOnce()).toBeGreaterThanOrEqual(1);
    const after = await t.database.db
      .selectFrom('contact_messages')
      .select(['id', 'sender_key'])
      .where('user_id', '=', userId)
      .execute();
    expect(after.find((row) => row.id === 'one-sender-earlier-0')?.sender_key).toBeNull();
    expect(after.filter((row) => row.sender_key !== null)).toHaveLength(
      CONTACT_LIMITS.perSenderPerOwnerPerDay + 1,
    );
    // The key is a hash: no address is stored.
    for (const row of rows) expect(row.sender_key ?? '').not.toContain('2001');
  });

  it('takes the last message of the day and refuses the rest, also when they arrive together', async () => {
    const { userId } = await publishWithForm('together', 'template1');
    await receivedEarlier(userId, 'together', CONTACT_LIMITS.perOwnerPerDay - 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post('together', good()).then((answer) => answer.status)),
    );
    expect(answers.sort()).toEqual([200, 429, 429, 429, 429, 429]);
    const count = await t.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(CONTACT_LIMITS.perOwnerPerDay);
  });

  it("with 'mailto' the page carries the form's address and the server takes no messages", async () => {
    const html = await (await fetch(`${t.url}/users/by-mailto`)).text();
    expect(html).toContain(`data-to="${OWNER_EMAIL}"`);
    expect(html).not.toContain('name="started"');
    expect(html).not.toContain('action="/users/by-mailto/contact"');
    const before = await storedCount();
    const answer = await post('by-mailto', good());
    expect(answer.status).toBe(404);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a post from another site', async () => {
    const answer = await post('server-1', good(), { origin: 'https://attacker.example' });
    expect(answer.status).toBe(403);
  });

  it('shows the owner their messages, latest first, and no one else; the export holds them; deleting the account erases them', async () => {
    const owner = await signIn(t.url, { name: 'Meera Iyer', email: 'meera@example.com' });
    const other = await signIn(t.url, { name: 'Other Person', email: 'other@example.com' });
    await publishAs(t, owner, 'meera-designs', 'template2');
    expect((await post('meera-designs', good({ message: 'First message' }))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await post('meera-designs', good({ message: 'Second message' }))).status).toBe(200);

    const list = async (jar: typeof owner) =>
      (await request(jar, `${t.url}/api/account/messages`)).json() as Promise<MessagesResponse>;
    // The outbox sends on its own schedule; the page shows each message's mail as it goes.
    const mine = await pollUntil(
      'both messages mailed',
      async () => {
        await t.app.jobs.outbox.runOnce();
        return list(owner);
      },
      (answer) => answer.messages.every((m) => m.delivery === 'sent'),
    );
    expect(mine.messages.map((m) => m.message)).toEqual(['Second message', 'First message']);
    expect(mine.messages[0]).toMatchObject({
      username: 'meera-designs',
      name: 'Ravi Kumar',
      email: 'ravi@example.net',
      delivery: 'sent',
    });
    expect((await list(other)).messages).toEqual([]);
    expect((await fetch(`${t.url}/api/account/messages`)).status).toBe(401);

    const exported = (await (await request(owner, `${t.url}/api/account/export`)).json()) as {
      messages: { message: string }[];
    };
    expect(exported.messages.map((m) => m.message)).toEqual(['Second message', 'First message']);

    const deleted = await request(owner, `${t.url}/api/account`, {
      method: 'DELETE',
      headers: { origin: t.url, 'content-type': 'application/json' },
      body: JSON.stringify({ confirmation: 'meera@example.com' }),
    });
    expect(deleted.status).toBe(204);
    const left = await t.database.db
      .selectFrom('contact_messages')
      .select('id')
      .where('username', '=', 'meera-designs')
      .execute();
    expect(left).toEqual([]);
  });
});
