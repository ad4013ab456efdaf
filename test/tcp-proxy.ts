import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The port the proxy listens on (kept across cut and restore). */
  port: number;
  /** Bytes the proxy has received from clients and not passed on (while held). */
  heldBytes(): number;
  /** Stops passing bytes either way; connections stay open, so queries hang as on a dead link. */
  hold(): void;
  /** Resets every open connection and refuses new ones: the database is gone. */
  cut(): Promise<void>;
  /** Accepts and forwards again, on the same port (connections that lost bytes are reset). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay between the app and a server (PostgreSQL) that a test can break on purpose: the
 * app sees exactly what a database outage or a broken network looks like on the wire.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket; lost: boolean }>();
  let held = false;
  let heldBytes = 0;
  let server: Server | undefined;
  let port = 0;

  const accept = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream, lost: false };
    pairs.add(pair);
    const relay = (from: Socket, to: Socket) => {
      from.on('data', (chunk: Buffer) => {
        if (held) {
          // Swallowed, not queued: a dead link loses what was sent into it.
          if (from === client) heldBytes += chunk.length;
          pair.lost = true;
          return;
        }
        to.write(chunk);
      });
    };
    relay(client, upstream);
    relay(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  };

  const listen = async () => {
    server = createServer(accept);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : port;
  };

  const cut = async () => {
    const closing = server;
    server = undefined;
    // resetAndDestroy sends RST, as a crashed host or a dropped route would.
    for (const { client, upstream } of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    heldBytes: () => heldBytes,
    hold: () => {
      held = true;
    },
    cut,
    restore: async () => {
      held = false;
      heldBytes = 0;
      // A connection that lost bytes cannot carry its protocol on: it ends, as after a timeout.
      for (const pair of pairs) {
        if (pair.lost) {
          pair.client.resetAndDestroy();
          pair.upstream.destroy();
          pairs.delete(pair);
        }
      }
      if (!server) await listen();
    },
    close: cut,
  };
}
