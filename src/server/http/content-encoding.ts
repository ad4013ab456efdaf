/** How a response's body is encoded: the encodings our pages are stored and sent in. */
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The longest Accept-Encoding header we read. Browsers send about 30 characters; a longer one
 * would cost each request more to weigh (a 16 KB header of q-values took milliseconds), so it
 * is answered with identity, which every client accepts.
 */
const MAX_ACCEPT_ENCODING = 256;

/** One item of the header: a coding and, if it has one, its q-value (RFC 9110 12.4.2). */
const ITEM =
  /^\s*([a-z0-9*!#$%&'+.^_`|~-]+)\s*(?:;\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*)?$/i;

/**
 * How much the client wants each compressed encoding, from an Accept-Encoding header with
 * q-values (RFC 9110 12.5.3): an encoding it names counts with its q-value (1 when it gives none),
 * `*` stands for those it does not name, q=0 refuses, and one it leaves out entirely it refuses.
 * An item that does not parse (a malformed q-value, another parameter) counts for nothing.
 */
function weights(accept: string): Record<'br' | 'gzip', number> {
  const named: Partial<Record<'br' | 'gzip' | '*', number>> = {};
  for (const item of accept.split(',')) {
    const parsed = ITEM.exec(item);
    if (!parsed) continue;
    // RFC 9110 asks that x-gzip be taken as gzip.
    const name = parsed[1]!.toLowerCase().replace(/^x-gzip$/, 'gzip');
    if (name !== 'br' && name !== 'gzip' && name !== '*') continue;
    named[name] = parsed[2] === undefined ? 1 : Number(parsed[2]);
  }
  return { br: named.br ?? named['*'] ?? 0, gzip: named.gzip ?? named['*'] ?? 0 };
}

/** A plain list ("gzip, deflate, br, zstd", as browsers send): no q-values or `*` to weigh. */
const isPlainList = (accept: string) => !accept.includes(';') && !accept.includes('*');

/** br and gzip (or x-gzip) named whole in a plain list: "x-br" is not brotli. */
const PLAIN_BR = /(?:^|,)\s*br\s*(?:,|$)/i;
const PLAIN_GZIP = /(?:^|,)\s*(?:x-)?gzip\s*(?:,|$)/i;

/** Does the client accept gzip? */
export function acceptsGzip(accept: string | undefined): boolean {
  if (!accept || accept.length > MAX_ACCEPT_ENCODING) return false;
  return isPlainList(accept) ? PLAIN_GZIP.test(accept) : weights(accept).gzip > 0;
}

/**
 * The best encoding the client accepts: brotli, else gzip, else identity (our pages have no
 * other form, so a client refusing identity gets it too). A browser's plain list is answered
 * with two looks, on the hot path; a header with q-values is weighed, so `br;q=0` never gets
 * brotli and `gzip;q=1, br;q=0.5` gets gzip.
 */
export function pickEncoding(accept: string | undefined): Encoding {
  if (!accept || accept.length > MAX_ACCEPT_ENCODING) return 'identity';
  if (isPlainList(accept)) {
    if (PLAIN_BR.test(accept)) return 'br';
    return PLAIN_GZIP.test(accept) ? 'gzip' : 'identity';
  }
  const { br, gzip } = weights(accept);
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
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
