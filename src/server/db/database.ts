import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';
import { checkpointInBackground } from './sqlite-checkpointer.js';
import { SqliteWriteThread } from './sqlite-write-thread.js';

export type Db = Kysely<Database>;
/** A handle inside an open transaction; functions that must run in one take this type. */
export type Tx = Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

/** Runs `work` in one transaction: its writes commit together or not at all. */
export function inTransaction<T>(db: Db, work: (trx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

export interface DatabaseOptions {
  /** A postgres:// URL; without it the SQLite file below is used. */
  databaseUrl?: string;
  sqliteFile?: string;
  /**
   * SQLite only: how long a write waits for another process's lock before failing (default
   * 5000 ms). better-sqlite3 waits synchronously, so tests that hold the lock on purpose pass less.
   */
  busyTimeoutMs?: number;
  /**
   * SQLite only: the most memory its page cache may use, in megabytes (SQLITE_CACHE_MB; SQLite's
   * own 2 when unset). Public pages are read from all over the file: with 2 MB at 100,000
   * portfolios most reads went to the kernel for pages SQLite had just dropped.
   */
  sqliteCacheMb?: number;
  /** SQLite only: how often the log is checkpointed off the event loop (sqlite-checkpointer.ts). */
  checkpointIntervalMs?: number;
}

/** SQLite: how long a write waits for another process's lock unless told (busyTimeoutMs). */
const DEFAULT_BUSY_TIMEOUT_MS = 5000;
/** How long a new PostgreSQL connection may take before the query fails (and answers 503). */
const PG_CONNECT_TIMEOUT_MS = 5000;
/** How long /readyz waits for the database before it calls it unavailable. */
const READY_TIMEOUT_MS = 2000;

export interface OpenDatabase {
  db: Db;
  dialect: Dialect;
}

/** The SQLite connection under each Kysely instance that openDatabase made on SQLite. */
const sqliteConnections = new WeakMap<Db, SqliteDatabase.Database>();

/**
 * The raw SQLite connection under `db`, for the rare statement on a hot path that must not pay
 * for Kysely's compile and better-sqlite3's prepare on every call (public-pages.repository.ts's
 * page reads, visits.repository.ts's flush).
 * Undefined on PostgreSQL.
 */
export function sqliteConnectionOf(db: Db): SqliteDatabase.Database | undefined {
  return sqliteConnections.get(db);
}

/** The bulk-write thread of each Kysely instance that openDatabase made on SQLite. */
const sqliteWriteThreads = new WeakMap<Db, SqliteWriteThread>();

/**
 * The thread that runs bulk writes under `db` off the event loop (sqlite-write-thread.ts: a
 * visit flush's rows). Undefined on PostgreSQL, whose queries never hold the event loop.
 */
export function sqliteWriteThreadOf(db: Db): SqliteWriteThread | undefined {
  return sqliteWriteThreads.get(db);
}

/** The PostgreSQL pool under each Kysely instance that openDatabase made on PostgreSQL. */
const pgPools = new WeakMap<Db, pg.Pool>();

/**
 * The pool under `db`, for the rare read on a hot path that runs as a named (prepared)
 * statement, which PostgreSQL parses and plans once per connection instead of on every call.
 * Undefined on SQLite.
 */
export function pgPoolOf(db: Db): pg.Pool | undefined {
  return pgPools.get(db);
}

/** True on SQLite, whose queries run on the event loop (better-sqlite3 is synchronous). */
export function isSqlite(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export function openDatabase(options: DatabaseOptions): OpenDatabase {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A database that accepts no connections (down, or the network drops packets) fails the
      // request after a few seconds instead of queueing it forever.
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // An unhandled 'error' event kills Node. An idle client losing its server (a restart, a
    // network blip) is reported on the pool, which drops it; the next query connects afresh.
    pool.on('error', () => {});
    // A client that is checked out (a query or transaction under way) reports the loss on itself,
    // where the pool listens only while it is idle: the query in flight fails on its own, and the
    // pool discards the client when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pgPools.set(db, pool);
    return { db, dialect: 'postgres' };
  }
  if (!options.sqliteFile) throw new Error('openDatabase needs a databaseUrl or a sqliteFile');
  mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const file = new SqliteDatabase(options.sqliteFile);
  file.pragma('journal_mode = WAL');
  // What every connection to the file that writes needs, the write thread's too. The busy
  // timeout is how long a write waits for another connection's lock (another process's: this
  // process's write thread takes Kysely's turn and waits its own way, sqlite-write-thread.ts)
  // before it fails; better-sqlite3 waits on the thread that asked.
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  const pragmas = ['foreign_keys = ON', 'synchronous = NORMAL'];
  for (const pragma of [...pragmas, `busy_timeout = ${busyTimeoutMs}`]) file.pragma(pragma);
  // A negative size is in KiB.
  if (options.sqliteCacheMb) file.pragma(`cache_size = ${-1024 * options.sqliteCacheMb}`);
  const checkpointer = checkpointInBackground(file, options.checkpointIntervalMs);
  // The threads close their connections first, so that the serving one is the last.
  const stopThreads = async () => {
    await writeThread.stop();
    await checkpointer.stop();
  };
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: file }, stopThreads),
  });
  const writeThread = new SqliteWriteThread(file, {
    pragmas,
    busyTimeoutMs,
    inTurn: (work) => db.connection().execute(work),
  });
  sqliteConnections.set(db, file);
  sqliteWriteThreads.set(db, writeThread);
  return { db, dialect: 'sqlite' };
}

