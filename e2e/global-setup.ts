import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: tests may open its SQLite file to arrange data directly. */
    dataDir: string;
  }
}

/**
 * Browser tests run against the built app exactly as `npm start` serves it: dist/server/main.js
 * on a fresh SQLite data directory and a random port.
 */
export default async function setup(project: TestProject) {
  const main = path.resolve('dist/server/main.js');
  if (!existsSync(main)) throw new Error('Build the app first: npm run build');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-e2e-'));
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      // The address the server prints is its public origin: sign-in and cookies are tied to it.
      if (match) resolve(`http://localhost:${match[1]}`);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
