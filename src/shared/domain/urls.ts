import { isUploadRef } from '../uploads.js';

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

/**
 * The site's own image files: the template artwork and the builder's pictures. Any other path
 * here is one of our routes, and an image pointing at, say, `/auth/login` would make every
 * visitor of a public page request it. One plain file name, no `..`, no query.
 */
function isSiteImage(value: string): boolean {
  return (
    /^\/(?:templates\/art|images)\/[\w.-]+$/.test(value) &&
    /\.(?:svg|webp|png|jpe?g|gif|avif)$/.test(value) &&
    !value.includes('..')
  );
}

/** The templates' own sample artwork: a picture the person has not chosen yet. */
export function isTemplateArt(value: string): boolean {
  return value.startsWith('/templates/art/') && isSiteImage(value);
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

/** One label of a host name: letters, digits and inner hyphens. */
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const TOP_LEVEL = /^[a-z]{2,63}$/i;

/** `priyaraman.in/work`: a host name with a dot and a known-looking ending, then maybe a path. */
function isBareWebAddress(value: string): boolean {
  const end = value.search(/[/?#]/);
  const host = end === -1 ? value : value.slice(0, end);
  const labels = host.split('.');
  return (
    labels.length >= 2 &&
    labels.every((label) => HOST_LABEL.test(label)) &&
    TOP_LEVEL.test(labels[labels.length - 1]!) &&
    !/\s/.test(value)
  );
}

/**
 * A web address typed without its scheme gets `https://`, as a browser's address bar would do;
 * anything else is left for the link rule to accept or refuse.
 */
export function completeLink(value: string): string {
  return isBareWebAddress(value) ? `https://${value}` : value;
}

/** Links: http, https, mailto, tel, or a path on this site. Empty means "no link". */
export function isAllowedLink(value: string): boolean {
  return value === '' || isSitePath(value) || hasScheme(value, LINK_SCHEMES);
}

/**
 * Images: http, https, one of the site's own image files, or an uploaded image's reference
 * (`upload:<hash>:<w>x<h>`, see shared/uploads.ts). Empty means "no image".
 */
export function isAllowedImage(value: string): boolean {
  return (
    value === '' || isSiteImage(value) || isUploadRef(value) || hasScheme(value, IMAGE_SCHEMES)
  );
}

export const LINK_RULE =
  'must be a web address like example.com/work, or start with https://, mailto: or tel:';
export const IMAGE_RULE = 'must be an image address starting with http:// or https://';

/**
 * The value without trailing slashes. A loop rather than `/\/+$/`, which is quadratic on a long
 * run of slashes followed by anything else.
 */
export function trimTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === '/') end -= 1;
  return value.slice(0, end);
}