/**
 * SQLite transactions take the file's write lock as they begin (BEGIN IMMEDIATE), waiting for it
 * up to busy_timeout like any write. A deferred BEGIN reads on a snapshot and asks for the lock
 * at its first write, and if another process committed in between, SQLite fails it at once
 * (SQLITE_BUSY: its snapshot is stale, and no wait helps): under another process's stream of
 * small writes (visitor counts), publishes failed with 503. Every transaction here writes.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  constructor(
    settings: SqliteDialectConfig,
    private readonly stopThreads: () => Promise<void>,
  ) {
    super(settings);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * SQLite rolls a transaction back by itself when a write fails for want of disk or memory;
   * asking again then fails with "no transaction is active", which would hide the real error
   * (a full disk) behind a puzzling one.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } catch (error) {
      if (error instanceof Error && /no transaction is active/.test(error.message)) return;
      throw error;
    }
  }

  /** The threads with connections of their own close them first, so that ours is the last one. */
  override async destroy(): Promise<void> {
    await this.stopThreads();
    await super.destroy();
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly stopThreads: () => Promise<void>,
  ) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings, this.stopThreads);
  }
}

/** Brings the schema up to date; safe to run from several processes at once (Kysely locks). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * True when the database can serve reads and writes now. PostgreSQL: a round trip. SQLite (where
 * `select 1` never touches the file): the file's write lock can be taken at once, so a lock held
 * by another process (a shell, an import) reports not ready instead of failing every write.
 */
export async function isDatabaseReady(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const probe = (async () => {
    if (!isSqlite(db)) {
      await sql`select 1`.execute(db);
      return true;
    }
    // One connection, reserved: nothing else runs on it between these statements.
    return db.connection().execute(async (connection) => {
      const [row] = (await sql<{ timeout: number }>`pragma busy_timeout`.execute(connection)).rows;
      const configured = Number(row?.timeout ?? 5000);
      // better-sqlite3 waits synchronously; the probe must not stall the process for long.
      await sql.raw(`pragma busy_timeout = ${Math.min(configured, 200)}`).execute(connection);
      try {
        await sql`begin immediate`.execute(connection);
        await sql`rollback`.execute(connection);
      } finally {
        await sql.raw(`pragma busy_timeout = ${configured}`).execute(connection);
      }
      return true;
    });
  })().catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * True when an error means the database could not be reached or used right now (as opposed to
 * a bug or a constraint): the request may succeed if tried again later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // Only the error itself, not its `cause`: a fetch to another service (the sign-in provider)
  // fails with a network code in its cause, and that is not the database.
  const { code, message, errors } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (UNAVAILABLE_NETWORK_CODES.has(code)) return true;
    // PostgreSQL: connection exceptions (class 08), too many connections, shutting down.
    if (/^08...$/.test(code) || ['53300', '57P01', '57P02', '57P03'].includes(code)) return true;
    // SQLite: another process holds the lock past busy_timeout, or the disk fails us.
    if (/^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY)/.test(code)) return true;
  }
  if (
    typeof message === 'string' &&
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
      message,
    )
  ) {
    return true;
  }
  // A failed connect to several addresses arrives as an AggregateError.
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}

/** A unique-constraint failure on either dialect: someone else won a race for the same row. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(message ?? '')
  );
}
