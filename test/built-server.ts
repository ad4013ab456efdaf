import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';
import { startServerProcess } from './server-process.js';

export interface BuiltServer {
  /** The server's public origin, on localhost (sign-in and cookies are tied to it). */
  url: string;
  dataDir: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The built app exactly as `npm start` serves it (dist/server/main.js), on a fresh SQLite data
 * directory and a free port, addressed as localhost like a person's browser would. Used by the
 * browser tests, the screenshots and the benchmarks; removed with its data on stop.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-built-'));
  const port = await freePort();
  const server = await startServerProcess({
    dataDir,
    port,
    publicUrl: `http://localhost:${port}`,
    env,
  });
  return {
    url: server.publicUrl,
    dataDir,
    pid: server.pid,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
