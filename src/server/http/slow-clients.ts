/**
 * What one client may hold of the server's connections and time. Node bounds a request's headers
 * and its whole arrival only loosely (a request may take minutes), so a client sending a byte now
 * and then could hold a connection each, and thousands of them the process's open files, while
 * nobody else got in. Here:
 * - headers must arrive within `headersMs`;
 * - a body must keep arriving at `minBodyBytesPerSecond` on average, counted from its request's
 *   start once `bodyGraceMs` has passed (a phone's slow upload is far faster than this);
 * - one address (an IPv6 /64) may hold `maxConnectionsPerAddress` connections at once, and an
 *   IPv6 /48 four times that, unless it is a proxy the server trusts, whose connections carry many
 *   people's requests;
 * - the process holds at most `maxConnections`, well under its open-file limit, so that a flood
 *   from many addresses refuses new connections instead of breaking every request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ipNetwork } from '../net/ip-network.js';

export interface SlowClientLimits {
  headersMs: number;
  bodyGraceMs: number;
  minBodyBytesPerSecond: number;
  maxConnectionsPerAddress: number;
  maxConnections: number;
  /** How often bodies under way are looked at, and Node checks its own timeouts. */
  checkEveryMs: number;
}

export const SLOW_CLIENT_LIMITS: SlowClientLimits = {
  headersMs: 15_000,
  bodyGraceMs: 15_000,
  minBodyBytesPerSecond: 1024,
  maxConnectionsPerAddress: 256,
  maxConnections: 10_000,
  checkEveryMs: 2000,
};

/** What a socket read delivers at most: the body a request's headers can bring with them. */
const ONE_READ = 64 * 1024;

interface BodyUnderWay {
  request: IncomingMessage;
  socket: Socket;
  startedAt: number;
  bytesBefore: number;
}

/**
 * An HTTP server whose clients are held to `limits`; `listener` answers what gets through.
 * `isTrustedProxy` says which peers carry many people's requests (TRUST_PROXY).
 */
export function createGuardedServer(
  limits: SlowClientLimits,
  isTrustedProxy: (address: string) => boolean,
  listener: (request: IncomingMessage, response: ServerResponse) => void,
): Server {
  const watchBody = bodyWatch(limits);
  const server = createServer(
    {
      headersTimeout: limits.headersMs,
      // The body has its own rule (bodyWatch); this would bound the arrival of anything else.
      requestTimeout: 0,
      connectionsCheckingInterval: limits.checkEveryMs,
    },
    (request, response) => {
      watchBody.watch(request);
      listener(request, response);
    },
  );
  server.maxConnections = limits.maxConnections;
  server.on('connection', connectionCap(limits, isTrustedProxy));
  server.on('close', watchBody.stop);
  return server;
}

/**
 * Counts each address's connections (an IPv6 /64, and all of its /48 together, which one
 * customer may hold whole) and closes one past either cap.
 */
function connectionCap(limits: SlowClientLimits, isTrustedProxy: (address: string) => boolean) {
  const held = new Map<string, number>();
  const caps: [bits: 48 | 64, cap: number][] = [
    [64, limits.maxConnectionsPerAddress],
    [48, limits.maxConnectionsPerAddress * 4],
  ];
  return (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isTrustedProxy(address)) return;
    const keys = caps.map(([bits, cap]) => ({ key: `${bits} ${ipNetwork(address, bits)}`, cap }));
    // An IPv4 address is its own /64 and /48: count it once.
    const distinct = keys.filter(
      (each, index) => keys.findIndex((k) => k.key === each.key) === index,
    );
    if (distinct.some(({ key, cap }) => (held.get(key) ?? 0) >= cap)) {
      socket.destroy();
      return;
    }
    for (const { key } of distinct) held.set(key, (held.get(key) ?? 0) + 1);
    socket.once('close', () => {
      for (const { key } of distinct) {
        const left = (held.get(key) ?? 1) - 1;
        if (left <= 0) held.delete(key);
        else held.set(key, left);
      }
    });
  };
}

/** Cuts requests whose bodies arrive slower than the limit allows. */
function bodyWatch(limits: SlowClientLimits) {
  const bodies = new Set<BodyUnderWay>();
  let timer: NodeJS.Timeout | undefined;
  const look = () => {
    const now = Date.now();
    for (const body of bodies) {
      const { request, socket } = body;
      if (request.complete || socket.destroyed) {
        bodies.delete(body);
        continue;
      }
      const elapsed = now - body.startedAt;
      if (elapsed < limits.bodyGraceMs) continue;
      const arrived = socket.bytesRead - body.bytesBefore;
      if (arrived < (limits.minBodyBytesPerSecond * elapsed) / 1000) {
        bodies.delete(body);
        socket.destroy();
      }
    }
    if (bodies.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  return {
    watch(request: IncomingMessage): void {
      if (request.complete || !hasBody(request)) return;
      const socket = request.socket;
      // What arrived with the headers has been read by now and is this body's, as long as it
      // came in the same read; counting from one read back credits it, and not what an earlier
      // request on the connection sent.
      const bytesBefore = Math.max(0, socket.bytesRead - ONE_READ);
      bodies.add({ request, socket, startedAt: Date.now(), bytesBefore });
      if (!timer) {
        timer = setInterval(look, limits.checkEveryMs);
        timer.unref();
      }
    },
    stop: () => clearInterval(timer),
  };
}

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}
