import { LRUCache } from 'lru-cache';
import { prepareHead, type PreparedHead } from '../http/prepared-head.js';
import { ownCopy } from '../own-string.js';
import type { Encoding } from '../http/content-encoding.js';

/** Header names (lowercase) and values, as Node's writeHead takes them. */
export type HeaderMap = Record<string, string | number | string[]>;

export interface CachedPage {
  /** What the page was rendered from (the portfolio's updated_at and template). */
  sourceVersion: string;
  /** Which templates rendered it (page-renderer.ts): a page of older ones is dropped in time. */
  templateVersion: string;
  /** The stored page's tag: another process storing a newer rendering changes it. */
  etag: string;
  /**
   * Until when (epoch ms) the page may be shown: the end of its term's grace period, 0 once its
   * owner took it offline. Later views read the page and its term from the store again.
   */
  servedUntil: number;
  /**
   * The page in the encodings asked for so far (each read from the store on its first view), so
   * memory holds only what visitors use: mostly brotli.
   */
  bodies: Partial<Record<Encoding, Buffer>>;
  /**
   * The answer in each encoding (the security headers and the page's own, page-answers.ts), made
   * on the page's first view in the encoding and sent as it is by the fast path and the route.
   */
  headers: Partial<Record<Encoding, CachedAnswer>>;
  /** The page's Content-Security-Policy, naming its own image origins (page-csp.ts). */
  csp: string;
}

/**
 * What the answers of many pages share: every header but the page's tag and length (the hooks'
 * headers, the page's type, encoding, caching and its Content-Security-Policy), checked and
 * serialized once and shared (SharedValues).
 */
export interface AnswerShape {
  /** The 200 answer's headers but ETag and Content-Length. */
  ok: HeaderMap;
  /** The same without the body's own headers (type, encoding): what a 304 carries. */
  notModified: HeaderMap;
  /** The status line and `ok`'s lines, which each page's own head continues. */
  head: PreparedHead;
}

/** One page's answer in one encoding: its shape, its tag and length, and its head. */
export interface CachedAnswer {
  etag: string;
  length: number;
  shape: AnswerShape;
  /** The shape's head and this page's ETag and Content-Length: what a view from memory sends. */
  okHead: PreparedHead;
}

/** Headers a 304 does not carry: they describe a body it has not got. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding']);
/** The headers each page's answer has of its own. */
const PAGE_OWN_HEADERS = new Set(['etag', 'content-length']);

/** Headers by name, as writeHead and a Fastify reply take them. */
export type SentHeaders = Record<string, string | number | string[] | undefined>;

export function answerShape(sent: SentHeaders): AnswerShape {
  const ok: HeaderMap = {};
  const notModified: HeaderMap = {};
  for (const [sentName, value] of Object.entries(sent)) {
    // Lowercase, as Node compares them: each mixed-case name would be lowercased again on
    // every answer that writeHead sends.
    const name = sentName.toLowerCase();
    if (value === undefined || PAGE_OWN_HEADERS.has(name)) continue;
    ok[name] = value;
    if (!BODY_HEADERS.has(name)) notModified[name] = value;
  }
  return { ok, notModified, head: prepareHead(200, ok) };
}

export function cachedAnswer(shape: AnswerShape, etag: string, length: number): CachedAnswer {
  const okHead = prepareHead(200, { etag, 'content-length': length }, shape.head);
  return { etag, length, shape, okHead };
}

/** The 200 answer's headers, for writeHead (when a prepared head cannot be sent). */
export function okHeaders(answer: CachedAnswer): HeaderMap {
  return { ...answer.shape.ok, etag: answer.etag, 'content-length': answer.length };
}

/** The 304 answer's headers. */
export function notModifiedHeaders(answer: CachedAnswer): HeaderMap {
  return { ...answer.shape.notModified, etag: answer.etag };
}

/**
 * How many policies and answer shapes are kept (SharedValues), and the longest key kept: a page
 * with image origins of its own has a policy, and shapes, of its own, and a policy naming many
 * long hosts is made for its page alone (counted with it, cachedPageBytes) rather than kept.
 */
const MAX_SHARED = 256;
const MAX_SHARED_KEY_LENGTH = 4096;

/**
 * Values made once for each key and shared by whatever asks with that key (pages answered
 * alike share one answer shape, and one policy text), forgotten all at once when too many are
 * kept: what took one keeps it.
 */
export class SharedValues<Value> {
  private readonly values = new Map<string, Value>();

