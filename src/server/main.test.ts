import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MAIN = path.resolve('dist/server/main.js');

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Runs the built server the way `npm start` does, on a random port. */
function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Portfolio builder is running at (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1]!, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

describe('the built server (npm start)', () => {
  it('starts with no configuration, creates and migrates its SQLite file, and prints its URL', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'pb-main-')), 'data');
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      expect(server.url).toMatch(/^http:\/\/localhost:\d+$/);
      // Without keys it runs on test stand-ins, and says so once, naming what is missing.
      const testMode = server.output().match(/"msg":"test mode: [^"]*"/g);
      expect(testMode).toEqual([
        '"msg":"test mode: payments: built-in test gateway, no real payments (RAZORPAY_KEY_ID not set); sign-in: development provider, anyone signs in with any email (no GOOGLE_CLIENT_ID or OIDC_ISSUER); mail: written to the log, not sent (SMTP_URL not set)"',
      ]);
      expect(existsSync(path.join(dataDir, 'portfolio.db'))).toBe(true);
      const ready = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/readyz`);
      expect(ready.status).toBe(200);
      const { templates } = await (
        await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/templates`)
      ).json();
      expect(templates).toHaveLength(5);
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
  });

  it('stops on a bad variable with one line naming it', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exited(child)).toBe(1);
    expect(stderr).toBe('Invalid configuration: PORT must be a port number (got "eighty")\n');
  });

  it('exits 0 on SIGTERM after closing the database cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-main-'));
    const server = await startServer({ DATA_DIR: dataDir });
    const base = server.url.replace('localhost', '127.0.0.1');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    expect(server.output()).toContain('shutting down: finishing in-flight requests');
    // A clean close checkpoints SQLite's write-ahead log into the main file.
    expect(existsSync(path.join(dataDir, 'portfolio.db-wal'))).toBe(false);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it('exits 0 at once on SIGTERM while it is still waiting for its database', async () => {
    // Port 9 answers nothing: the start keeps waiting, as it does while PostgreSQL boots.
    const child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:9/absent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const waiting = new Promise<void>((resolve) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('database not reachable at start')) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    const code = exited(child);
    await waiting;
    child.kill('SIGTERM');
    // Without a handler the signal's default would end it with no exit code (null).
    expect(await code).toBe(0);
    expect(output).toContain('Stopped by SIGTERM while starting.');
    // The app it had built, and with it the database's pool, closed before the exit.
    expect(output).toContain('Closed what the start had opened.');
  });
});
