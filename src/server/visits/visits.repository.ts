import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { isSqlite, sqliteWriteThreadOf, type Db } from '../db/database.js';

/** Referring sites are shown for 30 days; older rows go at the day's roll-up. */
const REFERRER_DAYS_KEPT = 31;

/** What one process counted since its last flush, for one page and day. */
export interface VisitBatch {
  username: string;
  day: string;
  views: number;
  /** Salted hashes of this batch's visitors (read once, as their rows are made); none if unset. */
  visitors?: Iterable<string>;
  /** Views by referring site; none if unset. */
  referrers?: ReadonlyMap<string, number>;
}

/** The day's salt, made once by whichever process asks first. */
export async function saltOf(db: Db, day: string, fresh: string): Promise<string> {
  await db
    .insertInto('visit_salts')
    .values({ day, salt: fresh })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .execute();
  const row = await db
    .selectFrom('visit_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/**
 * Rows per write, each write its own transaction (one multi-row statement on PostgreSQL, a
 * prepared statement run per row on SQLite), with `between` awaited between two: one flush
 * holds whatever pages were viewed in its interval (tens of thousands under load), and written
 * in one transaction it held the event loop on SQLite far longer than a request may wait
 * (bench/RESULTS.md, Measurements behind design choices in the code), and a PostgreSQL
 * connection for a round trip per page. A flush need not be atomic: a failed one
 * loses only its own rows (see VisitCounter.write).
 */
const ROWS_PER_WRITE = 500;
/**
 * Batches looked at per write at most, rows or not: past the visitors a flush keeps, or with
 * few referrers, most batches give a pass no row, and a write's rows would otherwise be looked
 * for through tens of thousands of batches in one go.
 */
const BATCHES_PER_WRITE = 5_000;
/** Where a batch begins among a pass's rows, so that a write can count the batches it looked at. */
const NEXT_BATCH = Symbol('next batch');
/**
 * SQLite: the pause between two writes, with the file's write lock let go. Another process
 * waiting for it polls now and then (SQLite's busy handler sleeps 1, 2, 5, 10 ms and more
 * between tries): with the next write following at once, a flush of 100,000 pages' rows kept
 * another process's publish out past its 5 s busy timeout. This process's own queries, which
 * wait for each write's end (sqlite-write-thread.ts), get their turn too.
 */
const SQLITE_WRITER_GAP_MS = 5;

/**
 * SQLite: the same upserts as addVisits's multi-row statements for PostgreSQL (a change to one
 * goes to both), each run once per row of a write by the database's write thread
 * (sqlite-write-thread.ts), off the event loop: on it, a write of 500 rows at 100,000
 * portfolios kept every request waiting (bench/RESULTS.md, Public pages at scale: 100,000
 * portfolios).
 */
const SQLITE_UPSERTS = {
  views: `insert into page_views (username, day, views, visitors) values (@username, @day, @views, 0)
    on conflict (username, day) do update set views = page_views.views + excluded.views`,
  visitors: `insert into page_visitors (username, day, visitor) values (@username, @day, @visitor)
    on conflict (day, username, visitor) do nothing`,
  referrers: `insert into page_referrers (username, day, host, views) values (@username, @day, @host, @views)
    on conflict (username, day, host) do update set views = page_referrers.views + excluded.views`,
};

/** Adds batches: views and referrers summed, visitors kept once each. */
export async function addVisits(
  db: Db,
  batches: readonly VisitBatch[],
  between: () => Promise<unknown> = async () => undefined,
): Promise<void> {
  // Rows are made a write at a time as they are written: made all at once for tens of
  // thousands of pages, they held the event loop for tens of milliseconds.
  function* views() {
    for (const { username, day, views } of batches) {
      yield NEXT_BATCH;
      if (views > 0) yield { username, day, views, visitors: 0 };
    }
  }
  function* visitors() {
    for (const { username, day, visitors } of batches) {
      yield NEXT_BATCH;
      if (visitors) for (const visitor of visitors) yield { username, day, visitor };
    }
  }
  function* referrers() {
    for (const { username, day, referrers } of batches) {
      yield NEXT_BATCH;
      if (referrers) for (const [host, views] of referrers) yield { username, day, host, views };
    }
  }
  const thread = sqliteWriteThreadOf(db);
  let first = true;
  /** A pass: its rows written ROWS_PER_WRITE at a time, from BATCHES_PER_WRITE batches at most. */
  const eachChunk = async <Row>(
    rows: Iterator<Row | typeof NEXT_BATCH>,
    write: (chunk: Row[]) => Promise<unknown>,
  ) => {
    for (;;) {
      const chunk: Row[] = [];
      let batchesLooked = 0;
      let next = rows.next();
      for (; !next.done; next = rows.next()) {
        if (next.value !== NEXT_BATCH) {
          if (chunk.push(next.value) === ROWS_PER_WRITE) break;
        } else if ((batchesLooked += 1) > BATCHES_PER_WRITE) break;
      }
      const passOver = next.done === true;
      if (chunk.length > 0) {
        if (!first) {
          await between();
          if (thread) await sleep(SQLITE_WRITER_GAP_MS);
        }
        first = false;
        await write(chunk);
      } else if (!passOver) {
        // Many batches looked at and no row: other work's turn all the same.
        await between();
      }
      if (passOver) return;
    }
  };
  if (thread) {
    await eachChunk(views(), (chunk) => thread.runEach(SQLITE_UPSERTS.views, chunk));
    await eachChunk(visitors(), (chunk) => thread.runEach(SQLITE_UPSERTS.visitors, chunk));
    await eachChunk(referrers(), (chunk) => thread.runEach(SQLITE_UPSERTS.referrers, chunk));
    return;
  }
  // A batch holds one row per page and day, and per host of a page and day, so no statement
  // updates a row twice (which PostgreSQL refuses). The same upserts as SQLITE_UPSERTS.
  // Each statement's rows go in key order: a flush and an owner's write of one page's latest
  // views (VisitCounter.flushPage) may run at once, and rows locked in opposite orders deadlock.
  await eachChunk(views(), (chunk) =>
    db
      .insertInto('page_views')
      .values(inKeyOrder(chunk, 'username', 'day'))
      .onConflict((conflict) =>
        conflict
          .columns(['username', 'day'])
          .doUpdateSet({ views: sql`page_views.views + excluded.views` }),
      )
      .execute(),
  );
  await eachChunk(visitors(), (chunk) =>
    db
      .insertInto('page_visitors')
      .values(inKeyOrder(chunk, 'day', 'username', 'visitor'))
      .onConflict((conflict) => conflict.columns(['day', 'username', 'visitor']).doNothing())
      .execute(),
  );
  await eachChunk(referrers(), (chunk) =>
    db
      .insertInto('page_referrers')
      .values(inKeyOrder(chunk, 'username', 'day', 'host'))
      .onConflict((conflict) =>
        conflict
          .columns(['username', 'day', 'host'])
          .doUpdateSet({ views: sql`page_referrers.views + excluded.views` }),
      )
      .execute(),
  );
}

/** `rows` sorted by the given text columns, in order. */
function inKeyOrder<Row extends Record<Column, string>, Column extends string>(
  rows: Row[],
  ...columns: Column[]
): Row[] {
  return rows.sort((a, b) => {
    for (const column of columns) {
      if (a[column] !== b[column]) return a[column] < b[column] ? -1 : 1;
    }
    return 0;
  });
}

/**
 * Days before `today` become plain numbers: their visitor hashes are counted into page_views
 * and deleted, with the days' salts. One page's day at a time, the database doing the counting
 * (a day can hold millions of hashes; read into the process they held the event loop for
 * seconds), and `between` awaited between two pages. A row is deleted by one statement or
 * transaction only, so however many processes roll up at once, each visitor is counted once.
 */
export async function rollUpDaysBefore(
  db: Db,
  today: string,
  between: () => Promise<unknown> = async () => undefined,
): Promise<void> {
  for (;;) {
    // The first page's day left: one row of the primary key, so each look is cheap.
    const next = await db
      .selectFrom('page_visitors')
      .select(['day', 'username'])
      .where('day', '<', today)
      .orderBy('day')
      .orderBy('username')
      .limit(1)
      .executeTakeFirst();
    if (!next) break;
    await rollUpPageDay(db, next.day, next.username);
    await between();
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('visit_salts').where('day', '<', today).execute();
    const oldest = new Date(Date.parse(`${today}T00:00:00Z`) - REFERRER_DAYS_KEPT * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await trx.deleteFrom('page_referrers').where('day', '<', oldest).execute();
  });
}

/** One page's visitor hashes of one day, counted into its numbers and deleted. */
async function rollUpPageDay(db: Db, day: string, username: string): Promise<void> {
  if (isSqlite(db)) {
    // The insert takes the database's write lock before it reads, so another process's roll-up
    // waits, then finds these rows deleted.
    await db.transaction().execute(async (trx) => {
      await sql`
        insert into page_views (username, day, views, visitors)
        select username, day, 0, count(*) from page_visitors
        where day = ${day} and username = ${username}
        group by username, day
        on conflict (username, day) do update set visitors = page_views.visitors + excluded.visitors
      `.execute(trx);
      await trx
        .deleteFrom('page_visitors')
        .where('day', '=', day)
        .where('username', '=', username)
        .execute();
    });
    return;
  }
  // PostgreSQL: what this statement deleted is what it counts; a concurrent one deletes nothing.
  await sql`
    with gone as (
      delete from page_visitors where day = ${day} and username = ${username} returning 1
    )
    insert into page_views (username, day, views, visitors)
    select cast(${username} as text), cast(${day} as text), 0, count(*) from gone
    having count(*) > 0
    on conflict (username, day) do update set visitors = page_views.visitors + excluded.visitors
  `.execute(db);
}

/** One page's days from `since` on: views, and visitors rolled up or still counted by hash. */
export async function readVisits(db: Db, username: string, since: string) {
  const [days, live, referrers] = await Promise.all([
    db
      .selectFrom('page_views')
      .select(['day', 'views', 'visitors'])
      .where('username', '=', username)
      .where('day', '>=', since)
      .execute(),
    db
      .selectFrom('page_visitors')
      .select(['day', (eb) => eb.fn.countAll<number>().as('visitors')])
      .where('username', '=', username)
      .where('day', '>=', since)
      .groupBy('day')
      .execute(),
    db
      .selectFrom('page_referrers')
      .select(['host', (eb) => eb.fn.sum<number>('views').as('views')])
      .where('username', '=', username)
      .where('day', '>=', since)
      .groupBy('host')
      .orderBy('views', 'desc')
      .orderBy('host')
      .limit(10)
      .execute(),
  ]);
  return { days, live, referrers };
}

/** Everything counted for these names (their owner deleted the page or the account). */
export async function deleteVisitsOf(db: Db, usernames: string[]): Promise<void> {
  if (usernames.length === 0) return;
  for (const table of ['page_views', 'page_visitors', 'page_referrers'] as const) {
    await db.deleteFrom(table).where('username', 'in', usernames).execute();
  }
}

/** When this person's ownership of the username began; undefined when it is not theirs. */
export function findOwnedSince(
  db: Db,
  userId: string,
  username: string,
): Promise<{ created_at: string } | undefined> {
  return db
    .selectFrom('usernames')
    .select('created_at')
    .where('username', '=', username)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
