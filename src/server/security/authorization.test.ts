/**
 * The authorisation matrix: every route the app serves (builder pages and built files aside),
 * called as nobody, as the owner of the resource it touches and as another signed-in person,
 * with the status each must get. State-changing routes are also called by the owner from
 * another site. Any answer of 400 or above must leave the store exactly as it was.
 *
 * A route that is not in the table fails the suite: a new route cannot ship without a row.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIR, startTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { CookieJar, signIn } from '../../../test/signin.js';
import type { AccountResponse } from '../../shared/account.js';
import type { MeResponse } from '../../shared/auth.js';
import type { DomainsResponse } from '../../shared/domains.js';
import {
  PREVIEW_LINKS_PATH,
  previewLinkPath,
  previewLinkRenewPath,
  type PreviewLink,
  type PreviewLinksResponse,
  type SharePreviewResponse,
} from '../../shared/preview-links.js';
import { USERNAME_TAKEN_MESSAGE } from '../../shared/orders.js';
import type { TouchUploadsAnswer, UploadedImage, UploadList } from '../../shared/uploads.js';
import { webpImage } from '../../../test/images.js';
import { request as requestWithJar } from '../../../test/signin.js';
import { PAGE_TITLES, PARAMETERISED_PAGES } from '../../shared/routes.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { hmacHex } from '../payments/signatures.js';
import { ContactTokens } from '../contact/contact-token.js';
import type { ContactSendResponse, MessagesResponse } from '../../shared/contact.js';
import { send, type Answer, type Send } from '../../../test/http.js';
import {
  createOrderFor,
  orderBody,
  paidOrderFor,
  publishAs,
  uniqueName,
} from '../../../test/orders.js';
import { expectSameStore, snapshotStore } from '../../../test/store.js';

type Who = 'nobody' | 'owner' | 'other';
const PEOPLE: Who[] = ['nobody', 'owner', 'other'];
const ATTACKER_ORIGIN = 'https://attacker.example';

interface World {
  t: TestApp;
  jars: Record<Who, CookieJar>;
  /** The owner's published name (template2). */
  ownerName: string;
  /** Signs the same person in again: a second session, to end without ending the first. */
  secondSession(who: Who): Promise<CookieJar>;
}

interface Row {
  /** `METHOD /pattern` exactly as registered; `*` as the method covers every method. */
  route: string;
  /** What is asked, and whose resource it is. */
  what: string;
  expect: Record<Who, number> & {
    /** The owner's own request sent from another site (state-changing routes only). */
    crossSite?: number;
  };
  /** Builds the request; whatever it needs (orders, payments) is created for the owner first. */
  request(world: World, who: Who): Promise<Send & { jar?: CookieJar }>;
  /** Further checks on the answer. */
  check?(world: World, who: Who, answer: Answer): Promise<void> | void;
}

const ME_ROW: Row = {
  route: 'GET /api/me',
  what: 'who is signed in, and their own published portfolios only',
  expect: { nobody: 200, owner: 200, other: 200 },
  request: async () => ({ path: '/api/me' }),
  check: (world, who, answer) => {
    const me = answer.body as MeResponse;
    if (who === 'nobody') expect(me).toEqual({ user: null, portfolios: [] });
    if (who === 'owner')
      expect(me.portfolios).toContainEqual({ templateId: 'template2', username: world.ownerName });
    // The other person has published nothing: the owner's portfolio must not leak into theirs.
    if (who === 'other') expect(me.portfolios).toEqual([]);
  },
};

