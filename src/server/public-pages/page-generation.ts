import type { Transaction } from 'kysely';
import { sqliteConnectionOf, type Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/**
 * Marks every rendered page in every process as needing a check. Call it inside the transaction
 * that changes a published page, as its last write: on PostgreSQL the row stays locked until
 * commit, so the later it is taken, the less concurrent publishes wait on each other.
 */
export async function bumpPageGeneration(trx: Transaction<Database>): Promise<void> {
  await trx
    .updateTable('page_generation')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

const READ_GENERATION = 'SELECT value FROM page_generation WHERE id = 1';

export async function readPageGeneration(db: Db): Promise<number> {
  const row = await db
    .selectFrom('page_generation')
    .select('value')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * On SQLite, a synchronous read of the generation: a prepared statement on the connection,
 * a couple of microseconds, so that a cached page is answered without waiting on anything.
 */
export function pageGenerationReaderSync(db: Db): (() => number) | undefined {
  const connection = sqliteConnectionOf(db);
  if (!connection) return undefined;
  // Prepared on first use: the app is built before the migrations have run.
  let statement: { get(): unknown } | undefined;
  return () => {
    statement ??= connection.prepare(READ_GENERATION).pluck();
    return Number(statement.get());
  };
}

/** Runs `callback` once the loop has handled every event of this turn. */
const afterThisTurn = (callback: () => void) => setImmediate(callback);

/**
 * The page generation as of a moment after the caller asked, shared by every request that asks
 * in the same turn of the event loop, so that a busy process reads the row a few hundred times
 * a second rather than once per request.
 *
 * A read may be shared only by requests that were already received when it started: those
 * handled in the same turn of the event loop (their bytes arrived before the loop woke up, and
 * so before the read began). A request handled later waits for the next read, because the read
 * in flight may predate a publish that this request's sender has already seen answered.
 *
 * With a synchronous reader (SQLite) the answer is a number at once; otherwise a promise.
 */
export class PageGenerationGate {
  private inFlight?: Promise<number>;
  private inFlightJoinable = false;
  private next?: Promise<number>;
  private readThisTurn?: number;

  constructor(
    private readonly read: () => Promise<number>,
    private readonly readSync?: () => number,
  ) {}

  current(): number | Promise<number> {
    if (this.readSync) return this.currentSync(this.readSync);
    if (this.inFlight && this.inFlightJoinable) return this.inFlight;
    if (!this.inFlight) return this.start();
    this.next ??= this.inFlight.then(
      () => this.startNext(),
      () => this.startNext(),
    );
    return this.next;
  }

  private currentSync(readSync: () => number): number {
    if (this.readThisTurn === undefined) {
      this.readThisTurn = readSync();
      afterThisTurn(() => {
        this.readThisTurn = undefined;
      });
    }
    return this.readThisTurn;
  }

  private startNext(): Promise<number> {
    this.next = undefined;
    return this.start();
  }

  private start(): Promise<number> {
    const reading = this.read().finally(() => {
      if (this.inFlight === reading) this.inFlight = undefined;
    });
    this.inFlight = reading;
    this.inFlightJoinable = true;
    afterThisTurn(() => {
      if (this.inFlight === reading) this.inFlightJoinable = false;
    });
    return reading;
  }
}
