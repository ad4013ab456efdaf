import { imageValuesIn } from '../../shared/domain/images.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { isUploadRef } from '../../shared/uploads.js';

/**
 * The origins a portfolio's images are fetched from, other than our own: each http(s) address
 * the person gave, and the media base when it is another host (a CDN) and the page shows an
 * upload. Sorted and without repeats, so the same portfolio always gives the same policy.
 */
export function imageOriginsOf(data: PortfolioData, mediaBase: string): string[] {
  const origins = new Set<string>();
  for (const { value } of imageValuesIn(data)) {
    const address = isUploadRef(value) ? mediaBase : value;
    const origin = originOf(address);
    if (origin) origins.add(origin);
  }
  return [...origins].sort();
}

/**
 * What a policy may name: scheme, a host of letters, digits, dots and hyphens (punycode for
 * others), and a port. A URL's host may hold `;`, `,` or `*`, which would end the directive or
 * widen it; such an image, or one on an IPv6 address (which a policy cannot name), stays blocked.
 */
const NAMEABLE_ORIGIN = /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/;

/** `https://host:port` of an absolute http(s) address; undefined for our own paths. */
function originOf(address: string): string | undefined {
  if (!/^https?:\/\//i.test(address)) return undefined;
  try {
    const origin = new URL(address).origin;
    return NAMEABLE_ORIGIN.test(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Public pages run no inline script, load nothing from elsewhere but images, and may be framed
 * only by us. Images come from our own origin and from `imageOrigins`, the page's own list
 * (imageOriginsOf, kept with the stored page); a page stored before the list was kept (null)
 * allows any web image until it is rendered again. Pages that show none of the person's images
 * (not found, unavailable, the contact answer) pass none. A preview (`preview`) has its contact
 * form closed, so it may send nothing; a shared preview loads no script either, while a template's
 * preview runs the page's script as its published page would (`pageScript`).
 */
export function publicPageCsp(
  https: boolean,
  imageOrigins: readonly string[] | null = [],
  { preview = false, pageScript = !preview }: { preview?: boolean; pageScript?: boolean } = {},
): string {
  const images = imageOrigins === null ? ['https:', 'http:'] : imageOrigins;
  return [
    "default-src 'self'",
    pageScript ? "script-src 'self'" : "script-src 'none'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self'", ...images].join(' '),
    "font-src 'self'",
    // Our script sends the contact form to our own server (and asks it for a start token);
    // crawlers' page tools (Lighthouse among them) fetch /robots.txt from inside the page.
    pageScript ? "connect-src 'self'" : "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    preview ? "form-action 'none'" : "form-action 'self'",
    "frame-ancestors 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
