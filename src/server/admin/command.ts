import path from 'node:path';
import { ConfigError, type Config } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { prepareDatabase } from '../prepare-database.js';

/** A command called wrongly: its message is printed with the usage, and it exits 2. */
export class UsageError extends Error {}

/**
 * Runs `run` on the server's own database (DATABASE_URL, or the SQLite file in DATA_DIR), migrated
 * first, and closes it after.
 */
export async function withServerDatabase<T>(
  config: Config,
  run: (db: Db) => Promise<T>,
): Promise<T> {
  const { db } = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'portfolio.db'),
  });
  try {
    await prepareDatabase(db);
    return await run(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Exits with the code `main` gives. A usage or configuration mistake prints its message (and the
 * usage) and exits 2; anything else prints its message and exits 1.
 */
export function runCommand(main: Promise<number>, usage: string): void {
  main.then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError || error instanceof ConfigError) {
        process.stderr.write(
          `Error: ${error.message}\n\n${error instanceof UsageError ? usage : ''}\n`,
        );
        process.exit(2);
      }
      process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
