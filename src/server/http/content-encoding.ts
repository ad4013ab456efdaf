/** How a response's body is encoded: the encodings our pages are stored and sent in. */
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * How much the client wants each compressed encoding, from an Accept-Encoding header with
 * q-values (RFC 9110 12.5.3): an encoding it names counts with its q-value (1 when it gives none),
 * `*` stands for those it does not name, q=0 refuses, and one it leaves out entirely it refuses.
 */
function weights(accept: string): Record<'br' | 'gzip', number> {
  const named: Partial<Record<'br' | 'gzip' | '*', number>> = {};
  for (const item of accept.split(',')) {
    const [coding = '', ...params] = item.split(';');
    const name = coding.trim().toLowerCase();
    if (name !== 'br' && name !== 'gzip' && name !== '*') continue;
    const q = params
      .map((param) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param))
      .find(Boolean);
    named[name] = q ? Number(q[1]) : 1;
  }
  return { br: named.br ?? named['*'] ?? 0, gzip: named.gzip ?? named['*'] ?? 0 };
}

/** A plain list ("gzip, deflate, br, zstd", as browsers send): no q-values or `*` to weigh. */
const isPlainList = (accept: string) => !accept.includes(';') && !accept.includes('*');

/** Does the client accept gzip? */
export function acceptsGzip(accept: string | undefined): boolean {
  if (!accept) return false;
  return isPlainList(accept) ? /\bgzip\b/i.test(accept) : weights(accept).gzip > 0;
}

/**
 * The best encoding the client accepts: brotli, else gzip, else identity (our pages have no
 * other form, so a client refusing identity gets it too). A browser's plain list is answered
 * with one look, on the hot path; a header with q-values is weighed, so `br;q=0` never gets
 * brotli and `gzip;q=1, br;q=0.5` gets gzip.
 */
export function pickEncoding(accept: string | undefined): Encoding {
  if (!accept) return 'identity';
  if (isPlainList(accept)) {
    if (/\bbr\b/i.test(accept)) return 'br';
    return /\bgzip\b/i.test(accept) ? 'gzip' : 'identity';
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
