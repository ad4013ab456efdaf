import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import { DevProviderStore } from './dev-provider-store.js';

describe("the development provider's record store on a fake clock", () => {
  const setup = (maxRecords?: number) => {
    let clock = 1_000_000;
    const store = new DevProviderStore({ now: () => clock, maxRecords });
    const adapter = (model: string) => store.adapterFactory()(model);
    return {
      store,
      adapter,
      advance: (ms: number) => {
        clock += ms;
      },
    };
  };

  it('forgets a record once it expires, and sweeps expired records out of memory', async () => {
    const { store, adapter, advance } = setup();
    const codes = adapter('AuthorizationCode');
    const interactions = adapter('Interaction');
    await codes.upsert('code-1', { grantId: 'g1' }, 60);
    await interactions.upsert('int-1', { uid: 'uid-1' }, 600);
    expect(await codes.find('code-1')).toEqual({ grantId: 'g1' });
    expect(await interactions.findByUid('uid-1')).toEqual({ uid: 'uid-1' });

    advance(61_000);
    expect(await codes.find('code-1')).toBeUndefined();
    expect(await interactions.findByUid('uid-1')).toEqual({ uid: 'uid-1' });

    for (let i = 0; i < 100; i += 1) await codes.upsert(`short-${i}`, {}, 1);
    advance(600_000);
    expect(await interactions.findByUid('uid-1')).toBeUndefined();
    // The next write after a minute sweeps: only the new record remains.
    await codes.upsert('fresh', {}, 60);
    expect(store.size).toBe(1);
  });

  it('holds at most its bound, dropping the least recently used record', async () => {
    const { store, adapter } = setup(100);
    const interactions = adapter('Interaction');
    await interactions.upsert('first', { uid: 'first' }, 600);
    for (let i = 0; i < 1_000; i += 1) await interactions.upsert(`r${i}`, { uid: `u${i}` }, 600);
    expect(store.size).toBe(100);
    expect(await interactions.find('first')).toBeUndefined();
    expect(await interactions.findByUid('u999')).toEqual({ uid: 'u999' });
  });

  it('finds by uid only within its own model, and revokes everything of a grant', async () => {
    const { adapter } = setup();
    await adapter('Session').upsert('s1', { uid: 'shared' }, 600);
    expect(await adapter('Interaction').findByUid('shared')).toBeUndefined();
    const tokens = adapter('AccessToken');
    await tokens.upsert('t1', { grantId: 'g' }, 600);
    await tokens.upsert('t2', { grantId: 'g' }, 600);
    await tokens.upsert('t3', { grantId: 'other' }, 600);
    await tokens.revokeByGrantId('g');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toBeUndefined();
    expect(await tokens.find('t3')).toEqual({ grantId: 'other' });
  });

  it('marks a consumed code', async () => {
    const { adapter } = setup();
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c', {}, 60);
    await codes.consume('c');
    expect((await codes.find('c'))?.consumed).toEqual(expect.any(Number));
  });
});

describe('the development provider under a flood of anonymous requests', () => {
  const t = useTestApp('sqlite', { RATE_LIMITS: 'on' });

  it('answers 429 past its per-address limit, on every provider route', async () => {
    const { limit, windowSeconds } = RATE_LIMITS.devProvider;
    const discovery = `${t.url}/dev-oidc/.well-known/openid-configuration`;
    const started = Date.now();
    for (let i = 0; i < limit; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, limit - i) }, () => fetch(discovery)),
      );
      for (const response of batch) {
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
    }
    // The window gives back one request per (window / limit) while the burst runs, so a slow
    // machine's burst earns more: past those (and a few for rounding) the limit must hold.
    const earned = Math.ceil(((Date.now() - started) / 1000) * (limit / windowSeconds)) + 10;
    let refused = await fetch(discovery);
    for (let extra = 0; refused.status === 200 && extra < earned; extra += 1) {
      await refused.arrayBuffer();
      refused = await fetch(discovery);
    }
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).error.message).toMatch(/Too many development sign-in requests/);
    // The other routes share the limit. A request given back by the window meanwhile may pass
    // (at most one a second): a few tries in a row, and the limit must answer.
    const refusedWithin = async (send: () => Promise<Response>) => {
      let answer = await send();
      for (let tries = 1; answer.status !== 429 && tries < 5; tries += 1) {
        await answer.arrayBuffer();
        answer = await send();
      }
      return answer.status;
    };
    await expect(
      refusedWithin(() => fetch(`${t.url}/dev-oidc/auth?client_id=x`, { redirect: 'manual' })),
    ).resolves.toBe(429);
    await expect(
      refusedWithin(() =>
        fetch(`${t.url}/dev-oidc/interaction/abc/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
          body: 'name=a&email=a%40example.com',
        }),
      ),
    ).resolves.toBe(429);
  });
});