/** A fresh image uploaded by the owner (a plain request, no time limit: the first one starts the image workers). */
async function ownerUpload(world: World): Promise<UploadedImage> {
  const answer = await requestWithJar(world.jars.owner, `${world.t.url}/api/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'image/webp', origin: world.t.url },
    body: new Uint8Array(await webpImage(200, 150)),
  });
  if (answer.status !== 201) throw new Error(`owner upload failed: ${answer.status}`);
  return (await answer.json()) as UploadedImage;
}

const UPLOAD_ROWS: Row[] = [
  {
    route: 'POST /api/uploads',
    what: 'uploading an image (it belongs to whoever uploads it)',
    expect: { nobody: 401, owner: 201, other: 201, crossSite: 403 },
    request: async (world) => {
      await ownerUpload(world);
      return { path: '/api/uploads', body: await webpImage(120, 90), contentType: 'image/webp' };
    },
  },
  {
    route: 'GET /api/uploads',
    what: "one's own uploads only",
    expect: { nobody: 401, owner: 200, other: 200 },
    request: async (world) => {
      await ownerUpload(world);
      return { path: '/api/uploads' };
    },
    check: async (world, who, answer) => {
      if (who === 'nobody') return;
      const hashes = (answer.body as UploadList).uploads.map((upload) => upload.hash);
      const owners = await send(world.t, world.jars.owner, { path: '/api/uploads' });
      const ownerHashes = (owners.body as UploadList).uploads.map((upload) => upload.hash);
      expect(ownerHashes.length).toBeGreaterThan(0);
      if (who === 'other') expect(hashes.filter((hash) => ownerHashes.includes(hash))).toEqual([]);
    },
  },
  {
    route: 'POST /api/uploads/touch',
    what: "a draft's references: the owner's are kept, nobody else's are touched",
    expect: { nobody: 401, owner: 200, other: 200, crossSite: 403 },
    request: async (world) => ({
      path: '/api/uploads/touch',
      body: { refs: [(await ownerUpload(world)).ref] },
    }),
    check: (_world, who, answer) => {
      const result = answer.body as TouchUploadsAnswer;
      if (who === 'owner') expect(result.missing).toEqual([]);
      if (who === 'other') expect(result.kept).toEqual([]);
    },
  },
  {
    route: 'DELETE /api/uploads/:hash',
    what: "removing the owner's upload",
    expect: { nobody: 401, owner: 204, other: 404, crossSite: 403 },
    request: async (world) => ({
      method: 'DELETE',
      path: `/api/uploads/${(await ownerUpload(world)).hash}`,
    }),
  },
  {
    route: 'GET /media/:hash/:file',
    what: "a file of the owner's upload: public, like the page that shows it",
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async (world) => ({ path: (await ownerUpload(world)).ogUrl }),
  },
];

/** The id of the order that published the owner's page (it has a receipt). */
async function ownerOrderId(world: World): Promise<string> {
  const row = await world.t.database.db
    .selectFrom('orders')
    .select('id')
    .where('username', '=', world.ownerName)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Another name of the owner on their template2 portfolio, so actions on it spare world.ownerName. */
async function ownerExtraName(world: World): Promise<string> {
  const username = uniqueName('ext');
  await publishAs(world.t, world.jars.owner, username);
  return username;
}

const ACCOUNT_ROWS: Row[] = [
  {
    route: 'GET /api/account',
    what: "one's own portfolios only",
    expect: { nobody: 401, owner: 200, other: 200 },
    request: async () => ({ path: '/api/account' }),
    check: (world, who, answer) => {
      if (who === 'nobody') return;
      const names = (answer.body as AccountResponse).portfolios.map((p) => p.username);
      if (who === 'owner') expect(names).toContain(world.ownerName);
      if (who === 'other') expect(names).toEqual([]);
    },
  },
  ...(['unpublish', 'publish'] as const).map((action): Row => ({
    route: `POST /api/account/portfolios/:username/${action}`,
    what: `${action === 'unpublish' ? 'taking down' : 'putting back'} the owner's page`,
    expect: { nobody: 401, owner: 200, other: 404, crossSite: 403 },
    request: async (world) => ({
      path: `/api/account/portfolios/${await ownerExtraName(world)}/${action}`,
      body: {},
    }),
  })),
  {
    route: 'DELETE /api/account/portfolios/:username',
    what: "releasing the owner's username",
    expect: { nobody: 401, owner: 204, other: 404, crossSite: 403 },
    request: async (world) => ({
      method: 'DELETE',
      path: `/api/account/portfolios/${await ownerExtraName(world)}`,
    }),
  },
  {
    route: 'GET /api/account/portfolios/:username/qr.:format',
    what: "the QR code of the owner's page",
    expect: { nobody: 401, owner: 200, other: 404 },
    request: async (world) => ({ path: `/api/account/portfolios/${world.ownerName}/qr.svg` }),
  },
  {
    route: 'GET /receipts/:file',
    what: "the buyer's receipt page and PDF (nobody signed in: the sign-in page, 401)",
    expect: { nobody: 401, owner: 200, other: 404 },
    request: async (world) => ({ path: `/receipts/${await ownerOrderId(world)}` }),
  },
  {
    route: 'GET /api/receipts/:orderId',
    what: "the summary of the buyer's receipt on the thank-you page",
    expect: { nobody: 401, owner: 200, other: 404 },
    request: async (world) => ({ path: `/api/receipts/${await ownerOrderId(world)}` }),
  },
  {
    route: 'GET /api/account/portfolios/:username/visits',
    what: "the visitor numbers of the owner's page",
    expect: { nobody: 401, owner: 200, other: 404 },
    request: async (world) => ({ path: `/api/account/portfolios/${world.ownerName}/visits` }),
  },
  {
    route: 'GET /api/account/portfolios/:username/website.zip',
    what: "the owner's page as a website",
    expect: { nobody: 401, owner: 200, other: 404 },
    request: async (world) => ({ path: `/api/account/portfolios/${world.ownerName}/website.zip` }),
  },
  {
    route: 'GET /api/account/export',
    what: "one's own data only",
    expect: { nobody: 401, owner: 200, other: 200 },
    request: async () => ({ path: '/api/account/export' }),
    check: (world, who, answer) => {
      const text = JSON.stringify(answer.body);
      if (who === 'owner') expect(text).toContain(world.ownerName);
      if (who === 'other') expect(text).not.toContain(world.ownerName);
    },
  },
  {
    route: 'DELETE /api/account',
    what: "deleting one's own account (a fresh person each time: it ends every session)",
    expect: { nobody: 401, owner: 204, other: 204, crossSite: 403 },
    request: async (world, who) => ({
      method: 'DELETE',
      path: '/api/account',
      body: { confirmation: 'DELETE' },
      jar:
        who === 'nobody'
          ? new CookieJar()
          : await signIn(world.t.url, {
              name: 'Leaving Person',
              email: `leaving-${uniqueName()}@example.com`,
            }),
    }),
  },
];

