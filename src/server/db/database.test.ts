import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/database.js';
import {
  inTransaction,
  isDatabaseReady,
  migrateToLatest,
  openDatabase,
  sqliteWriteThreadOf,
} from './database.js';
import { migrations } from './migrations/index.js';
import { checkpointInBackground } from './sqlite-checkpointer.js';
import { SqliteWriteThread } from './sqlite-write-thread.js';

const TABLES = [
  'contact_messages',
  'domains',
  'email_outbox',
  'extra_payments',
  'login_attempts',
  'orders',
  'page_generation',
  'page_referrers',
  'page_views',
  'page_visitors',
  'payment_events',
  'portfolios',
  'preview_links',
  'rate_limits',
  'receipt_counters',
  'receipts',
  'rendered_pages',
  'sessions',
  'template_versions',
  'templates',
  'term_reminders',
  'test_gateway_payments',
  'uploads',
  'username_holds',
  'usernames',
  'users',
  'visit_salts',
];

const now = '2026-11-21T12:00:00.000Z';
const user = (id: string) => ({
  id,
  issuer: 'https://issuer.test',
  subject: `sub-${id}`,
  email: `${id}@example.com`,
  email_verified: 1,
  name: 'Test Person',
  given_name: 'Test',
  picture: null,
  created_at: now,
  updated_at: now,
});

describe.each(TEST_DIALECTS)('the database on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('migrates a new database to every table the product needs, and again is a no-op', async () => {
    database = await createTestDatabase(dialect, { prepare: false });
    const applied = await migrateToLatest(database.db);
    expect(applied).toEqual(Object.keys(migrations));
    const tables = (await database.db.introspection.getTables()).map((table) => table.name).sort();
    expect(tables).toEqual(TABLES);
    expect(await migrateToLatest(database.db)).toEqual([]);
    expect(await isDatabaseReady(database.db)).toBe(true);
  });

  it('enforces foreign keys', async () => {
    database = await createTestDatabase(dialect);
    await expect(
      database.db
        .insertInto('sessions')
        .values({ token_hash: 'h', user_id: 'nobody', created_at: now, expires_at: now })
        .execute(),
    ).rejects.toThrow();
    expect(await database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('keeps one account per provider subject and one portfolio per user and template', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    await db.insertInto('users').values(user('u1')).execute();
    await expect(
      db
        .insertInto('users')
        .values({ ...user('u2'), subject: 'sub-u1' })
        .execute(),
    ).rejects.toThrow();
    const portfolio = {
      id: 'p1',
      user_id: 'u1',
      template_id: 'template1',
      data: '{}',
      paid_until: now,
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('portfolios').values(portfolio).execute();
    await expect(
      db
        .insertInto('portfolios')
        .values({ ...portfolio, id: 'p2' })
        .execute(),
    ).rejects.toThrow();
  });

  it('lets exactly one order hold a username at a time', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    await db
      .insertInto('users')
      .values([user('u1'), user('u2')])
      .execute();
    const order = (id: string, userId: string) => ({
      id,
      gateway: 'test',
      gateway_order_id: `gw_${id}`,
      user_id: userId,
      template_id: 'template2',
      username: 'ada',
      data: '{}',
      amount_paise: 62910,
      currency: 'INR',
      receipt: '1790000000000',
      status: 'created' as const,
      payment_id: null,
      credit_used_by_order_id: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    });
    await db
      .insertInto('orders')
      .values([order('o1', 'u1'), order('o2', 'u2')])
      .execute();
    await db
      .insertInto('username_holds')
      .values({ username: 'ada', user_id: 'u1', order_id: 'o1', expires_at: now })
      .execute();
    await expect(
      db
        .insertInto('username_holds')
        .values({ username: 'ada', user_id: 'u2', order_id: 'o2', expires_at: now })
        .execute(),
    ).rejects.toThrow();
    const holds = await db.selectFrom('username_holds').select(['username', 'user_id']).execute();
    expect(holds).toEqual([{ username: 'ada', user_id: 'u1' }]);
  });

  it('stores money as whole paise and JSON documents intact', async () => {
    database = await createTestDatabase(dialect);
    const row = await database.db
      .selectFrom('templates')
      .select(['price_paise', 'discount_percent', 'default_data'])
      .where('id', '=', 'template4')
      .executeTakeFirstOrThrow();
    expect(row.price_paise).toBe(100000);
    expect(typeof row.price_paise).toBe('number');
    expect(JSON.parse(row.default_data).personalDetails.type).toBe('personalDetails');
  });

  if (dialect === 'sqlite') {
    it('runs SQLite in WAL mode with foreign keys on', async () => {
      database = await createTestDatabase(dialect);
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db);
      expect(fk.rows[0]?.foreign_keys).toBe(1);
    });
  }
});

