import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

export interface RunningCaddy {
  httpsPort: number;
  /** Where the service's own site answers over plain HTTP, when started with `plainHttp`. */
  httpPort: number;
  /** The root certificate of Caddy's internal CA (PEM), created on its first certificate. */
  rootCertificate(): string;
  /** What Caddy printed, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

/** The Caddyfile operators run, shipped in deploy/. */
export const SHIPPED_CADDYFILE = path.resolve('deploy/Caddyfile');

/**
 * Debian's Caddy as a child process of the test (not a system service), running the shipped
 * Caddyfile on loopback high ports with its internal certificate authority instead of Let's
 * Encrypt (no ACME server is reachable here), its state in a directory of its own.
 */
export async function startCaddy(options: {
  upstream: string;
  askUrl: string;
  /** The service's host name; with `plainHttp`, ignored: it is http://127.0.0.1:<httpPort>. */
  publicHost: string;
  plainHttp?: boolean;
}): Promise<RunningCaddy> {
  if (!existsSync('/usr/bin/caddy')) {
    throw new Error('Caddy is not installed: apt-get install -y caddy (.ci/run does)');
  }
  const home = mkdtempSync(path.join(tmpdir(), 'pb-caddy-'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const globalOptions = [
    'admin off',
    'local_certs',
    'skip_install_trust',
    `http_port ${httpPort}`,
    `https_port ${httpsPort}`,
    `storage file_system ${path.join(home, 'data')}`,
  ].join('\n');
  let output = '';
  const child: ChildProcess = spawn(
    '/usr/bin/caddy',
    ['run', '--config', SHIPPED_CADDYFILE, '--adapter', 'caddyfile'],
    {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: path.join(home, 'xdg-data'),
        XDG_CONFIG_HOME: path.join(home, 'xdg-config'),
        CADDY_GLOBAL_OPTIONS: globalOptions,
        PUBLIC_HOST: options.plainHttp ? `http://127.0.0.1:${httpPort}` : options.publicHost,
        APP_UPSTREAMS: options.upstream,
        TLS_ASK_URL: options.askUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Caddy exited at start:\n${output}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(httpsPort, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error(`Caddy did not listen:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    httpsPort,
    httpPort,
    rootCertificate: () =>
      readFileSync(path.join(home, 'data', 'pki', 'authorities', 'local', 'root.crt'), 'utf8'),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}
