/**
 * Slow and greedy clients through the real app: a body that trickles and headers that never end
 * are cut, one address cannot hold more than its connections (a trusted proxy can), and the
 * payment callback, open to anyone, is rate-limited.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { PAYMENT_CALLBACK_PATH } from '../../shared/orders.js';
import { SLOW_CLIENT_LIMITS, type SlowClientLimits } from './slow-clients.js';

/** The production rules, scaled down so that each acts within a second. */
const QUICK: SlowClientLimits = {
  headersMs: 500,
  bodyGraceMs: 500,
  minBodyBytesPerSecond: 100,
  maxConnectionsPerAddress: 3,
  maxConnections: 100,
  checkEveryMs: 100,
};

let running: TestApp | undefined;
const opened: Socket[] = [];
afterEach(async () => {
  for (const socket of opened.splice(0)) socket.destroy();
  await running?.close();
  running = undefined;
});

const start = async (env: Record<string, string> = {}) =>
  (running = await startTestApp('sqlite', env, { slowClientLimits: QUICK }));

/** A raw connection to the app, with what it has received so far and whether it has ended. */
async function open(app: TestApp) {
  const socket = connect(Number(new URL(app.url).port), '127.0.0.1');
  opened.push(socket);
  const state = { received: '', closed: false };
  socket.on('data', (chunk) => (state.received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      state.closed = true;
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, state, closed };
}

const callbackHead = (length: number) =>
  `POST ${PAYMENT_CALLBACK_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
  `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients', () => {
  it('keeps production limits that a phone uploading slowly meets easily', () => {
    // A guard on the constants themselves: the tests below use their own, scaled down. 1 KB/s is
    // a fiftieth of a 2G connection's upload; 256 connections per address leave room for an
    // office or a carrier's shared address.
    expect(SLOW_CLIENT_LIMITS.minBodyBytesPerSecond).toBeLessThanOrEqual(1024);
    expect(SLOW_CLIENT_LIMITS.maxConnectionsPerAddress).toBeGreaterThanOrEqual(256);
    expect(SLOW_CLIENT_LIMITS.headersMs).toBeGreaterThanOrEqual(10_000);
  });

  it('cuts a body that trickles in, and not one that came fast and then paused', async () => {
    const app = await start();
    const slow = await open(app);
    slow.socket.write(callbackHead(4000));
    const trickle = setInterval(() => slow.socket.write('a'), 200);
    await slow.closed;
    clearInterval(trickle);
    expect(slow.state.received).toBe('');

    // 3,000 bytes at once cover 30 s at the minimum rate: a pause of a second is nothing.
    const steady = await open(app);
    steady.socket.write(callbackHead(4000) + 'b'.repeat(3000));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(steady.state.closed).toBe(false);
    steady.socket.write('b'.repeat(1000));
    await expect
      .poll(() => steady.state.received, { timeout: 15_000 })
      .toMatch(/^HTTP\/1\.1 \d{3}/);
  });

  it('cuts a request whose headers never end', async () => {
    const app = await start();
    const stalled = await open(app);
    stalled.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await stalled.closed;
    expect(stalled.state.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('lets one address hold only its share of connections, unless it is a trusted proxy', async () => {
    const app = await start();
    const held = [await open(app), await open(app), await open(app)];
    const refused = await open(app);
    await refused.closed;
    // One given back makes room again.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await expect
      .poll(async () => {
        const next = await open(app);
        next.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        await Promise.race([next.closed, new Promise((resolve) => setTimeout(resolve, 2000))]);
        return next.state.received.startsWith('HTTP/1.1 200');
      })
      .toBe(true);
  });

  it("does not count a trusted proxy's connections against one address", async () => {
    const app = await start({ TRUST_PROXY: '127.0.0.1' });
    const held = [await open(app), await open(app), await open(app)];
    const fourth = await open(app);
    fourth.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await expect.poll(() => fourth.state.received).toMatch(/^HTTP\/1\.1 200/);
    expect(held.every((connection) => !connection.state.closed)).toBe(true);
  });
});