const MESSAGE_ROWS: Row[] = [
  {
    route: 'POST /users/:username/contact',
    what: "a visitor's message to the owner's page: anyone may send one, from the page's own site",
    expect: { nobody: 200, owner: 200, other: 200, crossSite: 403 },
    request: async (world, who) => ({
      path: `/users/${world.ownerName}/contact`,
      contentType: 'application/x-www-form-urlencoded',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({
        name: `Visitor ${who}`,
        email: 'visitor@example.net',
        message: 'Hello from the matrix',
        website: '',
        // Issued 10 seconds ago with the app's key: a person's fill time.
        started: new ContactTokens(world.t.config.sessionSecret, () => Date.now() - 10_000).issue(),
      }).toString(),
    }),
    check: (_world, _who, answer) => {
      expect((answer.body as ContactSendResponse).ok).toBe(true);
    },
  },
  {
    route: 'GET /api/contact/start',
    what: "the contact form's start token: public, nobody's data",
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async () => ({ path: '/api/contact/start' }),
  },
  {
    route: 'GET /api/account/messages',
    what: "messages to one's own pages only",
    expect: { nobody: 401, owner: 200, other: 200 },
    request: async () => ({ path: '/api/account/messages' }),
    check: (world, who, answer) => {
      const { messages } = answer.body as MessagesResponse;
      if (who === 'other') expect(messages).toEqual([]);
      if (who === 'owner') {
        for (const message of messages) expect(message.username).toBe(world.ownerName);
      }
    },
  },
];

