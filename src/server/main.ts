import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { prepareDatabaseWhenReachable } from './prepare-database.js';
import { createShutdown } from './shutdown.js';
import { testModeNotes } from './site-mode.js';

/** Set once the server can drain and close; until then a stop signal ends the start at once. */
let shutdown: ((signal: string) => Promise<void>) | undefined;
/** Closes what the start has opened so far: the database, then the whole app once it is built. */
let closeStarted: (() => Promise<void>) | undefined;
/** A stop came during the start: the start goes no further, and its failures are the stop's. */
let stopping = false;

/** How long a stop during the start waits for what it opened to close. */
const CLOSE_WHILE_STARTING_MS = 5000;

function onStopSignal(signal: NodeJS.Signals): void {
  if (shutdown) {
    void shutdown(signal);
    return;
  }
  if (stopping) return;
  stopping = true;
  // Nothing is served or in flight yet. Listening from the first line matters in a container:
  // there the process is PID 1, and a signal it has no handler for is dropped, so a stop during a
  // long wait for the database would otherwise end only in SIGKILL. What is open is closed first,
  // so SQLite folds its write-ahead log back into the file as on any other stop.
  process.stderr.write(`Stopped by ${signal} while starting.\n`);
  setTimeout(() => process.exit(0), CLOSE_WHILE_STARTING_MS).unref();
  void (closeStarted?.() ?? Promise.resolve()).then(
    () => {
      if (closeStarted) process.stderr.write('Closed what the start had opened.\n');
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`Closing after the stop failed: ${String(error)}\n`);
      process.exit(0);
    },
  );
}

async function main(): Promise<void> {
  process.once('SIGTERM', onStopSignal);
  process.once('SIGINT', onStopSignal);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const { db, dialect } = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'portfolio.db'),
    sqliteCacheMb: config.sqliteCacheMb,
  });
  closeStarted = () => db.destroy();
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');
  const app = await buildApp({ config, db, dialect, clientDir });
  // The app's own close ends with the database's.
  closeStarted = () => app.close();
  // Stopped while the app was being built: the close under way is the database's, so the app's
  // own threads end with the process that exits once it is done.
  if (stopping) return;

  const testMode = testModeNotes(config);
  if (testMode.length > 0) {
    app.log.warn({ testMode }, `test mode: ${testMode.join('; ')}`);
  }

  const applied = await prepareDatabaseWhenReachable(db, app.log);
  if (stopping) return;
  app.log.info({ dialect, applied }, 'database ready');

  shutdown = createShutdown(app, {
    drainMs: config.shutdownDrainMs,
    graceMs: config.shutdownGraceMs,
  });

  await app.listen({ port: config.port, host: config.host });
  app.jobs.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // With PORT=0 the real port is known only now; links we generate must carry it.
  if (!config.publicUrlConfigured) config.publicUrl = `http://localhost:${port}`;
  app.log.info({ url: config.publicUrl, port }, 'listening');
  process.stdout.write(`\nPortfolio builder is running at ${config.publicUrl}\n\n`);
}

main().catch((error: unknown) => {
  // A query cut short by the stop's close is the stop, which exits 0 once the close is done.
  if (stopping) return;
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
