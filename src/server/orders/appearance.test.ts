import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { TEST_DIALECTS } from '../../../test/database.js';
import { orderBody } from '../../../test/orders.js';
import { holdsOf } from '../../../test/store.js';
import { CookieJar, request, signIn } from '../../../test/signin.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';

/** The contrast guard and the pairings, run again by the server whatever the editor did. */
describe.each(TEST_DIALECTS)('an appearance sent to publish, on %s', (dialect) => {
  const t = useTestApp(dialect);
  const post = async (jar: CookieJar, path: string, body: unknown) => {
    const response = await request(jar, `${t.url}${path}`, {
      method: 'POST',
      headers: { origin: t.url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  const person = () =>
    signIn(t.url, { name: 'Look Person', email: `l-${randomUUID()}@example.com` });
  const name = () => `l${randomUUID().slice(0, 8)}`;
  const withLook = (appearance: unknown) => ({ ...SAMPLE_DATA.template5, appearance });

  it.each([
    [{ accent: 'pink' }, 'data.appearance.accent', /must be a colour like #1b75a6/],
    [{ fonts: 'comic-sans' }, 'data.appearance.fonts', /must be one of/],
    [{ fonts: 'open-sans' }, 'data.appearance.fonts', /open-sans is not offered by Phantom/],
    [
      { accent: '#ffd700' },
      'data.appearance.accent',
      /not readable on Phantom: #ffd700 is hard to read as links on white \(1\.\d\d:1; text needs 4\.5:1\)\. Use #[0-9a-f]{6} instead\./,
    ],
  ])('refuses %j with 400 naming %s, and holds nothing', async (appearance, field, message) => {
    const jar = await person();
    const username = name();
    for (const path of ['/api/claims', '/create-order']) {
      const response = await post(jar, path, {
        ...orderBody(username, 'template5'),
        data: withLook(appearance),
      });
      expect(response.status, path).toBe(400);
      expect(response.body.error.field).toBe(field);
      expect(response.body.error.message).toMatch(message);
    }
    expect(await holdsOf(t.database.db, username)).toEqual([]);
  });

  it('publishes a readable colour and an offered pairing onto the page, as custom properties', async () => {
    const jar = await person();
    const username = name();
    const order = await post(jar, '/create-order', {
      ...orderBody(username, 'template5'),
      data: withLook({ accent: '#117A5B', fonts: 'noto-sans' }),
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const paid = await post(jar, '/test-gateway/pay', { order_id: order.body.order_id });
    expect((await post(jar, '/verify-payment', paid.body)).body.status).toBe('published');
    const html = await (await fetch(`${t.url}/users/${username}`)).text();
    expect(html).toContain('--ph-accent:#117a5b');
    expect(html).toContain('--tpl-body-font:&#x27;Indian Scripts&#x27;, &#x27;Noto Sans&#x27;');
    // No script of its own: the page's only script is still the contact form's.
    expect(html.match(/<script[ >]/g)).toHaveLength(2);
  });
});