/** The owner's current preview link of template3 (made, or updated by sharing again). */
async function ownerPreview(world: World): Promise<PreviewLink> {
  const answer = await send(world.t, world.jars.owner, {
    path: PREVIEW_LINKS_PATH,
    body: { templateId: 'template3', data: SAMPLE_DATA.template3 },
  });
  if (answer.status >= 300) throw new Error(`owner preview not shared: ${answer.status}`);
  return (answer.body as SharePreviewResponse).link;
}

const PREVIEW_ROWS: Row[] = [
  {
    route: 'POST /api/preview-links',
    what: "sharing one's own draft (each person's link is their own)",
    expect: { nobody: 401, owner: 201, other: 201, crossSite: 403 },
    request: async (world) => {
      // Everyone's template4 link ended first, so that each share makes a new one.
      await world.t.database.db
        .updateTable('preview_links')
        .set({ ended_at: new Date().toISOString(), data: null })
        .where('template_id', '=', 'template4')
        .where('ended_at', 'is', null)
        .execute();
      return {
        path: PREVIEW_LINKS_PATH,
        body: { templateId: 'template4', data: SAMPLE_DATA.template4 },
      };
    },
  },
  {
    route: 'GET /api/preview-links',
    what: "one's own preview links only",
    expect: { nobody: 401, owner: 200, other: 200 },
    request: async (world) => {
      await ownerPreview(world);
      return { path: PREVIEW_LINKS_PATH };
    },
    check: (_world, who, answer) => {
      if (who === 'nobody') return;
      const templates = (answer.body as PreviewLinksResponse).links.map((l) => l.templateId);
      if (who === 'owner') expect(templates).toContain('template3');
      if (who === 'other') expect(templates).not.toContain('template3');
    },
  },
  {
    route: 'POST /api/preview-links/:id/renew',
    what: "renewing the owner's preview link",
    expect: { nobody: 401, owner: 200, other: 404, crossSite: 403 },
    request: async (world) => ({
      path: previewLinkRenewPath((await ownerPreview(world)).id),
      body: {},
    }),
  },
  {
    route: 'DELETE /api/preview-links/:id',
    what: "revoking the owner's preview link",
    expect: { nobody: 401, owner: 204, other: 404, crossSite: 403 },
    request: async (world) => ({
      method: 'DELETE',
      path: previewLinkPath((await ownerPreview(world)).id),
    }),
  },
  {
    route: 'GET /preview/:token',
    what: "the owner's shared draft: anyone with the link sees it, as the owner meant",
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async (world) => ({ path: new URL((await ownerPreview(world)).url!).pathname }),
  },
];

/** A domain the owner added to another of their names (pending: its DNS is not there). */
async function ownerDomain(world: World): Promise<string> {
  const hostname = `${uniqueName('dom')}.example`;
  const added = await send(world.t, world.jars.owner, {
    path: `/api/account/portfolios/${await ownerExtraName(world)}/domains`,
    body: { hostname },
  });
  if (added.status !== 201) throw new Error(`owner domain not added: ${added.status}`);
  return hostname;
}

const DOMAIN_ROWS: Row[] = [
  {
    route: 'GET /api/account/domains',
    what: "one's own custom domains only",
    expect: { nobody: 401, owner: 200, other: 200 },
    request: async (world) => {
      await ownerDomain(world);
      return { path: '/api/account/domains' };
    },
    check: (_world, who, answer) => {
      if (who === 'nobody') return;
      const domains = (answer.body as DomainsResponse).domains;
      if (who === 'owner') expect(domains.length).toBeGreaterThan(0);
      if (who === 'other') expect(domains).toEqual([]);
    },
  },
  {
    route: 'POST /api/account/portfolios/:username/domains',
    what: "adding a domain to the owner's portfolio",
    expect: { nobody: 401, owner: 201, other: 404, crossSite: 403 },
    request: async (world) => ({
      path: `/api/account/portfolios/${await ownerExtraName(world)}/domains`,
      body: { hostname: `${uniqueName('add')}.example` },
    }),
  },
  {
    route: 'POST /api/account/domains/:hostname/check',
    what: "Check now on the owner's domain",
    expect: { nobody: 401, owner: 200, other: 404, crossSite: 403 },
    request: async (world) => ({
      path: `/api/account/domains/${await ownerDomain(world)}/check`,
      body: {},
    }),
  },
  {
    route: 'DELETE /api/account/domains/:hostname',
    what: "removing the owner's domain",
    expect: { nobody: 401, owner: 204, other: 404, crossSite: 403 },
    request: async (world) => ({
      method: 'DELETE',
      path: `/api/account/domains/${await ownerDomain(world)}`,
    }),
  },
  {
    route: 'GET /internal/tls-ask',
    what: "Caddy's question about an unverified domain: no certificate for it, whoever asks",
    expect: { nobody: 404, owner: 404, other: 404 },
    request: async (world) => ({
      path: `/internal/tls-ask?domain=${await ownerDomain(world)}`,
    }),
  },
];

