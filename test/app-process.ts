import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface AppProcess {
  /** Where this very process answers (loopback and its own port), whatever PUBLIC_URL says. */
  url: string;
  port: number;
  /** The origin the process believes the world reaches it at (its PUBLIC_URL). */
  publicUrl: string;
  pid: number;
  /** The last lines the process wrote, for failure messages. */
  output(): string;
  /** SIGTERM, wait for the exit; returns the exit code. Removes its data directory. */
  stop(): Promise<number | null>;
}

export interface AppProcessOptions {
  /** PostgreSQL to share with other processes; without it the process has its own SQLite file. */
  databaseUrl?: string;
  /** PUBLIC_URL: give several processes the same one, as behind a load balancer. */
  publicUrl?: string;
  /** Any other variables (SESSION_SECRET, SMTP_URL, RATE_LIMITS ...). */
  env?: Record<string, string>;
}

/**
 * The server to run: dist/server/main.js, or APP_PROCESS_MAIN to try another build (one whose
 * ../client holds the builder and whose node_modules resolve, like a copy of dist/).
 */
const mainFile = () => path.resolve(process.env.APP_PROCESS_MAIN ?? 'dist/server/main.js');

const OUTPUT_TAIL = 20_000;

/**
 * One more app process exactly as `npm start` runs it (dist/server/main.js), on 127.0.0.1 and a
 * port of its own. Unlike test/built-server.ts it may share a database and a PUBLIC_URL with
 * other processes, so the port is read from the process's own "listening" log line (the
 * printed URL is PUBLIC_URL, which may belong to another process).
 */
export async function startAppProcess(options: AppProcessOptions = {}): Promise<AppProcess> {
  const main = mainFile();
  if (!existsSync(main)) throw new Error(`No ${main}: build the app first (npm run build)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-proc-'));
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(options.publicUrl ? { PUBLIC_URL: options.publicUrl } : {}),
      ...options.env,
      // The "listening" line is logged at info; more verbose levels are fine too.
      LOG_LEVEL: options.env?.LOG_LEVEL === 'debug' ? 'debug' : 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The pipes are read for the whole life of the process: a full pipe would block its logging.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-OUTPUT_TAIL);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const started = await new Promise<{ port: number; publicUrl: string }>((resolve, reject) => {
    let pending = '';
    const onData = (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as { msg?: string; port?: number; url?: string };
          if (entry.msg === 'listening' && entry.port && entry.url) {
            child.stdout.off('data', onData);
            resolve({ port: entry.port, publicUrl: entry.url });
          }
        } catch {
          // Not a log line.
        }
      }
    };
    child.stdout.on('data', onData);
    void exited.then((code) => reject(new Error(`app process exited with ${code}: ${tail}`)));
  });

  return {
    url: `http://127.0.0.1:${started.port}`,
    port: started.port,
    publicUrl: started.publicUrl,
    pid: child.pid!,
    output: () => tail,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
