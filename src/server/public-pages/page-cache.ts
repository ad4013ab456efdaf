/** Header names (lowercase) and values, as Node's writeHead takes them. */
export type HeaderMap = Record<string, string | number | string[]>;

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (q-values are not weighed: browsers do not send 0). */
export function pickEncoding(accept: string | undefined): Encoding {
  if (!accept) return 'identity';
  const offered = accept.toLowerCase();
  if (/\bbr\b/.test(offered)) return 'br';
  if (/\bgzip\b/.test(offered)) return 'gzip';
  return 'identity';
}

/** Each representation has its own tag, as HTTP asks of strong validators. */
export function etagForEncoding(etag: string, encoding: Encoding): string {
  return encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;
}

/** Does an If-None-Match header name this tag (or `*`)? */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag || header === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export interface CachedPage {
  /** The portfolio's updated_at and template: what the page was rendered from. */
  version: string;
  /**
   * The page generation read before the portfolio was last read from the database: while the
   * store's generation is still this one, nothing published has changed since.
   */
  generation: number;
  etag: string;
  /** The page in each encoding we send, compressed once when rendered. */
  bodies: Record<Encoding, Buffer>;
  /**
   * The headers of a 200 answer in each encoding, exactly as the full (Fastify) path sent them,
   * so that the fast path replays them without running any hook. Filled on first full answer.
   */
  headers: Partial<Record<Encoding, CachedAnswer>>;
}

export interface CachedAnswer {
  etag: string;
  ok: HeaderMap;
  /** The same without the body's own headers (type, length, encoding). */
  notModified: HeaderMap;
}

/** Headers a 304 does not carry: they describe a body it has not got. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding']);

export function cachedAnswer(
  etag: string,
  sent: Record<string, string | number | string[] | undefined>,
): CachedAnswer {
  const ok: HeaderMap = {};
  const notModified: HeaderMap = {};
  for (const [name, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    ok[name] = value;
    if (!BODY_HEADERS.has(name)) notModified[name] = value;
  }
  return { etag, ok, notModified };
}

/** Rendered pages by username, least recently rendered dropped first beyond the limit. */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(private readonly limit = 1000) {}

  get(username: string): CachedPage | undefined {
    return this.pages.get(username);
  }

  set(username: string, page: CachedPage): void {
    this.pages.delete(username);
    this.pages.set(username, page);
    if (this.pages.size > this.limit) this.pages.delete(this.pages.keys().next().value!);
  }

  delete(username: string): void {
    this.pages.delete(username);
  }
}
