import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable, migrateToLatest, type Db } from './db/database.js';
import { seedTemplates } from './templates/templates.service.js';

/** What every start does before serving: schema up to date, templates and default prices present. */
export async function prepareDatabase(db: Db): Promise<string[]> {
  const applied = await migrateToLatest(db);
  await seedTemplates(db);
  return applied;
}

/** Longest pause between two attempts to reach the database at start. */
const MAX_WAIT_MS = 10_000;

/**
 * prepareDatabase, waiting for a database that is not reachable yet (it starts after us, or is
 * restarting) instead of exiting: 1 s, 2 s, 4 s ... at most 10 s apart, for as long as it takes.
 * Any other failure (a wrong password, a broken migration) stops the start at once.
 */
export async function prepareDatabaseWhenReachable(
  db: Db,
  log: FastifyBaseLogger,
  sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await prepareDatabase(db);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const retryInMs = Math.min(1000 * 2 ** (attempt - 1), MAX_WAIT_MS);
      log.warn({ err: error, attempt, retryInMs }, 'database not reachable at start; trying again');
      await sleep(retryInMs);
    }
  }
}
