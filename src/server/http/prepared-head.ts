import {
  STATUS_CODES,
  validateHeaderName,
  validateHeaderValue,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';

/**
 * A status line and headers serialized and checked once, for an answer sent many times over
 * (a public page from memory): `writePreparedHead` hands Node the finished head instead of
 * having `writeHead` check every name and value against its patterns and join them again on
 * each request, which is most of what a small answer costs Node (decision 0010).
 */
export interface PreparedHead {
  status: number;
  /** The status line and every header line, without Date, Connection or the closing blank line. */
  lines: string;
  /**
   * Whether Node would end this head as `writePreparedHead` does: it has a Content-Length (else
   * Node may frame the body by closing) and none of the headers that change what Node adds.
   */
  preparable: boolean;
  /**
   * The whole head as last sent, and the closing lines it was made with: one string for every
   * answer in the same second, which V8 makes flat once rather than once per answer.
   */
  sent?: { head: string; closing: string };
}

/** Headers whose presence changes the lines Node adds after the answer's own. */
const HEADERS_NODE_WEIGHS = /^(?:date|connection|keep-alive|transfer-encoding|trailer|expect)$/i;

export function prepareHead(status: number, headers: OutgoingHttpHeaders): PreparedHead {
  let lines = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'unknown'}\r\n`;
  let hasLength = false;
  let weighed = false;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    // The checks writeHead would make: a value that fails them throws here, once.
    validateHeaderName(name);
    for (const one of Array.isArray(value) ? value : [value]) {
      validateHeaderValue(name, String(one));
      lines += `${name}: ${one}\r\n`;
    }
    hasLength ||= name.toLowerCase() === 'content-length';
    weighed ||= HEADERS_NODE_WEIGHS.test(name);
  }
  return {
    status,
    lines,
    // 1xx, 204 and 304 carry no body: writeHead marks them so, which this does not do.
    preparable: hasLength && !weighed && status >= 200 && status !== 204 && status !== 304,
  };
}

/** The parts of Node's response writer (lib/_http_outgoing.js) a prepared head stands in for. */
interface ResponseWriterState {
  /** The head to send before the first body bytes; null until writeHead stores one. */
  _header?: string | null;
  /** The server's keepAliveTimeout, given to each response. */
  _keepAliveTimeout?: number;
  /** False once the answer sets a Keep-Alive header of its own. */
  _defaultKeepAlive?: boolean;
  /** server.maxRequestsPerSocket: when set, Node names it in the Keep-Alive line. */
  _maxRequestsPerSocket?: number;
}

/** Date, Connection and Keep-Alive lines and the blank line, for the current second. */
let closingLines = '';
let closingLinesUntil = 0;
let closingLinesTimeout = -1;

function closingLinesFor(keepAliveTimeoutMs: number): string {
  const now = Date.now();
  if (now >= closingLinesUntil || keepAliveTimeoutMs !== closingLinesTimeout) {
    const second = now - (now % 1000);
    closingLines =
      `Date: ${new Date(second).toUTCString()}\r\n` +
      'Connection: keep-alive\r\n' +
      `Keep-Alive: timeout=${Math.floor(keepAliveTimeoutMs / 1000)}\r\n\r\n`;
    closingLinesUntil = second + 1000;
    closingLinesTimeout = keepAliveTimeoutMs;
  }
  return closingLines;
}

/**
 * Gives `response` the prepared head, exactly as `writeHead(head.status, headers)` would have
 * written it on a connection that stays open: the same lines, then Date, `Connection:
 * keep-alive` and `Keep-Alive: timeout=N`. Returns false, having done nothing, for any other
 * answer (a connection to close, a server that limits requests per connection, a head already
 * written or begun, headers set with setHeader, a Node whose writer keeps its state elsewhere):
 * the caller then calls writeHead as usual. prepared-head.test.ts compares the bytes on the
 * wire with writeHead's, so a Node release that changes its writer fails there first.
 */
export function writePreparedHead(response: ServerResponse, head: PreparedHead): boolean {
  const writer = response as ServerResponse & ResponseWriterState;
  if (
    !head.preparable ||
    writer._header !== null ||
    typeof writer._keepAliveTimeout !== 'number' ||
    writer._keepAliveTimeout <= 0 ||
    writer._defaultKeepAlive !== true ||
    !response.shouldKeepAlive ||
    (writer._maxRequestsPerSocket ?? 0) > 0 ||
    !response.sendDate ||
    response.getHeaderNames().length > 0
  ) {
    return false;
  }
  response.statusCode = head.status;
  response.statusMessage = STATUS_CODES[head.status] ?? 'unknown';
  const closing = closingLinesFor(writer._keepAliveTimeout);
  if (head.sent?.closing !== closing) head.sent = { head: head.lines + closing, closing };
  writer._header = head.sent.head;
  return true;
}
