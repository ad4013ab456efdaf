import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { CookieJar, follow, popupStatus, request, signIn } from '../../../test/signin.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import { ExpiredSignInPurge } from './expired-sign-ins.js';

/** The headers a browser sends for each way a page can load an address. */
const LOADED_AS = {
  image: {
    'sec-fetch-dest': 'image',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-site': 'same-origin',
  },
  script: { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin' },
  frame: {
    'sec-fetch-dest': 'iframe',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-site': 'same-origin',
  },
  popup: {
    'sec-fetch-dest': 'document',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-site': 'same-origin',
  },
};

/**
 * A GET as a browser sends it. Node's fetch always overwrites Sec-Fetch-Mode with `cors`, so
 * these go through node:http to carry the browser's exact headers.
 */
function browserGet(jar: CookieJar, url: string, headers: Record<string, string>) {
  return new Promise<Response>((resolve, reject) => {
    http
      .get(url, { headers: { ...headers, cookie: jar.header() } }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of [value ?? []].flat()) responseHeaders.append(name, one);
          }
          const status = incoming.statusCode ?? 0;
          const body = status >= 300 && status < 400 ? null : Buffer.concat(chunks);
          const response = new Response(body, { status, headers: responseHeaders });
          jar.store(response);
          resolve(response);
        });
      })
      .on('error', reject);
  });
}

describe.each(TEST_DIALECTS)(
  'public pages cannot start sign-ins for their visitors on %s',
  (dialect) => {
    const t = useTestApp(dialect, { RATE_LIMITS: 'on' });

    const attempts = async () =>
      (await t.database.db.selectFrom('login_attempts').select('state').execute()).length;

    it('refuses /auth/login loaded as an image, by a script or in a frame, and a sign-in in progress survives', async () => {
      const jar = new CookieJar();
      // The person's own sign-in: the popup is at the provider's form.
      const started = await browserGet(jar, `${t.url}/auth/login`, LOADED_AS.popup);
      expect(started.status).toBe(302);
      const browserCookie = jar.get('pb_signin');
      expect(browserCookie).toBeDefined();
      const before = await attempts();

      for (const kind of ['image', 'script', 'frame'] as const) {
        const response = await request(jar, `${t.url}/auth/login?i=${kind}`, {
          headers: LOADED_AS[kind],
        });
        expect(response.status, kind).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(await response.text()).toMatch(/opened as a page/);
        expect(response.headers.getSetCookie()).toEqual([]);
      }
      expect(await attempts()).toBe(before);
      expect(jar.get('pb_signin')).toBe(browserCookie);

      // The sign-in that was under way finishes as if nothing happened.
      const { response: form, url: formUrl } = await follow(jar, started.headers.get('location')!);
      const action = new URL(/action="([^"]+\/login)"/.exec(await form.text())![1]!, formUrl);
      let response = await request(jar, action.toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: action.origin },
        body: 'name=Kept+Going&email=kept%40example.com',
      });
      let current = action.toString();
      while (response.status >= 300 && response.status < 400) {
        current = new URL(response.headers.get('location')!, current).toString();
        response = await request(jar, current);
      }
      expect(await popupStatus(response)).toBe('success');
    });

    it('does not count refused loads against the sign-in limit', async () => {
      const visitor = new CookieJar();
      for (let i = 0; i < RATE_LIMITS.signIn.limit + 10; i += 1) {
        const response = await request(visitor, `${t.url}/auth/login?i=${i}`, {
          headers: LOADED_AS.image,
        });
        expect(response.status).toBe(400);
        await response.arrayBuffer();
      }
      const own = await browserGet(visitor, `${t.url}/auth/login`, LOADED_AS.popup);
      expect(own.status).toBe(302);
    });

    it('refuses portfolio images that point at the site’s own routes, naming the field', async () => {
      const jar = await signIn(t.url, { name: 'Image Owner', email: 'images@example.com' });
      const claim = (data: unknown) =>
        request(jar, `${t.url}/api/claims`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: t.url },
          body: JSON.stringify({ templateId: 'template1', username: 'image-owner', data }),
        });
      const sample = SAMPLE_DATA.template1;
      for (const [where, value] of [
        ['personalDetails.profileImage', '/auth/login?i=1'],
        ['personalDetails.profileImage', '/api/me'],
        ['personalDetails.profileImage', '/images/../auth/login'],
        ['personalDetails.profileImage', '/templates/art/tile-01.svg?next=/auth/login'],
        ['section.sectionTiles.0.img', '/dev-oidc/auth'],
        ['section.sectionTiles.0.img', '/users/someone'],
      ] as const) {
        const data = structuredClone(sample) as unknown as {
          personalDetails: { profileImage: string };
          section: { sectionTiles: { img: string }[] };
        };
        if (where === 'personalDetails.profileImage') data.personalDetails.profileImage = value;
        else data.section.sectionTiles[0]!.img = value;
        const response = await claim(data);
        expect(response.status, value).toBe(400);
        const body = (await response.json()) as { error: { field: string; message: string } };
        expect(body.error.field).toBe(`data.${where}`);
        expect(body.error.message).toContain(where);
      }
      // The site's own artwork stays allowed, as the templates' sample data uses it.
      const allowed = await claim(sample);
      expect(allowed.status).toBe(200);
    });
  },
);

