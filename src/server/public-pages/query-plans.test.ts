import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/database.js';
import type { Db } from '../db/database.js';
import {
  CHANGE_SOURCES,
  changedPagesQuery,
  type ChangeCursor,
  type ChangeSource,
  pagesOfOtherTemplateVersions,
  servableBatchQuery,
} from './public-pages.repository.js';

/**
 * How the database means to run a query: SQLite's EXPLAIN QUERY PLAN lines, or PostgreSQL's
 * EXPLAIN with sequential scans priced out, so that a plan still scanning a table is one that
 * cannot use an index (on a test's few rows PostgreSQL would scan anyway).
 */
async function planOf(db: Db, dialect: string, query: CompiledQuery): Promise<string> {
  if (dialect === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe.each(TEST_DIALECTS)(
  'the plans of queries every process runs on its own, on %s',
  (dialect) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.destroy();
    });

    it('the template sweep finds pages of other template versions through its index', async () => {
      // It runs every 30 s in every process; reading the table would read every stored page.
      const plan = await planOf(
        database.db,
        dialect,
        pagesOfOtherTemplateVersions(database.db, 'current-version', 100).compile(),
      );
      // A search of the index by range, not a scan of the table or of the whole index.
      expect(plan).toMatch(
        dialect === 'sqlite'
          ? /SEARCH rendered_pages USING INDEX rendered_pages_template_version \(template_version<\?\)/
          : /Index Cond: \(template_version < /,
      );
      expect(plan).not.toMatch(/SCAN rendered_pages|Seq Scan on rendered_pages/);
    });

    it.runIf(dialect === 'postgres')(
      "a turn's views that miss the cache are read by each table's primary key",
      async () => {
        const plan = await planOf(
          database.db,
          dialect,
          servableBatchQuery(database.db, ['asha', 'ravi'], 'br').compile(),
        );
        expect(plan).toMatch(/Index Cond: \(username = ANY \(/);
        expect(plan).toMatch(/usernames_pkey/);
        expect(plan).not.toMatch(/Seq Scan/);
      },
    );

    /** A slice of the change check's, the first (no cursor) or a later one. */
    const changePlan = (source: ChangeSource, after?: ChangeCursor) =>
      planOf(
        database.db,
        dialect,
        changedPagesQuery(database.db, source, '2026-11-24T09:59:45.000Z', after, 500).compile(),
      );
    /** A cursor as a slice of `source` ends on (the portfolios' ends with a name). */
    const cursorIn = (source: ChangeSource): ChangeCursor =>
      source === 'portfolios'
        ? ['2026-11-24T10:00:00.000Z', 'a', 'a']
        : ['2026-11-24T10:00:00.000Z', 'a'];

    it.runIf(dialect === 'postgres')(
      "a change check's slices after the first are bounded by the cursor in each table's (date, key) index",
      async () => {
        const bound = {
          portfolios: 'ROW(updated_at, id) >=',
          usernames: 'ROW(updated_at, username) >=',
          rendered_pages: 'ROW(rendered_at, username) >=',
        };
        for (const source of CHANGE_SOURCES) {
          const plan = await changePlan(source, cursorIn(source));
          // Not only a filter of the join: the index scan itself starts at the cursor.
          const indexConditions = plan.split('\n').filter((line) => line.includes('Index Cond:'));
          expect(indexConditions.some((line) => line.includes(bound[source]))).toBe(true);
        }
      },
    );

    // PostgreSQL's plan for these depends on its statistics of the tables (on a test's empty
    // tables it hashes them whole); SQLite's is fixed by its indexes.
    it.runIf(dialect === 'sqlite')(
      "a change check's slices seek each table's (date, key) index to their cursor",
      async () => {
        const changeIndex = {
          portfolios: ['portfolios_changes', 'updated_at', 'id'],
          usernames: ['usernames_changes', 'updated_at', 'username'],
          rendered_pages: ['rendered_pages_changes', 'rendered_at', 'username'],
        };
        for (const source of CHANGE_SOURCES) {
          for (const after of [undefined, cursorIn(source)]) {
            const plan = await changePlan(source, after);
            const [index, date, key] = changeIndex[source];
            // From the cursor on, in the index's order: a slice reads only its own rows, even
            // inside thousands stamped with one instant.
            expect(plan).toContain(
              after
                ? `SEARCH ${source} USING INDEX ${index} ((${date},${key})>`
                : `SEARCH ${source} USING INDEX ${index} (${date}>?)`,
            );
            // Sorted at most within one portfolio's names (its several rows of one instant).
            expect(plan).not.toContain('USE TEMP B-TREE FOR ORDER BY');
            if (source !== 'portfolios') expect(plan).not.toContain('TEMP B-TREE');
            expect(plan).not.toMatch(/SCAN (portfolios|usernames|rendered_pages)\b/);
          }
        }
      },
    );
  },
);