const TABLE: Row[] = [
  ME_ROW,
  ...UPLOAD_ROWS,
  ...ACCOUNT_ROWS,
  ...DOMAIN_ROWS,
  ...MESSAGE_ROWS,
  ...PREVIEW_ROWS,
  {
    route: 'GET /api/templates',
    what: 'the public template list',
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async () => ({ path: '/api/templates' }),
  },
  {
    route: 'GET /api/templates/:id',
    what: "a template's public default data",
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async () => ({ path: '/api/templates/template2' }),
  },
  {
    route: 'GET /api/portfolios/:templateId',
    what: "the owner's saved portfolio data (template2)",
    expect: { nobody: 401, owner: 200, other: 404 },
    request: async () => ({ path: '/api/portfolios/template2' }),
    check: (_world, who, answer) => {
      if (who === 'owner')
        expect(answer.body).toMatchObject({
          templateId: 'template2',
          data: { personalDetails: { name: SAMPLE_DATA.template2.personalDetails.name } },
        });
    },
  },
  {
    route: 'POST /api/claims',
    what: "Submit at the owner's published name (updates the owner's page, nobody else's)",
    expect: { nobody: 401, owner: 200, other: 409, crossSite: 403 },
    request: async (world) => ({
      path: '/api/claims',
      body: {
        username: world.ownerName,
        templateId: 'template2',
        data: SAMPLE_DATA.template2,
      },
    }),
    check: (world, who, answer) => {
      if (who === 'owner') expect(answer.body).toMatchObject({ status: 'updated' });
      if (who === 'other')
        expect(answer.body).toMatchObject({ error: { message: USERNAME_TAKEN_MESSAGE } });
    },
  },
  {
    route: 'POST /create-order',
    what: "an order for the owner's name with another template (a new purchase for the owner only)",
    expect: { nobody: 401, owner: 200, other: 409, crossSite: 403 },
    request: async (world) => ({
      path: '/create-order',
      body: orderBody(world.ownerName, 'template1'),
    }),
  },
  {
    route: 'POST /api/renewals',
    what: "a renewal of the owner's name (only its owner renews it)",
    expect: { nobody: 401, owner: 200, other: 404, crossSite: 403 },
    request: async (world) => ({
      path: '/api/renewals',
      body: { username: world.ownerName, currency: 'INR', receipt: String(Date.now()) },
    }),
  },
  {
    route: 'GET /api/renewals/:username/quote',
    what: "the price of renewing the owner's name",
    expect: { nobody: 401, owner: 200, other: 404 },
    request: async (world) => ({ path: `/api/renewals/${world.ownerName}/quote` }),
  },
  {
    route: 'POST /verify-payment',
    what: "the checkout's result for the owner's paid order",
    expect: { nobody: 401, owner: 200, other: 404, crossSite: 403 },
    request: async (world) => ({
      path: '/verify-payment',
      body: await paidOrderFor(world.t, world.jars.owner),
    }),
  },
  {
    route: 'POST /test-gateway/pay',
    what: "the test checkout paying the owner's order",
    expect: { nobody: 401, owner: 200, other: 404, crossSite: 403 },
    request: async (world) => ({
      path: '/test-gateway/pay',
      body: { order_id: await createOrderFor(world.t, world.jars.owner) },
    }),
  },
  {
    route: 'POST /test-gateway/fail',
    what: "the test checkout declining the owner's order",
    expect: { nobody: 401, owner: 200, other: 404, crossSite: 403 },
    request: async (world) => ({
      path: '/test-gateway/fail',
      body: { order_id: await createOrderFor(world.t, world.jars.owner) },
    }),
  },
  {
    route: 'POST /webhooks/razorpay',
    what: "an unsigned 'payment captured' for the owner's order: cookies grant nothing here",
    // Exempt from the origin check (Razorpay is another site); the signature is what counts.
    expect: { nobody: 401, owner: 401, other: 401, crossSite: 401 },
    request: async (world) => {
      const orderId = await createOrderFor(world.t, world.jars.owner);
      return {
        path: '/webhooks/razorpay',
        body: {
          event: 'payment.captured',
          payload: { payment: { entity: { id: 'pay_unsigned', order_id: orderId } } },
        },
      };
    },
  },
  {
    route: 'POST /payments/callback',
    what: "the checkout's redirect flow posting the owner's order with a guessed signature",
    // Exempt from the origin check (it comes from Razorpay's page, without cookies); only the
    // signature counts, so everyone is sent back to the final preview with the reason.
    expect: { nobody: 303, owner: 303, other: 303, crossSite: 303 },
    request: async (world) => {
      const paid = await paidOrderFor(world.t, world.jars.owner);
      return {
        path: '/payments/callback',
        contentType: 'application/x-www-form-urlencoded',
        body: String(new URLSearchParams({ ...paid, razorpay_signature: 'f'.repeat(64) })),
      };
    },
  },
  {
    route: 'POST /auth/logout',
    what: "ending one's own second session (the first stays signed in)",
    expect: { nobody: 204, owner: 204, other: 204, crossSite: 403 },
    request: async (world, who) => ({
      method: 'POST',
      path: '/auth/logout',
      jar: await world.secondSession(who),
    }),
    check: async (world, who) => {
      // Signing out one session leaves the person's other sessions alone.
      if (who === 'nobody') return;
      const me = await send(world.t, world.jars[who], { path: '/api/me' });
      expect((me.body as MeResponse).user).not.toBeNull();
    },
  },
  {
    route: 'GET /auth/login',
    what: 'starting a sign-in (a redirect to the provider)',
    expect: { nobody: 302, owner: 302, other: 302 },
    request: async () => ({ path: '/auth/login' }),
  },
  {
    route: 'GET /auth/callback',
    what: 'the callback without a sign-in attempt',
    expect: { nobody: 400, owner: 400, other: 400 },
    request: async () => ({ path: '/auth/callback?code=x&state=forged' }),
  },
  {
    route: 'GET /healthz',
    what: 'liveness',
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async () => ({ path: '/healthz' }),
  },
  {
    route: 'GET /api/site-mode',
    what: 'which parts run on test stand-ins (public)',
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async () => ({ path: '/api/site-mode' }),
  },
  {
    route: 'GET /readyz',
    what: 'readiness',
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async () => ({ path: '/readyz' }),
  },
  {
    route: 'GET /robots.txt',
    what: 'robots rules',
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async () => ({ path: '/robots.txt' }),
  },
  {
    route: 'GET /sitemap.xml',
    what: 'the public sitemap',
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async () => ({ path: '/sitemap.xml' }),
  },
  {
    route: 'GET /sitemaps/:file',
    what: 'a child sitemap',
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async () => ({ path: '/sitemaps/1.xml' }),
  },
  {
    route: 'GET /users/:username',
    what: "the owner's public page: public to everyone",
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async (world) => ({ path: `/users/${world.ownerName}` }),
  },
  {
    route: 'GET /users/:username/*',
    what: "a longer address under the owner's public page",
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async (world) => ({ path: `/users/${world.ownerName}/extra` }),
  },
  {
    route: '* /dev-oidc',
    what: "the development provider's root (no such endpoint)",
    expect: { nobody: 404, owner: 404, other: 404 },
    request: async () => ({ path: '/dev-oidc' }),
  },
  {
    route: '* /dev-oidc/*',
    what: "the development provider's discovery document",
    expect: { nobody: 200, owner: 200, other: 200 },
    request: async () => ({ path: '/dev-oidc/.well-known/openid-configuration' }),
  },
  {
    route: 'GET /dev-oidc/interaction/:uid',
    what: 'the development sign-in form of an interaction that does not exist',
    expect: { nobody: 400, owner: 400, other: 400 },
    request: async () => ({ path: '/dev-oidc/interaction/not-an-interaction' }),
  },
  {
    route: 'POST /dev-oidc/interaction/:uid/login',
    what: 'submitting the development sign-in form of an interaction that does not exist',
    expect: { nobody: 400, owner: 400, other: 400, crossSite: 403 },
    request: async () => ({
      path: '/dev-oidc/interaction/not-an-interaction/login',
      body: 'name=Mallory&email=mallory%40example.com',
      contentType: 'application/x-www-form-urlencoded',
    }),
  },
  {
    route: 'POST /dev-oidc/interaction/:uid/abort',
    what: 'cancelling a development sign-in that does not exist',
    expect: { nobody: 400, owner: 400, other: 400, crossSite: 403 },
    request: async () => ({
      path: '/dev-oidc/interaction/not-an-interaction/abort',
      body: '',
      contentType: 'application/x-www-form-urlencoded',
    }),
  },
];

