import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { publishDirectly, updateDirectly } from '../../../test/publish-directly.js';
import { buildApp } from '../app.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { PageGenerationGate } from './page-generation.js';

/** Headers that differ between two answers of the same page by nature. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);

const headersOf = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => !PER_ANSWER.has(name)));

describe.each(TEST_DIALECTS)('repeat views of public pages on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a repeat view from memory with the same bytes and the same headers', async () => {
    await publishDirectly(t.database.db, {
      username: 'repeat-view',
      templateId: 'template2',
      data: SAMPLE_DATA.template2,
    });
    for (const encoding of ['br', 'gzip', 'identity']) {
      const init = { headers: { 'accept-encoding': encoding } };
      const first = await fetch(`${t.url}/users/repeat-view`, init);
      const firstBody = Buffer.from(await first.arrayBuffer());
      const repeat = await fetch(`${t.url}/users/repeat-view/any/sub/path?x=1`, init);
      const repeatBody = Buffer.from(await repeat.arrayBuffer());
      expect(repeat.status).toBe(200);
      // Only the full path stamps a request id: its absence shows Fastify was not involved.
      expect(first.headers.get('x-request-id')).toBeTruthy();
      expect(repeat.headers.get('x-request-id')).toBeNull();
      expect(headersOf(repeat)).toEqual(headersOf(first));
      expect(repeat.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(repeat.headers.get('x-content-type-options')).toBe('nosniff');
      expect(repeatBody.equals(firstBody)).toBe(true);
      expect(repeatBody.toString()).toContain(SAMPLE_DATA.template2.personalDetails.name);

      const revalidated = await fetch(`${t.url}/users/repeat-view`, {
        headers: { ...init.headers, 'if-none-match': first.headers.get('etag')! },
      });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('x-request-id')).toBeNull();
      expect(revalidated.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(revalidated.headers.get('content-security-policy')).toBe(
        first.headers.get('content-security-policy'),
      );

      const head = await fetch(`${t.url}/users/repeat-view`, { ...init, method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it('leaves the full path in charge of addresses that are not canonical', async () => {
    await publishDirectly(t.database.db, {
      username: 'canonical-only',
      templateId: 'template1',
      data: SAMPLE_DATA.template1,
    });
    await fetch(`${t.url}/users/canonical-only`);
    const mixedCase = await fetch(`${t.url}/users/Canonical-Only`, { redirect: 'manual' });
    expect(mixedCase.status).toBe(301);
    expect(mixedCase.headers.get('location')).toBe('/users/canonical-only');
    const post = await fetch(`${t.url}/users/canonical-only`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('shows a change written by another process on the very next request', async () => {
    // A second app on the same database shares nothing in memory with the first, like a
    // second process behind a load balancer.
    const other = await buildApp({
      config: t.config,
      db: t.database.db,
      dialect,
      logger: false,
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    const otherUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const { portfolioId } = await publishDirectly(t.database.db, {
        username: 'two-processes',
        templateId: 'template3',
        data: SAMPLE_DATA.template3,
      });
      // Both processes cache the page, then the second serves it from memory.
      await fetch(`${t.url}/users/two-processes`);
      await fetch(`${otherUrl}/users/two-processes`);
      const cachedView = await fetch(`${otherUrl}/users/two-processes`);
      expect(cachedView.headers.get('x-request-id')).toBeNull();

      for (const name of ['First New Name', 'Second New Name', 'Third New Name']) {
        const changed = structuredClone(SAMPLE_DATA.template3);
        changed.personalDetails.name = name;
        await updateDirectly(t.database.db, portfolioId, changed);
        const seenByOther = await fetch(`${otherUrl}/users/two-processes`);
        expect(await seenByOther.text()).toContain(`<title>${name}</title>`);
        const seenByFirst = await fetch(`${t.url}/users/two-processes`);
        expect(await seenByFirst.text()).toContain(`<title>${name}</title>`);
      }
    } finally {
      // The database belongs to the first app: close the second without destroying it.
      other.server.closeAllConnections();
      await new Promise((resolve) => other.server.close(resolve));
    }
  });
});

describe('the page generation gate', () => {
  /** A read of the generation that the test finishes by hand. */
  function manualReads() {
    const pending: ((value: number) => void)[] = [];
    const gate = new PageGenerationGate(
      () => new Promise<number>((resolve) => pending.push(resolve)),
    );
    return { gate, pending };
  }
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('shares one read among the requests of one turn of the event loop', async () => {
    const { gate, pending } = manualReads();
    const answers = [gate.current(), gate.current(), gate.current()];
    expect(pending).toHaveLength(1);
    pending[0]!(7);
    expect(await Promise.all(answers)).toEqual([7, 7, 7]);
  });

  it('makes a later request wait for a read that began after it arrived', async () => {
    const { gate, pending } = manualReads();
    const early = gate.current();
    await nextTurn();
    // The first read may have started before a publish this request already knows about.
    const late = gate.current();
    const alsoLate = gate.current();
    expect(pending).toHaveLength(1);
    pending[0]!(1);
    expect(await early).toBe(1);
    await Promise.resolve();
    expect(pending).toHaveLength(2);
    pending[1]!(2);
    expect(await late).toBe(2);
    expect(await alsoLate).toBe(2);
  });

  it('reads again after a failed read', async () => {
    let calls = 0;
    const gate = new PageGenerationGate(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
      return 5;
    });
    await expect(gate.current()).rejects.toThrow('database away');
    await nextTurn();
    expect(await gate.current()).toBe(5);
  });
});
