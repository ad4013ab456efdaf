import type { FastifyInstance } from 'fastify';
import { isDatabaseReady, type Db } from '../db/database.js';
import { DATABASE_RETRY_SECONDS, errorBody } from './errors.js';
import { freeBytes } from './storage-full.js';

/** What readiness depends on besides the database: room on the disk, and not shutting down. */
export interface Readiness {
  /** Where the process keeps its data, and how much of its disk must stay free. */
  dataDir: string;
  minFreeBytes: number;
  /** True once the process is shutting down: it takes no new traffic. */
  draining: () => boolean;
}

export function registerHealthRoutes(app: FastifyInstance, db: Db, ready: Readiness): void {
  // Liveness: the process is up and its event loop answers.
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  // Readiness: a load balancer sends traffic here only while the database answers and the disk
  // has room for what people save.
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (ready.draining()) {
      return reply
        .status(503)
        .send(
          errorBody('shutting_down', 'This process is shutting down.', { requestId: request.id }),
        );
    }
    // A folder that cannot be measured is not called full: the database check still runs.
    const free =
      ready.minFreeBytes > 0 ? await freeBytes(ready.dataDir).catch(() => Infinity) : Infinity;
    if (free < ready.minFreeBytes) {
      request.log.warn({ free, needed: ready.minFreeBytes }, 'not ready: the disk is nearly full');
      return reply
        .status(503)
        .send(
          errorBody(
            'storage_full',
            `Less than ${Math.round(ready.minFreeBytes / 1024 / 1024)} MB is free on the disk of DATA_DIR.`,
            { requestId: request.id },
          ),
        );
    }
    if (await isDatabaseReady(db)) return { status: 'ready' };
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_SECONDS))
      .send(
        errorBody('database_unavailable', 'The database is not answering.', {
          requestId: request.id,
        }),
      );
  });
}
