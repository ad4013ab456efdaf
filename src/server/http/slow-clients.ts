/**
 * What one client may hold of the server's connections and time. Node bounds a request's headers
 * and its whole arrival only loosely (a request may take minutes), so a client sending a byte now
 * and then could hold a connection each, and thousands of them the process's open files, while
 * nobody else got in. Here:
 * - headers must arrive within `headersMs`;
 * - a body must keep arriving at `minBodyBytesPerSecond` on average, counted from its request's
 *   start once `bodyGraceMs` has passed (a phone's slow upload is far faster than this);
 * - one address (an IPv6 /64) may hold `maxConnectionsPerAddress` connections at once, unless it
 *   is a proxy the server trusts, whose connections carry many people's requests;
 * - the process holds at most `maxConnections`, well under its open-file limit, so that a flood
 *   from many addresses refuses new connections instead of breaking every request.
 */
import type { IncomingMessage, Server, ServerOptions } from 'node:http';
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

/** The options a server needs at creation for these limits (Node reads them only then). */
export function slowClientServerOptions(limits: SlowClientLimits): ServerOptions {
  return {
    headersTimeout: limits.headersMs,
    // The body has its own rule below; this bounds the arrival of anything else.
    requestTimeout: 0,
    connectionsCheckingInterval: limits.checkEveryMs,
  };
}

interface BodyUnderWay {
  request: IncomingMessage;
  socket: Socket;
  startedAt: number;
  bytesBefore: number;
}

/**
 * Applies the limits to `server` (made with slowClientServerOptions) and returns what its
 * request listener calls first for each request.
 */
export function guardSlowClients(
  server: Server,
  limits: SlowClientLimits,
  isTrustedProxy: (address: string) => boolean,
): (request: IncomingMessage) => void {
  server.maxConnections = limits.maxConnections;
  const connections = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isTrustedProxy(address)) return;
    const network = ipNetwork(address, 64);
    const held = connections.get(network) ?? 0;
    if (held >= limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    connections.set(network, held + 1);
    socket.once('close', () => {
      const left = (connections.get(network) ?? 1) - 1;
      if (left <= 0) connections.delete(network);
      else connections.set(network, left);
    });
  });

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
  server.on('close', () => clearInterval(timer));

  // Where each connection's latest request began, in bytes read: what arrived with a request's
  // headers has been read by the time it is seen, so its body is counted from there, which
  // counts the request before it too (at most one request's worth of leniency).
  const requestStarts = new WeakMap<Socket, number>();
  return (request) => {
    const socket = request.socket;
    const bytesBefore = requestStarts.get(socket) ?? 0;
    requestStarts.set(socket, socket.bytesRead);
    if (request.complete || !hasBody(request)) return;
    bodies.add({ request, socket, startedAt: Date.now(), bytesBefore });
    if (!timer) {
      timer = setInterval(look, limits.checkEveryMs);
      timer.unref();
    }
  };
}

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}