describe('the SQLite file', () => {
  it('commits a transaction that reads, then writes, though another process wrote in between', async () => {
    const database = await createTestDatabase('sqlite');
    // Two connections to one file, as two processes have; the other waits 50 ms for the lock.
    const { db } = openDatabase({ sqliteFile: database.sqliteFile });
    const other = openDatabase({ sqliteFile: database.sqliteFile, busyTimeoutMs: 50 }).db;
    const salt = (day: string) =>
      other.insertInto('visit_salts').values({ day, salt: 'x' }).execute();
    try {
      let otherWrote: boolean | undefined;
      await inTransaction(db, async (trx) => {
        await trx.selectFrom('visit_salts').selectAll().execute();
        // A deferred transaction would let this in, then fail its own write below at once.
        otherWrote = await salt('2026-01-01').then(
          () => true,
          () => false,
        );
        await trx.insertInto('visit_salts').values({ day: '2026-01-02', salt: 'y' }).execute();
      });
      expect(otherWrote).toBe(false);
      // Once it commits, the other process writes as before.
      await salt('2026-01-03');
      const days = await db.selectFrom('visit_salts').select('day').orderBy('day').execute();
      expect(days.map((row) => row.day)).toEqual(['2026-01-02', '2026-01-03']);
    } finally {
      await other.destroy();
      await db.destroy();
      await database.destroy();
    }
  });

  it('checkpoints its log on a thread of its own, never in a commit, keeps the log bounded, and leaves no log once closed', async () => {
    // A file of its own: the log is removed only when its last connection closes.
    const directory = mkdtempSync(path.join(tmpdir(), 'pb-wal-'));
    const file = path.join(directory, 'portfolio.db');
    const { db } = openDatabase({ sqliteFile: file, checkpointIntervalMs: 20 });
    const log = `${file}-wal`;
    try {
      // A commit past 1,000 pages of log would checkpoint on the event loop.
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
        db,
      );
      expect(rows[0]?.wal_autocheckpoint).toBe(0);
      await sql`create table filler (data blob)`.execute(db);
      let largest = 0;
      // 12 MB in 48 commits: the log would hold all of it if nothing checkpointed.
      for (let commit = 0; commit < 48; commit += 1) {
        await sql`insert into filler (data) values (${randomBytes(256 * 1024)})`.execute(db);
        await sleep(25);
        largest = Math.max(largest, statSync(log).size);
      }
      expect(largest).toBeLessThan(6 * 1024 * 1024);
    } finally {
      await db.destroy();
    }
    expect(existsSync(log)).toBe(false);
    rmSync(directory, { recursive: true, force: true });
  });

  it('checkpoints in commits again, with a warning, when its checkpoint thread fails', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'pb-wal-'));
    const file = path.join(directory, 'portfolio.db');
    const connection = new SqliteDatabase(file);
    connection.pragma('journal_mode = WAL');
    const warned = new Promise<string>((resolve) =>
      process.once('warning', (warning) => resolve(warning.message)),
    );
    try {
      const checkpointer = checkpointInBackground(connection);
      expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      // Gone before the thread opens it (a thread takes milliseconds to start).
      renameSync(file, `${file}.moved`);
      expect(await warned).toBe('SQLite checkpoints run in commits again: SQLITE_CANTOPEN');
      expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      await checkpointer.stop();
    } finally {
      connection.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("runs bulk writes on a thread of its own, the event loop and this process's queries going on while it waits for another process's lock", async () => {
    const database = await createTestDatabase('sqlite', { prepare: false });
    const { db } = openDatabase({ sqliteFile: database.sqliteFile, busyTimeoutMs: 5000 });
    const other = new SqliteDatabase(database.sqliteFile!);
    try {
      await sql`create table bulk (name text primary key, n integer)`.execute(db);
      const thread = sqliteWriteThreadOf(db)!;
      const upsert = `insert into bulk (name, n) values (@name, @n)
        on conflict (name) do update set n = bulk.n + excluded.n`;
      await thread.runEach(upsert, [{ name: 'a', n: 1 }]);
      // Another process holds the write lock: on the event loop, better-sqlite3 would wait for
      // it there (blocking this test, which must let it go) until the busy timeout failed.
      other.exec('begin immediate');
      const written = thread.runEach(
        upsert,
        Array.from({ length: 300 }, (_, i) => ({ name: `row-${i}`, n: i })),
      );
      // The event loop keeps turning meanwhile: ten short sleeps take about 100 ms, not the
      // time the lock is held (blocked, the loop would wait out the 5 s busy timeout). 2.5 s
      // tells the two apart with room for a loaded machine.
      const started = performance.now();
      for (let tick = 0; tick < 10; tick += 1) await sleep(10);
      expect(performance.now() - started).toBeLessThan(2500);
      // And this process's queries get their turn between the thread's tries.
      const count = async () =>
        Number((await sql<{ c: number }>`select count(*) as c from bulk`.execute(db)).rows[0]!.c);
      expect(await count()).toBe(1);
      other.exec('commit');
      await written;
      expect(await count()).toBe(301);
      // One transaction: a failing row leaves none of its write.
      await expect(
        thread.runEach('insert into bulk (name, n) values (@name, @n)', [
          { name: 'new', n: 1 },
          { name: 'a', n: 2 },
        ]),
      ).rejects.toThrow(/UNIQUE constraint failed/);
      expect(await count()).toBe(301);
      // A lock held past the busy timeout fails the write, as on the serving connection.
      other.exec('begin immediate');
      const shortWait = openDatabase({ sqliteFile: database.sqliteFile, busyTimeoutMs: 200 });
      try {
        await expect(
          sqliteWriteThreadOf(shortWait.db)!.runEach(upsert, [{ name: 'late', n: 1 }]),
        ).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
      } finally {
        other.exec('rollback');
        await shortWait.db.destroy();
      }
    } finally {
      other.close();
      await db.destroy();
      await database.destroy();
    }
  });

  it("makes this process's own writes wait for the thread's instead of meeting its lock", async () => {
    const database = await createTestDatabase('sqlite', { prepare: false });
    const { db } = openDatabase({ sqliteFile: database.sqliteFile });
    try {
      await sql`create table bulk (name text primary key)`.execute(db);
      // Few rows, each slow to write (a count to 50,000 first): the thread holds the lock for a
      // few hundred milliseconds, for a message that costs nothing to send.
      const rows = Array.from({ length: 100 }, (_, i) => ({ name: `row-${i}` }));
      const slowInsert = `insert into bulk (name) select @name from (
        with recursive steps(n) as (select 1 union all select n + 1 from steps where n < 50000)
        select count(*) from steps)`;
      // The event loop's longest wait while the thread writes and this process writes too: met
      // in SQLite's busy handler, the thread's lock would hold the loop until the thread committed.
      let longest = 0;
      let last = performance.now();
      const probe = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 1);
      const writer = sqliteWriteThreadOf(db)!;
      // Started (a thread takes tens of milliseconds to start), then writing.
      await writer.runEach('insert into bulk (name) values (@name)', [{ name: 'first' }]);
      // Measured from here: the thread's start before is no part of the write.
      const writing = performance.now();
      [longest, last] = [0, writing];
      const thread = writer.runEach(slowInsert, rows);
      await sleep(20);
      const own = sql`insert into bulk (name) values ('own')`.execute(db);
      await Promise.all([thread, own]);
      const writeTime = performance.now() - writing;
      clearInterval(probe);
      // Without the turn the loop waits nearly the whole write; with it, a small part of it. A
      // share rather than milliseconds: a busy machine slows the write and the loop alike.
      expect(longest).toBeLessThan(writeTime / 2);
      const stored = await sql<{ c: number }>`select count(*) as c from bulk`.execute(db);
      expect(Number(stored.rows[0]!.c)).toBe(102);
    } finally {
      await db.destroy();
      await database.destroy();
    }
  });

  it("closes the write thread's connection before its own, so that no log is left once closed", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'pb-writer-'));
    const file = path.join(directory, 'portfolio.db');
    const { db } = openDatabase({ sqliteFile: file });
    await sql`create table bulk (name text primary key)`.execute(db);
    const insert = 'insert into bulk (name) values (@name)';
    const writes = Array.from({ length: 5 }, (_, i) =>
      sqliteWriteThreadOf(db)!.runEach(insert, [{ name: `row-${i}` }]),
    );
    // Closing while writes are under way waits for them.
    await db.destroy();
    await Promise.all(writes);
    expect(existsSync(`${file}-wal`)).toBe(false);
    const check = new SqliteDatabase(file);
    expect(check.prepare('select count(*) from bulk').pluck().get()).toBe(5);
    check.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('runs bulk writes on the serving connection, with a warning, when its write thread fails', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'pb-writer-'));
    const file = path.join(directory, 'portfolio.db');
    // A connection of its own, without the checkpointer openDatabase starts (which would warn too).
    const connection = new SqliteDatabase(file);
    connection.pragma('journal_mode = WAL');
    connection.exec('create table bulk (name text primary key)');
    const warned = new Promise<string>((resolve) => {
      const listener = (warning: Error) => {
        if (!warning.message.startsWith('SQLite bulk writes')) return;
        process.off('warning', listener);
        resolve(warning.message);
      };
      process.on('warning', listener);
    });
    // Gone before the thread is made, so before it opens the file whatever the machine's load:
    // the write asked of it fails, since whether it committed cannot be known.
    renameSync(file, `${file}.moved`);
    const thread = new SqliteWriteThread(connection, {
      pragmas: [],
      busyTimeoutMs: 5000,
      inTurn: (work) => work(),
    });
    try {
      const insert = 'insert into bulk (name) values (@name)';
      await expect(thread.runEach(insert, [{ name: 'lost' }])).rejects.toThrow(
        'SQLite write thread: SQLITE_CANTOPEN',
      );
      expect(await warned).toBe('SQLite bulk writes run on the event loop again: SQLITE_CANTOPEN');
      await thread.runEach(insert, [{ name: 'kept' }]);
      expect(connection.prepare('select name from bulk').pluck().all()).toEqual(['kept']);
      await thread.stop();
      await expect(thread.runEach(insert, [{ name: 'late' }])).rejects.toThrow(/stopped/);
    } finally {
      connection.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('lets a process that wrote through the write thread end without closing the database', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'pb-writer-'));
    const script = `
      import { openDatabase, sqliteWriteThreadOf } from ${JSON.stringify(path.resolve('src/server/db/database.ts'))};
      const { db } = openDatabase({ sqliteFile: ${JSON.stringify(path.join(directory, 'portfolio.db'))} });
      await db.schema.createTable('bulk').addColumn('name', 'text').execute();
      await sqliteWriteThreadOf(db).runEach('insert into bulk (name) values (@name)', [{ name: 'a' }]);
      process.stdout.write('written\\n');
    `;
    const file = path.join(directory, 'write-and-end.mts');
    writeFileSync(file, script);
    try {
      const ended = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', file],
          { timeout: 20_000 },
          (_error, stdout, stderr) => resolve({ code: child.exitCode, output: stdout + stderr }),
        );
      });
      expect(ended).toEqual({ code: 0, output: 'written\n' });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('gets the page cache it is given, in megabytes', async () => {
    const database = await createTestDatabase('sqlite', { prepare: false });
    const { db } = openDatabase({ sqliteFile: database.sqliteFile, sqliteCacheMb: 48 });
    try {
      const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
      // Negative: KiB.
      expect(rows[0]?.cache_size).toBe(-48 * 1024);
    } finally {
      await db.destroy();
      await database.destroy();
    }
  });
});
