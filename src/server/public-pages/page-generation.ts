import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
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

export async function readPageGeneration(db: Db): Promise<number> {
  const row = await db
    .selectFrom('page_generation')
    .select('value')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * The page generation as of a moment after the caller asked, shared by every request that asks
 * at about the same time, so that a busy process reads the row a few hundred times a second
 * rather than once per request.
 *
 * A read may be joined only by requests that were already received when it started: those
 * handled in the same turn of the event loop (their bytes arrived before the loop woke up, and
 * so before the read began). A request handled later waits for the next read, because the read
 * in flight may predate a publish that this request's sender has already seen answered.
 */
export class PageGenerationGate {
  private inFlight?: Promise<number>;
  private inFlightJoinable = false;
  private next?: Promise<number>;

  constructor(private readonly read: () => Promise<number>) {}

  current(): Promise<number> {
    if (this.inFlight && this.inFlightJoinable) return this.inFlight;
    if (!this.inFlight) return this.start();
    this.next ??= this.inFlight.then(
      () => this.startNext(),
      () => this.startNext(),
    );
    return this.next;
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
    // setImmediate runs after the loop has handled every event of this turn.
    setImmediate(() => {
      if (this.inFlight === reading) this.inFlightJoinable = false;
    });
    return reading;
  }
}
