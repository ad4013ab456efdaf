/**
 * Publish throughput: paid orders published per second through the real publishing transaction
 * (src/server/orders/publish.service.ts: order paid, portfolio saved, username owned, hold
 * released, email queued), on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL, with 1
 * and with several publishers at once. Each run gets a fresh migrated database holding orders
 * waiting for payment, as create-order leaves them. `npx tsx bench/publish-throughput.ts` prints
 * the section and writes bench/results/publish-throughput.md.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Db, Dialect } from '../src/server/db/database.js';
import { publishPaidOrder } from '../src/server/orders/publish.service.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { createTestDatabase } from '../test/database.js';
import { machineLine, median, percentile } from './harness.js';

const ORDERS = 1000;
const WARM_UP = 50;
const CONCURRENCY = [1, 8];
const PUBLIC_URL = 'https://portfolio.example';
/** Receipts with tax lines: a publish issues one in its transaction, as in production. */
const BENCH_SELLER = {
  name: 'Bench Seller',
  address: 'Bengaluru',
  gstin: '27AAPFU0939F1ZV',
  gstRatePercent: 18,
};

interface Run {
  dialect: Dialect;
  publishers: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Users with one order each for a name of their own, held for them, as create-order leaves it. */
async function seedOrders(db: Db, count: number, prefix: string): Promise<string[]> {
  const now = new Date().toISOString();
  const held = new Date(Date.now() + 15 * 60_000).toISOString();
  const data = JSON.stringify(SAMPLE_DATA.template1);
  const ids: string[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, i) => {
      const n = start + i;
      return { userId: randomUUID(), orderId: randomUUID(), username: `${prefix}-${n}` };
    });
    await db
      .insertInto('users')
      .values(
        batch.map(({ userId, username }) => ({
          id: userId,
          issuer: 'https://bench.example',
          subject: userId,
          email: `${username}@example.com`,
          email_verified: 1,
          name: username,
          given_name: null,
          picture: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('orders')
      .values(
        batch.map(({ userId, orderId, username }) => ({
          id: orderId,
          gateway: 'test',
          gateway_order_id: `order_bench_${orderId}`,
          user_id: userId,
          template_id: 'template1',
          username,
          data,
          amount_paise: 49_900,
          currency: 'INR',
          receipt: 'bench',
          status: 'created' as const,
          payment_id: null,
          credit_used_by_order_id: null,
          created_at: now,
          updated_at: now,
          paid_at: null,
        })),
      )
      .execute();
    await db
      .insertInto('username_holds')
      .values(
        batch.map(({ userId, orderId, username }) => ({
          username,
          user_id: userId,
          order_id: orderId,
          expires_at: held,
        })),
      )
      .execute();
    ids.push(...batch.map((row) => row.orderId));
  }
  return ids;
}

/** Publishes every order with `publishers` working at once; returns each publish's latency. */
async function publishAll(db: Db, orderIds: string[], publishers: number): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: publishers }, async () => {
      while (next < orderIds.length) {
        const orderId = orderIds[next++]!;
        const started = performance.now();
        const result = await publishPaidOrder(
          { db, publicUrl: () => PUBLIC_URL, seller: BENCH_SELLER },
          orderId,
          `pay_bench_${orderId}`,
        );
        latencies.push(performance.now() - started);
        if (result.status !== 'published') throw new Error(`order ${orderId}: ${result.status}`);
      }
    }),
  );
  return latencies;
}

async function measure(dialect: Dialect, publishers: number): Promise<Run> {
  const database = await createTestDatabase(dialect);
  try {
    const { db } = database;
    const warmUp = await seedOrders(db, WARM_UP, 'warm');
    const orderIds = await seedOrders(db, ORDERS, 'bench');
    await publishAll(db, warmUp, publishers);
    const started = performance.now();
    const latencies = await publishAll(db, orderIds, publishers);
    const seconds = (performance.now() - started) / 1000;

    // A figure for work that was not done would be worthless: check it all landed.
    const count = async (table: 'usernames' | 'email_outbox') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const expected = WARM_UP + ORDERS;
    if ((await count('usernames')) !== expected || (await count('email_outbox')) !== expected) {
      throw new Error(`${dialect}: not every publish left its username and email`);
    }
    return {
      dialect,
      publishers,
      perSecond: ORDERS / seconds,
      p50: median(latencies),
      p99: percentile(latencies, 99),
    };
  } finally {
    await database.destroy();
  }
}

/** The markdown section for bench/RESULTS.md. */
export async function publishThroughputSection(): Promise<string> {
  const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const runs: Run[] = [];
  for (const dialect of dialects) {
    for (const publishers of CONCURRENCY) runs.push(await measure(dialect, publishers));
  }
  const name = { sqlite: 'SQLite (WAL, one file)', postgres: 'PostgreSQL (pool of 10)' };
  return [
    '## Publish throughput',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.`,
    'Command: `npx tsx bench/publish-throughput.ts` (PostgreSQL too when `TEST_DATABASE_URL` is set;',
    `PostgreSQL ran on the same machine). ${ORDERS} paid orders published by \`publishPaidOrder\``,
    '(src/server/orders/publish.service.ts), the transaction both verify-payment and the webhook run:',
    'order marked paid, portfolio saved, username owned, hold released, email queued. Each row is a',
    `fresh database with the orders waiting as create-order leaves them, after ${WARM_UP} unmeasured`,
    'publishes; every publish is checked to have left its username and its email. No HTTP, no',
    'gateway call: this is the database work of publishing in one app process.',
    ...(process.env.TEST_DATABASE_URL
      ? []
      : ['', 'PostgreSQL was not measured: `TEST_DATABASE_URL` was not set.']),
    '',
    '| database | publishers at once | publishes/s | p50 | p99 |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...runs.map(
      (run) =>
        `| ${name[run.dialect]} | ${run.publishers} | ${run.perSecond.toFixed(0)} | ${run.p50.toFixed(1)} ms | ${run.p99.toFixed(1)} ms |`,
    ),
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const section = await publishThroughputSection();
  writeFileSync('bench/results/publish-throughput.md', section);
  process.stdout.write(`${section}\n`);
}
