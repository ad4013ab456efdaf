import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BuiltServer {
  /** The address the server prints: its public origin (sign-in and cookies are tied to it). */
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The built app exactly as `npm start` serves it (dist/server/main.js), on a fresh SQLite data
 * directory and a random port. Used by the browser tests, the screenshots and the benchmarks.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const main = path.resolve('dist/server/main.js');
  if (!existsSync(main)) throw new Error('Build the app first: npm run build');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-built-'));
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(`http://localhost:${match[1]}`);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return {
    url,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
