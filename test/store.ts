import { expect } from 'vitest';
import type { Db } from '../src/server/db/database.js';
import type { TestApp } from './app.js';

/**
 * Tables the app writes on its own, whoever asks: request counters, visit counts and the day's
 * visitor salt (flushed every few seconds from views earlier tests made), and public pages
 * rendered in the background from what is published (with the generation that announces them).
 */
const BOOKKEEPING_TABLES = new Set([
  'rate_limits',
  'page_views',
  'page_visitors',
  'page_referrers',
  'visit_salts',
  'rendered_pages',
  'template_versions',
  'page_generation',
]);

/**
 * Every row of every table of the app (migration and app bookkeeping aside), rows sorted, so two
 * snapshots are equal exactly when nothing stored changed.
 */
export async function snapshotStore(t: TestApp): Promise<Record<string, string[]>> {
  const tables = (await t.database.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_') && !BOOKKEEPING_TABLES.has(name))
    .sort();
  const snapshot: Record<string, string[]> = {};
  for (const name of tables) {
    const rows = await t.database.db
      .selectFrom(name as 'users')
      .selectAll()
      .execute();
    snapshot[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

/** Fails naming the tables that changed and a few of the rows that came or went. */
export function expectSameStore(
  before: Record<string, string[]>,
  after: Record<string, string[]>,
  context = '',
): void {
  const changes: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const now = new Set(after[table] ?? []);
    const gone = [...was].filter((row) => !now.has(row));
    const came = [...now].filter((row) => !was.has(row));
    if (gone.length || came.length) {
      changes.push(
        `${table}: -${gone.length} +${came.length} ${[
          ...gone.map((r) => `- ${r}`),
          ...came.map((r) => `+ ${r}`),
        ]
          .slice(0, 4)
          .map((r) => r.slice(0, 300))
          .join(' | ')}`,
      );
    }
  }
  expect(changes, `${context} the store changed`).toEqual([]);
}

/** The holds on `username` (none once it is paid for, released or lapsed). */
export function holdsOf(db: Db, username: string) {
  return db.selectFrom('username_holds').selectAll().where('username', '=', username).execute();
}

/** The mails queued for `address` (only those with `subject` when given), oldest first. */
export function mailsTo(db: Db, address: string, subject?: string) {
  let query = db
    .selectFrom('email_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', address);
  if (subject !== undefined) query = query.where('subject', '=', subject);
  return query.orderBy('created_at').execute();
}

/** The row of `username` in the usernames table (its owner, portfolio and state), if it is held. */
export function usernameRow(db: Db, username: string) {
  return db.selectFrom('usernames').selectAll().where('username', '=', username).executeTakeFirst();
}
