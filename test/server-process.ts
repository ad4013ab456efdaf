import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './free-port.js';

export interface ServerProcessOptions {
  /** The data directory; kept by the caller, so a restart finds the same SQLite file and secret. */
  dataDir: string;
  /** PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** The port to listen on; a restart passes the previous one so clients keep their address. */
  port?: number;
  /**
   * PUBLIC_URL, when it is not this process's own address: several processes behind one load
   * balancer share one.
   */
  publicUrl?: string;
  env?: Record<string, string>;
  /** Called with what the process has written so far each time it writes, from its start on. */
  onOutput?: (output: string) => void;
}

export interface ServerProcess {
  /** http://127.0.0.1:port: where this very process answers. */
  url: string;
  /** Its PUBLIC_URL: `url` unless another was given (cookies and origin checks follow it). */
  publicUrl: string;
  port: number;
  pid: number;
  /** What the process wrote, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown code runs, exactly like a crash or the OOM killer. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful stop; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * The built server (dist/server/main.js, or SERVER_MAIN to run another build) as a process of
 * its own on data the caller owns, so a test can kill it outright and start it again on the
 * same database. Unlike test/built-server.ts it neither creates nor deletes the data.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const main = path.resolve(process.env.SERVER_MAIN ?? 'dist/server/main.js');
  if (!existsSync(main)) throw new Error(`Build the app first (npm run build): no ${main}`);
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: options.publicUrl ?? url,
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Always drained, so a chatty server never blocks on a full pipe; the tail is kept for errors.
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    options.onOutput?.(output);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (output.includes('running at')) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`)),
    );
  });

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    url,
    publicUrl: options.publicUrl ?? url,
    port,
    pid: child.pid!,
    output: () => output,
    kill: async () => {
      await end('SIGKILL');
    },
    stop: () => end('SIGTERM'),
  };
}
