import pg from 'pg';

/** How long PostgreSQL may take to answer before the run is called off. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Runs once before the tests under src/. Without TEST_DATABASE_URL the suites run on SQLite
 * only, which is fine on a developer's machine. In CI (CI set), or whenever the URL is set,
 * PostgreSQL must answer: a run that quietly skipped PostgreSQL would look green while testing
 * half of what ships.
 */
export async function checkPostgres(env: NodeJS.ProcessEnv): Promise<void> {
  const url = env.TEST_DATABASE_URL;
  if (!url) {
    if (env.CI) {
      throw new Error(
        'CI is set but TEST_DATABASE_URL is not: CI runs every database test on PostgreSQL too.',
      );
    }
    return;
  }
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A connection that fails later (the server going away mid-check) must not crash the runner.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    const where = new URL(url);
    where.password = '';
    throw new Error(
      `TEST_DATABASE_URL is set, but PostgreSQL at ${where.host} does not answer (${String(error)}). Start it, or unset TEST_DATABASE_URL to run on SQLite only.`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => {});
  }
}

export default function setup(): Promise<void> {
  return checkPostgres(process.env);
}
