/**
 * What a URL in user data may be. Anything else (javascript:, data:, vbscript:, protocol-relative
 * //host, backslash tricks) is refused, so nothing a user types can run as script anywhere.
 */
const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'] as const;
const IMAGE_SCHEMES = ['http:', 'https:'] as const;

/** A path on our own site, e.g. the sample artwork `/templates/art/portrait.svg`. */
function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value);
}

function hasScheme(value: string, schemes: readonly string[]): boolean {
  // Control characters and whitespace inside a URL are how scheme filters get bypassed.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f]/.test(value)) return false;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false;
  }
  if (!schemes.includes(parsed.protocol)) return false;
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.hostname !== '';
  return value.length > parsed.protocol.length;
}

/** Links: http, https, mailto, tel, or a path on this site. Empty means "no link". */
export function isAllowedLink(value: string): boolean {
  return value === '' || isSitePath(value) || hasScheme(value, LINK_SCHEMES);
}

/** Images: http, https, or a path on this site. Empty means "no image". */
export function isAllowedImage(value: string): boolean {
  return value === '' || isSitePath(value) || hasScheme(value, IMAGE_SCHEMES);
}

export const LINK_RULE = 'must start with http://, https://, mailto: or tel:';
export const IMAGE_RULE = 'must be an image address starting with http:// or https://';
