/**
 * Preview links through the real app and database: sharing and sharing again, the page a link
 * opens (the public renderer in its preview form), renew, revoke and expiry, whose links may be
 * touched by whom, the limits, the purge, and account deletion taking the snapshots along.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { send, type Answer } from '../../../test/http.js';
import { webpImage } from '../../../test/images.js';
import { CookieJar, signIn } from '../../../test/signin.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import {
  MAX_LIVE_PREVIEW_LINKS,
  PREVIEW_LINK_DAYS,
  PREVIEW_LINK_MAX_DAYS,
  PREVIEW_LINKS_PATH,
  previewLinkPath,
  previewLinkRenewPath,
  type PreviewLinksResponse,
  type SharePreviewResponse,
} from '../../shared/preview-links.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import type { UploadedImage } from '../../shared/uploads.js';
import { DAY_MS } from '../../shared/domain/time.js';
import { PORTFOLIO_BODY_BYTES } from '../http/route-rules.js';
import { PREVIEW_CONTACT_CLOSED } from '../public-pages/render-page.js';
import { hashPreviewToken } from './preview-tokens.js';

const withName = (name: string, base = SAMPLE_DATA.template2): PortfolioData => ({
  ...base,
  personalDetails: { ...base.personalDetails, name },
});

async function share(t: TestApp, jar: CookieJar, data: unknown, templateId = 'template2') {
  return send(t, jar, { path: PREVIEW_LINKS_PATH, body: { templateId, data } });
}

async function shared(t: TestApp, jar: CookieJar, data: unknown, templateId = 'template2') {
  const answer = await share(t, jar, data, templateId);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body as SharePreviewResponse;
}

async function open(url: string): Promise<{ status: number; headers: Headers; html: string }> {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function links(t: TestApp, jar: CookieJar) {
  const answer = await send(t, jar, { path: PREVIEW_LINKS_PATH });
  expect(answer.status).toBe(200);
  return (answer.body as PreviewLinksResponse).links;
}

const rowCount = async (t: TestApp) =>
  (await t.database.db.selectFrom('preview_links').selectAll().execute()).length;

const expectField = (answer: Answer, status: number, field: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ error: { field } });
};

describe.each(TEST_DIALECTS)('preview links (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let owner: CookieJar;
  let other: CookieJar;
  const ownerEmail = `previewer-${dialect}@example.com`;

  beforeAll(async () => {
    owner = await signIn(t.url, { name: 'Ishaan Verma', email: ownerEmail });
    other = await signIn(t.url, { name: 'Other Person', email: `other-${dialect}@example.com` });
  });

  it('asks for sign-in before anything is stored', async () => {
    const answer = await share(t, new CookieJar(), withName('Nobody'));
    expect(answer.status).toBe(401);
    expect(await rowCount(t)).toBe(0);
  });

  it('shares a snapshot at a long random address rendered as the public page, marked preview', async () => {
    const { link, created } = await shared(t, owner, withName('Ishaan Verma'));
    expect(created).toBe(true);
    const token = new URL(link.url!).pathname.replace('/preview/', '');
    expect(link.url).toBe(`${t.url}/preview/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.toLowerCase()).not.toContain('ishaan');
    // Only the hash is kept: no column holds the token itself.
    const row = await t.database.db
      .selectFrom('preview_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashPreviewToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / DAY_MS;
    expect(days).toBe(PREVIEW_LINK_DAYS);

    const page = await open(link.url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("form-action 'none'");
    expect(page.html).toContain('<meta name="robots" content="noindex">');
    expect(page.html).toContain('Preview — not published yet');
    expect(page.html).toContain('Ishaan Verma');
    // The template's own stylesheet, as on the public page.
    expect(page.html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css">/);
    // The contact form: shown, every control disabled, saying why; no script, no address.
    expect(page.html).toContain('<fieldset disabled=""');
    expect(page.html).toContain(PREVIEW_CONTACT_CLOSED);
    expect(page.html).not.toContain('<script src=');
    expect(page.html).not.toMatch(/action="/);
    expect(page.html).not.toContain('rel="canonical"');
    // Nothing of the person's but the page: not their account's email, nor the form's address.
    expect(page.html).not.toContain(ownerEmail);
    expect(page.html).not.toContain(SAMPLE_DATA.template2.contactDetails.email);
  });

  it('sharing again updates the same link, keeping its address and expiry', async () => {
    const first = (await shared(t, owner, withName('First Version'), 'template3')).link;
    // Seen once, the first version is kept rendered; sharing again must not serve it.
    expect((await open(first.url!)).html).toContain('First Version');
    const again = await shared(
      t,
      owner,
      withName('Second Version', SAMPLE_DATA.template3),
      'template3',
    );
    expect(again.created).toBe(false);
    expect(again.link).toMatchObject({ id: first.id, url: first.url, expiresAt: first.expiresAt });
    const page = await open(first.url!);
    expect(page.html).toContain('Second Version');
    expect(page.html).not.toContain('First Version');
    const listed = await links(t, owner);
    expect(listed.filter((link) => link.templateId === 'template3')).toHaveLength(1);
  });

  it('refuses a draft publishing would refuse, naming the field, and stores nothing', async () => {
    const before = await rowCount(t);
    const bad = withName('Bad Email');
    bad.contactDetails = { ...bad.contactDetails, email: 'not an email' };
    expectField(await share(t, owner, bad, 'template5'), 400, 'data.contactDetails.email');
    expectField(await share(t, owner, withName('X'), 'template9'), 400, 'templateId');
    expectField(await share(t, owner, 'nothing'), 400, 'data');
    // The contrast guard, as for a claim: an unreadable accent is shown nowhere, not even here.
    const unreadable = { ...withName('Pale'), appearance: { accent: '#ffff00' } };
    expectField(await share(t, owner, unreadable, 'template5'), 400, 'data.appearance.accent');
    const huge = await send(t, owner, {
      path: PREVIEW_LINKS_PATH,
      body: JSON.stringify({ templateId: 'template5', data: 'x'.repeat(PORTFOLIO_BODY_BYTES) }),
    });
    expect(huge.status).toBe(413);
    expect(await rowCount(t)).toBe(before);
  });

  it("shows the person's own uploads, and refuses someone else's", async () => {
    const uploaded = await send(t, owner, {
      path: '/api/uploads',
      body: new Uint8Array(await webpImage(320, 240)),
      contentType: 'image/webp',
    });
    expect(uploaded.status).toBe(201);
    const image = uploaded.body as UploadedImage;
    const data = withName('With Photo', SAMPLE_DATA.template1);
    data.personalDetails = { ...data.personalDetails, profileImage: image.ref };

    const before = await rowCount(t);
    expectField(await share(t, other, data, 'template1'), 400, 'data.personalDetails.profileImage');
    expect(await rowCount(t)).toBe(before);

    const { link } = await shared(t, owner, data, 'template1');
    const page = await open(link.url!);
    expect(page.html).toContain(`/media/${image.hash}/`);
    const src = /src="(\/media\/[^"]+)"/.exec(page.html)![1]!;
    expect((await fetch(`${t.url}${src}`)).status).toBe(200);
  });

  it('renews and revokes only for the owner; another person gets 404 and changes nothing', async () => {
    const { link } = await shared(t, owner, withName('Renewed Person'));
    await t.database.db
      .updateTable('preview_links')
      .set({ expires_at: new Date(Date.now() + DAY_MS).toISOString() })
      .where('id', '=', link.id)
      .execute();

    const theirs = await send(t, other, { path: previewLinkRenewPath(link.id), body: {} });
    expect(theirs.status).toBe(404);
    const theirRevoke = await send(t, other, { method: 'DELETE', path: previewLinkPath(link.id) });
    expect(theirRevoke.status).toBe(404);
    expect((await open(link.url!)).status).toBe(200);
    expect(await links(t, other)).toEqual([]);

    const renewed = await send(t, owner, { path: previewLinkRenewPath(link.id), body: {} });
    expect(renewed.status).toBe(200);
    const expiresAt = (renewed.body as { link: { expiresAt: string } }).link.expiresAt;
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan((PREVIEW_LINK_DAYS - 1) * DAY_MS);

    const revoked = await send(t, owner, { method: 'DELETE', path: previewLinkPath(link.id) });
    expect(revoked.status).toBe(204);
    const gone = await open(link.url!);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('x-robots-tag')).toBe('noindex');
    expect(gone.html).toContain('This preview has ended');
    expect(gone.html).not.toContain('Renewed Person');
    const row = await t.database.db
      .selectFrom('preview_links')
      .select(['data', 'ended_at'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.data).toBeNull();
    expect(row.ended_at).not.toBeNull();
    expect((await links(t, owner)).map((l) => l.id)).not.toContain(link.id);
    // Revoked: neither renewed nor revoked again.
    expect((await send(t, owner, { path: previewLinkRenewPath(link.id), body: {} })).status).toBe(
      404,
    );
    expect(
      (await send(t, owner, { method: 'DELETE', path: previewLinkPath(link.id) })).status,
    ).toBe(404);

    // Sharing the template again makes a new link; the revoked one stays ended.
    const next = await shared(t, owner, withName('Renewed Person'));
    expect(next.created).toBe(true);
    expect(next.link.url).not.toBe(link.url);
    expect((await open(link.url!)).status).toBe(410);
    expect((await open(next.link.url!)).status).toBe(200);
  });

  it(`renews a link to at most ${PREVIEW_LINK_MAX_DAYS} days from when it was made`, async () => {
    const person = await signIn(t.url, {
      name: 'Renewer',
      email: `renewer-${dialect}@example.com`,
    });
    const { link } = await shared(t, person, withName('Renewer'));
    const made = Date.now() - (PREVIEW_LINK_MAX_DAYS - 3) * DAY_MS;
    await t.database.db
      .updateTable('preview_links')
      .set({
        created_at: new Date(made).toISOString(),
        expires_at: new Date(Date.now() + DAY_MS).toISOString(),
      })
      .where('id', '=', link.id)
      .execute();
    // Three days are left of its lifetime: a renewal gives those, not fourteen.
    const renewed = await send(t, person, { path: previewLinkRenewPath(link.id), body: {} });
    expect(renewed.status).toBe(200);
    const lastDay = new Date(made + PREVIEW_LINK_MAX_DAYS * DAY_MS).toISOString();
    expect((renewed.body as { link: { expiresAt: string } }).link.expiresAt).toBe(lastDay);
    // At the end of its lifetime, no more: a new link is a new share.
    const again = await send(t, person, { path: previewLinkRenewPath(link.id), body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'preview_lifetime' } });
  });

  it('a link that ran out answers 410, cannot be renewed, and is purged by the periodic job', async () => {
    const person = await signIn(t.url, { name: 'Run Out', email: `runout-${dialect}@example.com` });
    const { link } = await shared(t, person, withName('Run Out'));
    const past = new Date(Date.now() - 1000).toISOString();
    await t.database.db
      .updateTable('preview_links')
      .set({ expires_at: past })
      .where('id', '=', link.id)
      .execute();
    expect((await open(link.url!)).status).toBe(410);
    expect((await send(t, person, { path: previewLinkRenewPath(link.id), body: {} })).status).toBe(
      404,
    );
    expect(await links(t, person)).toEqual([]);

    const first = await t.app.jobs.previewLinks.runOnce(new Date());
    expect(first.ended).toBeGreaterThanOrEqual(1);
    const ended = await t.database.db
      .selectFrom('preview_links')
      .select(['data', 'ended_at'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ data: null, ended_at: past });
    expect((await open(link.url!)).status).toBe(410);

    const later = await t.app.jobs.previewLinks.runOnce(new Date(Date.now() + 31 * DAY_MS));
    expect(later.deleted).toBeGreaterThanOrEqual(1);
    expect(
      await t.database.db
        .selectFrom('preview_links')
        .select('id')
        .where('id', '=', link.id)
        .execute(),
    ).toEqual([]);
    expect((await open(link.url!)).status).toBe(404);
  });

  it('answers 404 for addresses that never were links', async () => {
    const unknown = await open(`${t.url}/preview/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Preview not found');
    expect((await open(`${t.url}/preview/short`)).status).toBe(404);
  });

  it(`refuses more than ${MAX_LIVE_PREVIEW_LINKS} live links with a 409 naming the limit`, async () => {
    const person = await signIn(t.url, {
      name: 'Many Links',
      email: `many-${dialect}@example.com`,
    });
    const { id: userId } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `many-${dialect}@example.com`)
      .executeTakeFirstOrThrow();
    // Links of templates since retired count too (there are only five templates today).
    const now = new Date();
    await t.database.db
      .insertInto('preview_links')
      .values(
        Array.from({ length: MAX_LIVE_PREVIEW_LINKS }, (_, index) => ({
          id: `retired-${dialect}-${index}`,
          token_hash: `hash-${dialect}-${index}`,
          token_sealed: 'x',
          user_id: userId,
          template_id: `retired${index}`,
          data: '{}',
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          expires_at: new Date(now.getTime() + DAY_MS).toISOString(),
          ended_at: null,
        })),
      )
      .execute();
    const refused = await share(t, person, withName('Many Links'));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'preview_limit' } });
    expect((refused.body as { error: { message: string } }).error.message).toContain(
      `${MAX_LIVE_PREVIEW_LINKS} live preview links`,
    );
    // A link whose token the server cannot open is still listed, for revoking.
    const listed = await links(t, person);
    expect(listed).toHaveLength(MAX_LIVE_PREVIEW_LINKS);
    expect(listed[0]!.url).toBeNull();
    expect(
      (await send(t, person, { method: 'DELETE', path: previewLinkPath(listed[0]!.id) })).status,
    ).toBe(204);
    expect((await share(t, person, withName('Many Links'))).status).toBe(201);
  });

  it('holds one person to the rate limit on link changes', async () => {
    const person = await signIn(t.url, {
      name: 'Fast Clicker',
      email: `fast-${dialect}@example.com`,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push(
        (await send(t, person, { path: previewLinkRenewPath('nope'), body: {} })).status,
      );
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('deleting the account deletes its links', async () => {
    const email = `leaving-${dialect}@example.com`;
    const person = await signIn(t.url, { name: 'Leaving Soon', email });
    const { link } = await shared(t, person, withName('Leaving Soon'));
    const done = await send(t, person, {
      method: 'DELETE',
      path: '/api/account',
      body: { confirmation: email },
    });
    expect(done.status).toBe(204);
    expect((await open(link.url!)).status).toBe(404);
  });
});
