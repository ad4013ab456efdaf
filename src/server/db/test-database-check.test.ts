import { describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.js';
import { checkPostgres } from '../../../test/global-setup.js';

describe('the check before the database tests run', () => {
  it('lets a developer run on SQLite only', async () => {
    await expect(checkPostgres({})).resolves.toBeUndefined();
  });

  it('fails the run in CI when no PostgreSQL is configured', async () => {
    await expect(checkPostgres({ CI: 'true' })).rejects.toThrow(
      'CI is set but TEST_DATABASE_URL is not',
    );
  });

  it('fails the run, never skips, when the configured PostgreSQL does not answer', async () => {
    const port = await freePort();
    const url = `postgres://postgres:secret@127.0.0.1:${port}/test`;
    const failure = checkPostgres({ CI: 'true', TEST_DATABASE_URL: url });
    await expect(failure).rejects.toThrow(
      `TEST_DATABASE_URL is set, but PostgreSQL at 127.0.0.1:${port} does not answer`,
    );
    await expect(failure).rejects.not.toThrow('secret');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('passes when PostgreSQL answers', async () => {
    await expect(
      checkPostgres({ CI: 'true', TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }),
    ).resolves.toBeUndefined();
  });
});