/**
 * Every (method, path) Fastify has, read from its route tree. printRoutes is the only public
 * listing once the routes exist (onRoute would have to be added before buildApp registers
 * them); each line is checked back with hasRoute, so a misread tree fails loudly.
 */
function registeredRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (line.trim() === '') continue;
    const match = /^((?:[│ ] {3})*)[├└]── (.+?) \(([A-Z, ]+)\)/u.exec(line);
    if (!match) throw new Error(`cannot read this line of the route tree: ${line}`);
    const depth = match[1]!.length / 4;
    const label = match[2]!;
    const parent = depth > 0 ? stack[depth - 1]! : '';
    // find-my-way prints a wildcard without the '/' before it.
    const full = label === '*' ? `${parent.replace(/\/$/, '')}/*` : parent + label;
    stack.length = depth;
    stack.push(full);
    for (const method of match[3]!.split(', ')) {
      if (!app.hasRoute({ method: method as HTTPMethods, url: full }))
        throw new Error(`misread the route tree: ${method} ${full} is not a route`);
      routes.push({ method, path: full });
    }
  }
  return routes;
}

/** Files of the built builder, served as they are (one route each). */
function isBuiltFile(routePath: string): boolean {
  if (/[:*]/.test(routePath)) return false;
  try {
    return statSync(path.join(CLIENT_DIR, decodeURIComponent(routePath))).isFile();
  } catch {
    return false;
  }
}

