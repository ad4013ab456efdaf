import { randomUUID } from 'node:crypto';
import { inTransaction, type Db } from '../db/database.js';
import { TEMPLATE_IDS } from '../../shared/templates/catalog.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { portfolioUrl } from '../../shared/domain/username.js';
import { termEndFrom } from '../../shared/domain/term.js';
import type { PageRenderer, RenderedPage } from '../public-pages/page-renderer.js';
import { bumpPageGeneration } from '../site/page-generation.repository.js';
import { listTemplates } from '../templates/templates.repository.js';
import {
  countUsernamesStartingWith,
  insertSeedRows,
  refreshPlannerStatistics,
} from './seed.repository.js';

/** Rows written per transaction: large enough to be fast, small enough for SQLite's parameters. */
const BATCH = 250;
/** Pages handed to the render threads at once: within their queue's limit (page-render-pool.ts). */
const RENDERS_AT_ONCE = 32;
export const SEED_USERNAME_PREFIX = 'seed-';

/**
 * Creates `count` published portfolios with the rows a paid publish leaves: a user, a paid
 * order, the portfolio (paid a year ahead), its username, the "your portfolio is live" mail as
 * sent, and the page rendered and stored as the server would store it. Usernames continue after
 * the seeded ones already there (seed-1, seed-2, ...), so running it twice adds more.
 */
export async function seedPortfolios(
  db: Db,
  renderer: PageRenderer,
  options: { count: number; publicUrl: string; onProgress?: (done: number) => void },
): Promise<{ first: number; last: number }> {
  const first = (await countUsernamesStartingWith(db, SEED_USERNAME_PREFIX)) + 1;
  const last = first + options.count - 1;
  const prices = new Map((await listTemplates(db)).map((row) => [row.id, row.price_paise ?? 0]));
  for (let start = first; start <= last; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, last - start + 1) }, (_, i) => start + i);
    const now = new Date();
    const stamp = now.toISOString();
    const paidUntil = termEndFrom(now).toISOString();
    const people = numbers.map((number) => {
      const templateId = TEMPLATE_IDS[number % TEMPLATE_IDS.length]!;
      const data = structuredClone(SAMPLE_DATA[templateId]);
      data.personalDetails.name = `Seed Person ${number}`;
      return {
        number,
        username: `${SEED_USERNAME_PREFIX}${number}`,
        templateId,
        data: JSON.stringify(data),
        userId: randomUUID(),
        portfolioId: randomUUID(),
        orderId: randomUUID(),
      };
    });
    // Rendered before the transaction, a few at a time: as many as the render threads' queue
    // takes, which refuses more.
    const pages: RenderedPage[] = [];
    for (let at = 0; at < people.length; at += RENDERS_AT_ONCE) {
      const rendered = await Promise.all(
        people.slice(at, at + RENDERS_AT_ONCE).map(async (person) => {
          const result = await renderer.render(person.username, {
            templateId: person.templateId,
            data: person.data,
            updatedAt: stamp,
            canonicalHost: null,
          });
          if (!result.ok) throw new Error(`seed page ${person.username}: ${result.problem}`);
          return result.page;
        }),
      );
      pages.push(...rendered);
    }
    await inTransaction(db, async (trx) => {
      await insertSeedRows(trx, {
        users: people.map((person) => ({
          id: person.userId,
          issuer: 'https://seed.invalid',
          subject: person.userId,
          email: `${person.username}@example.com`,
          email_verified: 1,
          name: `Seed Person ${person.number}`,
          given_name: null,
          picture: null,
          created_at: stamp,
          updated_at: stamp,
        })),
        orders: people.map((person) => ({
          id: person.orderId,
          gateway: 'test',
          gateway_order_id: `seed_${person.orderId}`,
          user_id: person.userId,
          template_id: person.templateId,
          username: person.username,
          data: person.data,
          amount_paise: prices.get(person.templateId) ?? 0,
          currency: 'INR',
          receipt: String(now.getTime()),
          status: 'paid' as const,
          payment_id: `seed_pay_${person.orderId}`,
          credit_used_by_order_id: null,
          created_at: stamp,
          updated_at: stamp,
          paid_at: stamp,
        })),
        portfolios: people.map((person) => ({
          id: person.portfolioId,
          user_id: person.userId,
          template_id: person.templateId,
          data: person.data,
          paid_until: paidUntil,
          created_at: stamp,
          updated_at: stamp,
        })),
        usernames: people.map((person) => ({
          username: person.username,
          user_id: person.userId,
          portfolio_id: person.portfolioId,
          created_at: stamp,
          updated_at: stamp,
        })),
        emails: people.map((person) => ({
          id: randomUUID(),
          to_address: `${person.username}@example.com`,
          subject: 'Your portfolio is live',
          text_body: `Your portfolio is published at ${portfolioUrl(options.publicUrl, person.username)}`,
          html_body: null,
          status: 'sent' as const,
          attempts: 1,
          next_attempt_at: stamp,
          locked_until: null,
          last_error: null,
          created_at: stamp,
          sent_at: stamp,
        })),
        pages: pages.map((page) => ({
          username: page.username,
          source_version: page.sourceVersion,
          template_version: page.templateVersion,
          etag: page.etag,
          html: page.html,
          gzip: page.gzip,
          br: page.br,
          rendered_at: stamp,
        })),
      });
      await bumpPageGeneration(trx);
    });
    options.onProgress?.(numbers.at(-1)! - first + 1);
  }
  await refreshPlannerStatistics(db);
  return { first, last };
}
