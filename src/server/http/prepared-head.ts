import {
  STATUS_CODES,
  validateHeaderName,
  validateHeaderValue,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { ownCopy } from '../own-string.js';

/**
 * A status line and headers serialized and checked once, for an answer sent many times over
 * (a public page from memory): `writePreparedHead` hands Node the finished head instead of
 * having `writeHead` check every name and value against its patterns and join them again on
 * each request, a sizeable share of what a small answer costs Node (decision 0010).
 */
export interface PreparedHead {
  status: number;
  statusMessage: string;
  /**
   * The status line and every header line, without the Date, Connection and Keep-Alive lines
   * Node adds or the blank line that ends the head.
   */
  lines: string;
  /**
   * Whether Node would end this head as `writePreparedHead` does: it has a Content-Length (else
   * Node may frame the body by closing), no repeated header (Node joins some on one line), none
   * of the headers that change what Node adds, and a status that carries a body.
   */
  preparable: boolean;
  /** What `preparable` is made of, for a head prepared after this one. */
  hasLength: boolean;
  changesNodesLines: boolean;
}

/** Headers whose presence changes the lines Node adds after the answer's own. */
const HEADERS_THAT_CHANGE_NODES_LINES =
  /^(?:date|connection|keep-alive|transfer-encoding|trailer|expect)$/i;

/**
 * Prepares `headers` for `status`; given `after`, a head prepared for the same status, its
 * lines come first and are shared, not copied: many pages' answers differ only in their tag and
 * length, and each then holds a few dozen bytes of its own instead of the whole head. `headers`
 * must not name a header `after` has (the caller's to keep apart, as answerShape does): both
 * lines would be sent, where writeHead with the two merged sends one.
 */
export function prepareHead(
  status: number,
  headers: OutgoingHttpHeaders,
  after?: PreparedHead,
): PreparedHead {
  if (after && after.status !== status) throw new Error('a head continues one of its own status');
  const statusMessage = STATUS_CODES[status] ?? 'unknown';
  let lines = after ? '' : `HTTP/1.1 ${status} ${statusMessage}\r\n`;
  let hasLength = after?.hasLength ?? false;
  let changesNodesLines = after?.changesNodesLines ?? false;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    // The checks writeHead would make: a value that fails them throws here, once.
    validateHeaderName(name);
    for (const one of Array.isArray(value) ? value : [value]) {
      validateHeaderValue(name, String(one));
      lines += `${name}: ${one}\r\n`;
    }
    hasLength ||= name.toLowerCase() === 'content-length';
    changesNodesLines ||= HEADERS_THAT_CHANGE_NODES_LINES.test(name) || Array.isArray(value);
  }
  return {
    status,
    statusMessage,
    // Its own lines as one flat string, not the tree of pieces `+=` leaves; after shared ones,
    // two pieces on purpose (Node flattens only the per-request string that joins its own lines
    // to these): it is kept as long as the page is.
    lines: after ? after.lines + ownCopy(lines) : ownCopy(lines),
    // 1xx, 204 and 304 carry no body: writeHead marks them so, which this does not do.
    preparable:
      hasLength && !changesNodesLines && status >= 200 && status !== 204 && status !== 304,
    hasLength,
    changesNodesLines,
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
  /** True once removeHeader('connection') asked Node to send no Connection line. */
  _removedConnection?: boolean;
  /** A client that sent Expect: 100-continue and was not answered 100: Node closes after. */
  _expect_continue?: boolean;
  _sent100?: boolean;
  /** Node checks the body against Content-Length it parsed from the head writeHead made. */
  strictContentLength?: boolean;
}

/** Date, Connection and Keep-Alive lines and the blank line, for the current second. */
let closingLines = '';
let closingLinesUntil = 0;
let closingLinesTimeout = -1;

function closingLinesFor(keepAliveTimeoutMs: number): string {
  const now = Date.now();
  // A clock set back must not leave Date behind until it catches up.
  const stale = now >= closingLinesUntil || now < closingLinesUntil - 1000;
  if (stale || keepAliveTimeoutMs !== closingLinesTimeout) {
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
 * answer: a head that is not `preparable`, a connection to close, a server that limits requests
 * per connection or keeps none open, a head already written, headers set or a Connection header
 * removed before, an Expect: 100-continue not yet answered, a strict Content-Length check, or a
 * Node whose writer keeps its state elsewhere. The caller then calls writeHead as usual.
 * prepared-head.test.ts compares the bytes on the wire with writeHead's in each of these cases,
 * so a Node release that changes its writer fails there first.
 */
export function writePreparedHead(response: ServerResponse, head: PreparedHead): boolean {
  const writer = response as ServerResponse & ResponseWriterState;
  const keepAliveTimeout = writer._keepAliveTimeout ?? 0;
  if (
    !head.preparable ||
    writer._header !== null ||
    // Node adds no Keep-Alive line for 0 (or anything falsy): those go to writeHead.
    !(keepAliveTimeout > 0) ||
    writer._defaultKeepAlive !== true ||
    writer._removedConnection !== false ||
    (writer._expect_continue === true && writer._sent100 !== true) ||
    writer.strictContentLength === true ||
    !response.shouldKeepAlive ||
    (writer._maxRequestsPerSocket ?? 0) > 0 ||
    !response.sendDate ||
    response.getHeaderNames().length > 0
  ) {
    return false;
  }
  response.statusCode = head.status;
  response.statusMessage = head.statusMessage;
  writer._header = head.lines + closingLinesFor(keepAliveTimeout);
  return true;
}
