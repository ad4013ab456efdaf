/** How a response's body is encoded: the encodings our pages are stored and sent in. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** Does the client name gzip among the encodings it accepts (q-values not weighed, as below)? */
export function acceptsGzip(accept: string | undefined): boolean {
  return !!accept && /\bgzip\b/i.test(accept);
}

/** The best encoding the client accepts (q-values are not weighed: browsers do not send 0). */
export function pickEncoding(accept: string | undefined): Encoding {
  if (!accept) return 'identity';
  if (/\bbr\b/i.test(accept)) return 'br';
  return acceptsGzip(accept) ? 'gzip' : 'identity';
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