describe.each(TEST_DIALECTS)('purging expired sessions and sign-ins on %s', (dialect) => {
  const t = useTestApp(dialect);

  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

  const seed = async (expired: number, live: number) => {
    const userId = randomUUID();
    await t.database.db
      .insertInto('users')
      .values({
        id: userId,
        issuer: 'https://issuer.example',
        subject: userId,
        email: `${userId}@example.com`,
        email_verified: 1,
        name: 'Purge Test',
        given_name: null,
        picture: null,
        created_at: at(0),
        updated_at: at(0),
      })
      .execute();
    const rows = (count: number, expiresAt: string, tag: string) =>
      Array.from({ length: count }, (_, i) => `${tag}-${i}-${randomUUID()}`).map((id) => ({
        id,
        expiresAt,
      }));
    const all = [...rows(expired, at(-60_000), 'old'), ...rows(live, at(3_600_000), 'new')];
    await t.database.db
      .insertInto('sessions')
      .values(
        all.map(({ id, expiresAt }) => ({
          token_hash: id,
          user_id: userId,
          created_at: at(-120_000),
          expires_at: expiresAt,
        })),
      )
      .execute();
    await t.database.db
      .insertInto('login_attempts')
      .values(
        all.map(({ id, expiresAt }) => ({
          state: id,
          browser_hash: 'b',
          code_verifier: 'v',
          nonce: 'n',
          created_at: at(-120_000),
          expires_at: expiresAt,
        })),
      )
      .execute();
  };

  const remaining = async () => ({
    sessions: (await t.database.db.selectFrom('sessions').select('token_hash').execute()).map(
      (row) => row.token_hash.split('-')[0],
    ),
    loginAttempts: (await t.database.db.selectFrom('login_attempts').select('state').execute()).map(
      (row) => row.state.split('-')[0],
    ),
  });

  const clear = async () => {
    await t.database.db.deleteFrom('sessions').execute();
    await t.database.db.deleteFrom('login_attempts').execute();
  };

  it('deletes every expired row in bounded batches and keeps the live ones', async () => {
    await clear();
    await seed(25, 3);
    const purge = new ExpiredSignInPurge(t.database.db, t.app.log, { batchSize: 10 });
    expect(await purge.runOnce()).toEqual({ sessions: 25, loginAttempts: 25 });
    expect(await remaining()).toEqual({
      sessions: ['new', 'new', 'new'],
      loginAttempts: ['new', 'new', 'new'],
    });
  });

  it('leaves the rest for the next pass when a pass reaches its batch cap', async () => {
    await clear();
    await seed(25, 0);
    const purge = new ExpiredSignInPurge(t.database.db, t.app.log, {
      batchSize: 5,
      maxBatches: 2,
    });
    expect(await purge.runOnce()).toEqual({ sessions: 10, loginAttempts: 10 });
    expect(await purge.runOnce()).toEqual({ sessions: 10, loginAttempts: 10 });
    expect(await purge.runOnce()).toEqual({ sessions: 5, loginAttempts: 5 });
  });

  it('runs on its own timer until stopped', async () => {
    await clear();
    await seed(4, 1);
    const purge = new ExpiredSignInPurge(t.database.db, t.app.log, { intervalMs: 20 });
    purge.start();
    await expect.poll(async () => (await remaining()).sessions, { timeout: 5000 }).toEqual(['new']);
    expect((await remaining()).loginAttempts).toEqual(['new']);
    await purge.stop();
    await seed(2, 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await remaining()).sessions).toHaveLength(3);
  });
});
