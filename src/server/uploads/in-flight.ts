/**
 * The uploads of each person this process is working on: how many, and the bytes each is
 * expected to store. Their bytes count against the quota until their row is saved, so that
 * parallel uploads cannot pass the quota together; and the count caps how much of the image
 * pool one person can hold. `whileHeld` runs one person's quota checks one at a time.
 */
import { KeyedTurns } from './keyed-turns.js';

export interface Reservation {
  userId: string;
  bytes: number;
}

export class InFlightUploads {
  private readonly byUser = new Map<string, Set<Reservation>>();
  private readonly turns = new KeyedTurns();

  count(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Bytes reserved by the person's uploads in progress, except `except`. */
  reservedBytes(userId: string, except?: Reservation): number {
    let total = 0;
    for (const reservation of this.byUser.get(userId) ?? []) {
      if (reservation !== except) total += reservation.bytes;
    }
    return total;
  }

  reserve(userId: string, bytes: number): Reservation {
    const reservation = { userId, bytes };
    const mine = this.byUser.get(userId) ?? new Set();
    mine.add(reservation);
    this.byUser.set(userId, mine);
    return reservation;
  }

  /** The upload's size once known (its declared size until then). */
  resize(reservation: Reservation, bytes: number): void {
    reservation.bytes = bytes;
  }

  release(reservation: Reservation): void {
    const mine = this.byUser.get(reservation.userId);
    mine?.delete(reservation);
    if (mine?.size === 0) this.byUser.delete(reservation.userId);
  }

  /** Runs `work` after the person's earlier `whileHeld` work has finished. */
  whileHeld<T>(userId: string, work: () => Promise<T>): Promise<T> {
    return this.turns.run(userId, work);
  }
}