describe.each(TEST_DIALECTS)('authorisation matrix on %s', (dialect) => {
  let world: World;

  beforeAll(async () => {
    const t = await startTestApp(dialect, {
      RATE_LIMITS: 'off',
      // Custom domains on, with DNS asked of a closed loopback port: checks fail at once.
      CUSTOM_DOMAIN_TARGET: 'domains.matrix.example',
      DNS_SERVERS: '127.0.0.1:9',
    });
    const people = {
      owner: { name: 'Owner Person', email: `owner-${uniqueName()}@example.com` },
      other: { name: 'Other Person', email: `other-${uniqueName()}@example.com` },
    };
    const jars: Record<Who, CookieJar> = {
      nobody: new CookieJar(),
      owner: await signIn(t.url, people.owner),
      other: await signIn(t.url, people.other),
    };
    const ownerName = uniqueName('own');
    await publishAs(t, jars.owner, ownerName);
    world = {
      t,
      jars,
      ownerName,
      secondSession: async (who) =>
        who === 'nobody' ? new CookieJar() : signIn(t.url, people[who]),
    };
  });
  afterAll(async () => {
    await world?.t.close();
  });

  it('has a row for every route the app serves, and every row is a real route', () => {
    const rows = TABLE.map((row) => {
      const [method, pattern] = row.route.split(' ') as [string, string];
      return { method, pattern };
    });
    const routes = registeredRoutes(world.t.app);
    const hasGet = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.path));
    const missing = routes
      .filter((r) => !(r.method === 'HEAD' && hasGet.has(r.path)))
      .filter((r) => !Object.hasOwn(PAGE_TITLES, r.path) && !isBuiltFile(r.path))
      .filter((r) => !PARAMETERISED_PAGES.some((page) => page.path === r.path))
      .filter(
        (r) => !rows.some((row) => row.pattern === r.path && [r.method, '*'].includes(row.method)),
      )
      .map((r) => `${r.method} ${r.path}`);
    expect(missing, 'routes without a row in the authorisation table').toEqual([]);
    const unknown = rows.filter(
      ({ method, pattern }) =>
        !world.t.app.hasRoute({
          method: (method === '*' ? 'GET' : method) as HTTPMethods,
          url: pattern,
        }),
    );
    expect(unknown, 'rows for routes the app does not have').toEqual([]);
  });

  const cases = TABLE.flatMap((row) => [
    ...PEOPLE.map((who) => ({ row, who, label: who as string, status: row.expect[who] })),
    ...(row.expect.crossSite === undefined
      ? []
      : [
          {
            row,
            who: 'owner' as Who,
            label: 'owner from another site',
            status: row.expect.crossSite,
          },
        ]),
  ]);

  it.each(cases.map((c) => [c.row.route, c.label, c.status, c] as const))(
    '%s as %s answers %i',
    async (_route, label, status, { row, who }) => {
      const spec = await row.request(world, who);
      const crossSite = label === 'owner from another site';
      const before = await snapshotStore(world.t);
      const answer = await send(world.t, spec.jar ?? world.jars[who], {
        ...spec,
        ...(crossSite ? { origin: ATTACKER_ORIGIN } : {}),
      });
      expect(answer.status, `${row.what}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(
        status,
      );
      if (answer.status >= 400) {
        // A refusal changes nothing stored: no order, hold, payment event, session or page.
        expectSameStore(before, await snapshotStore(world.t), row.route);
      }
      if (!crossSite) await row.check?.(world, who, answer);
    },
  );

  it('publishes only through a correctly signed webhook, not through a session', async () => {
    const { t, jars } = world;
    const paid = await paidOrderFor(t, jars.owner);
    const orderId = paid.razorpay_order_id;
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: paid.razorpay_payment_id, order_id: orderId } } },
    });
    const orderStatus = async () =>
      (
        await t.database.db
          .selectFrom('orders')
          .select('status')
          .where('gateway_order_id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).status;
    const forged = await send(t, jars.owner, {
      path: '/webhooks/razorpay',
      body,
      headers: { 'x-razorpay-signature': hmacHex('a guessed secret', body) },
    });
    expect(forged.status).toBe(401);
    expect(await orderStatus()).toBe('created');
    const signed = await send(t, new CookieJar(), {
      path: '/webhooks/razorpay',
      body,
      origin: null,
      headers: { 'x-razorpay-signature': hmacHex(t.app.gateway.webhookSecret, body) },
    });
    expect(signed.status).toBe(200);
    expect(await orderStatus()).toBe('paid');
  });

  it("another person's refused claim leaves the owner's page exactly as it was", async () => {
    const { t, jars, ownerName } = world;
    const stored = () =>
      t.database.db
        .selectFrom('usernames')
        .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
        .select(['usernames.user_id', 'portfolios.data', 'portfolios.updated_at'])
        .where('usernames.username', '=', ownerName)
        .executeTakeFirstOrThrow();
    const before = await stored();
    const defaced = {
      ...SAMPLE_DATA.template2,
      personalDetails: { ...SAMPLE_DATA.template2.personalDetails, name: 'Defaced' },
    };
    for (const username of [ownerName, ownerName.toUpperCase(), ` ${ownerName} `]) {
      const answer = await send(t, jars.other, {
        path: '/api/claims',
        body: { username, templateId: 'template2', data: defaced },
      });
      expect(answer.status).toBe(409);
    }
    expect(await stored()).toEqual(before);
  });
});
