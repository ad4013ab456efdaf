import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { publishAs, uniqueName } from '../../../test/orders.js';
import { signIn } from '../../../test/signin.js';

const TOKEN = 'metrics-token-for-tests-0123';

describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = async (token = TOKEN) =>
    fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  /** The value of one series, by its name and labels as written, e.g. `x{job="a"}`. */
  const valueOf = (text: string, series: string) => {
    const line = text.split('\n').find((row) => row.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('is only for the operator: 401 without the token or with another', async () => {
    const none = await fetch(`${t.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await scrape('metrics-token-for-tests-0124')).status).toBe(401);
    expect((await scrape('short')).status).toBe(401);
  });

  it('serves requests by route pattern, page views, the cache, the outbox, jobs and the loop', async () => {
    const jar = await signIn(t.url, {
      name: 'Metric Person',
      email: `m-${randomUUID()}@x.example`,
    });
    const username = uniqueName('mt');
    await publishAs(t, jar, username);
    for (let i = 0; i < 3; i += 1)
      expect((await fetch(`${t.url}/users/${username}`)).status).toBe(200);
    await fetch(`${t.url}/api/renewals/${uniqueName('nobody')}/quote`);
    await t.app.jobs.outbox.runOnce();

    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    // Route patterns, never raw paths: one series however many usernames are asked for.
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/renewals\/:username\/quote",status="401"\} 1/,
    );
    expect(text).not.toContain('nobody');
    expect(valueOf(text, 'public_page_views_total')).toBeGreaterThanOrEqual(3);
    expect(valueOf(text, 'page_cache_bytes')).toBeGreaterThan(0);
    expect(valueOf(text, 'page_cache_hits_total')).toBeGreaterThanOrEqual(1);
    // The publish queued its mail and the pass sent it.
    expect(valueOf(text, 'mail_outbox_waiting')).toBe(0);
    expect(valueOf(text, 'mail_outbox_oldest_age_seconds')).toBe(0);
    const sent = valueOf(text, 'job_last_success_timestamp_seconds{job="mail_outbox"}');
    expect(sent).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(valueOf(text, 'job_last_success_timestamp_seconds{job="term_schedule"}')).toBe(0);
    expect(valueOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'db_pool_waiting')).toBe(0);
    expect(valueOf(text, 'image_queue_waiting')).toBe(0);
  });

  it('does not exist without a token configured', async () => {
    const plain = await startTestApp('sqlite');
    try {
      expect((await fetch(`${plain.url}/metrics`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