  constructor(
    private readonly max = MAX_SHARED,
    private readonly maxKeyLength = MAX_SHARED_KEY_LENGTH,
  ) {}

  get(key: string, make: () => Value): Value {
    if (key.length > this.maxKeyLength) return make();
    let value = this.values.get(key);
    if (value === undefined) {
      if (this.values.size >= this.max) this.values.clear();
      value = make();
      this.values.set(ownCopy(key), value);
    }
    return value;
  }
}

/** The page object, its key and its map entry (its policy is counted by its length). */
const ENTRY_BYTES = 1024;
/**
 * One encoding's answer (CachedAnswer): its object, its head's object and the head's own lines
 * (the page's tag and length; the rest is its shape's, shared), rounded up from what a heap
 * snapshot shows (decision 0010). Counted for each body the
 * page holds: the answer in an encoding is made on the first view in it, right after its body
 * is kept (and counted).
 */
const ANSWER_BYTES = 320;

/**
 * A page's bytes as the cache counts them. Its policy text is counted once for the page and
 * once per answer, as if neither were shared: a page whose images come from hosts of its own has
 * a policy, and an answer shape holding it, of its own (most pages share both, and are counted a
 * few hundred bytes over).
 */
export function cachedPageBytes(page: CachedPage): number {
  const policy = page.csp.length;
  let bytes = ENTRY_BYTES + policy;
  for (const body of Object.values(page.bodies)) bytes += body.length + ANSWER_BYTES + policy;
  return bytes;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  evictions: number;
  entries: number;
  bytes: number;
  maxBytes: number;
}

/**
 * Rendered pages by username: a least-recently-used cache (lru-cache) bounded by the bytes its
 * pages hold (cachedPageBytes), so pages people keep viewing stay while pages nobody viewed
 * lately go first. A page larger than the whole cache is served but not kept. This class adds
 * what the metrics read: hits, misses and evictions.
 */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private hits = 0;
  private misses = 0;
  private evictions = 0;
  /** Since the process started, for the metrics (takeStats resets the others). */
  private readonly totals = { hits: 0, misses: 0, evictions: 0 };

  constructor(readonly maxBytes: number) {
    this.pages = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: cachedPageBytes,
      // Replaced and deleted pages are not evictions: only pages pushed out by others are.
      dispose: (_page, _username, reason) => {
        if (reason === 'evict') this.evictions += 1;
      },
    });
  }

  get(username: string): CachedPage | undefined {
    const page = this.pages.get(username);
    if (page) this.hits += 1;
    else this.misses += 1;
    return page;
  }

  /** The page without counting a view or changing recency (for checks, not for answers). */
  peek(username: string): CachedPage | undefined {
    return this.pages.peek(username);
  }

  set(username: string, page: CachedPage): void {
    // A key of its own: the one given may be cut from the request's path (the cache keeps the
    // first key it was given for a username).
    this.pages.set(ownCopy(username), page);
  }

  /** The usernames held now (a copy: callers may delete while they go through it). */
  usernames(): string[] {
    return [...this.pages.keys()];
  }

  delete(username: string): void {
    this.pages.delete(username);
  }

  /** Drops every page `test` picks; returns how many. */
  deleteWhere(test: (page: CachedPage) => boolean): number {
    // Picked first, then deleted: the cache's iterators do not allow deleting as they go.
    const picked: string[] = [];
    for (const [username, page] of this.pages.entries()) if (test(page)) picked.push(username);
    for (const username of picked) this.pages.delete(username);
    return picked.length;
  }

  /** Counters since the process started, and the current size. */
  totalStats(): PageCacheStats {
    return {
      hits: this.totals.hits + this.hits,
      misses: this.totals.misses + this.misses,
      evictions: this.totals.evictions + this.evictions,
      entries: this.pages.size,
      bytes: this.pages.calculatedSize,
      maxBytes: this.maxBytes,
    };
  }

  /** Counters since the last call (hits, misses, evictions) and the current size. */
  takeStats(): PageCacheStats {
    this.totals.hits += this.hits;
    this.totals.misses += this.misses;
    this.totals.evictions += this.evictions;
    const stats = {
      hits: this.hits,
      misses: this.misses,
      evictions: this.evictions,
      entries: this.pages.size,
      bytes: this.pages.calculatedSize,
      maxBytes: this.maxBytes,
    };
    this.hits = 0;
    this.misses = 0;
    this.evictions = 0;
    return stats;
  }
}
