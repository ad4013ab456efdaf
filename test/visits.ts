import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../src/server/db/database.js';
import { VisitCounter } from '../src/server/visits/visit-counter.js';

/**
 * A visitor counter that is only ever asked to count, seeing every view come from `address`:
 * counting a view touches neither the store nor the log (only a flush would).
 */
export const countingOnly = (address: string) =>
  new VisitCounter(
    undefined as unknown as Db,
    undefined as unknown as FastifyBaseLogger,
    () => address,
    () => 'example.com',
    'pepper',
  );
