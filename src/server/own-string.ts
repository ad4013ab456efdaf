/**
 * A string of its own, for text kept long after its request: V8 cuts a substring (a username out
 * of the path, an address out of X-Forwarded-For, the start of a browser's string) as a view of
 * the whole string, so holding the piece would hold the whole path or header. Header and path
 * text is latin1, so the round trip is exact.
 */
export const ownCopy = (text: string) => Buffer.from(text, 'latin1').toString('latin1');
