/**
 * Links people paste into an image field that are web pages, not images: the share links of
 * photo and drive services. A page cannot be shown as an `<img>`, so the portfolio would show a
 * broken image; the editor says so and suggests uploading the file instead. Pure, no Node or DOM
 * APIs beyond URL; every pattern is anchored and free of nested repetition (linear time).
 */

/** The service a share link belongs to, named in the hint. */
export interface SharePage {
  service: string;
}

interface ShareRule {
  service: string;
  /** Host names the rule applies to (exactly, or `www.` before them). */
  hosts: readonly string[];
  /** True when this URL on those hosts is a page rather than a file. */
  isPage: (url: URL) => boolean;
}

const anyPath = () => true;

const RULES: readonly ShareRule[] = [
  {
    service: 'Google Drive',
    hosts: ['drive.google.com', 'docs.google.com'],
    // `/file/d/<id>/view`, `/open?id=`, `/drive/folders/...`: pages. `uc?export=view` serves bytes.
    isPage: (url) => url.pathname !== '/uc',
  },
  { service: 'Google Photos', hosts: ['photos.app.goo.gl', 'photos.google.com'], isPage: anyPath },
  {
    service: 'Dropbox',
    hosts: ['dropbox.com'],
    // A shared file's page unless raw=1 asks for the file itself.
    isPage: (url) => /^\/(?:s|sh|scl)\//.test(url.pathname) && url.searchParams.get('raw') !== '1',
  },
  {
    service: 'Instagram',
    hosts: ['instagram.com'],
    isPage: (url) => /^\/(?:p|reel)\//.test(url.pathname),
  },
  { service: 'Flickr', hosts: ['flickr.com', 'flic.kr'], isPage: anyPath },
  {
    service: 'Imgur',
    hosts: ['imgur.com'],
    // imgur.com/<id> and imgur.com/a/<album> are pages; i.imgur.com/<id>.jpg is the file.
    isPage: (url) => !/\.[a-z0-9]{3,4}$/i.test(url.pathname),
  },
  { service: 'iCloud', hosts: ['icloud.com'], isPage: (url) => url.pathname.startsWith('/photos') },
  { service: 'OneDrive', hosts: ['onedrive.live.com', '1drv.ms'], isPage: anyPath },
];

function hostMatches(host: string, hosts: readonly string[]): boolean {
  const bare = host.startsWith('www.') ? host.slice(4) : host;
  return hosts.includes(bare);
}

/**
 * The service whose web page `value` points at, when it is a known share link rather than an
 * image file; undefined for image files, other addresses and anything that is not a URL.
 */
export function sharePageOf(value: string): SharePage | undefined {
  // No colon, no scheme: not a URL. Said here rather than by URL throwing, which is slow, and
  // the preview asks about every image field at each keystroke (most are empty or site paths).
  if (!value.includes(':')) return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  const rule = RULES.find((candidate) => hostMatches(host, candidate.hosts));
  return rule && rule.isPage(url) ? { service: rule.service } : undefined;
}

/** What the editor says under an image field holding such a link. */
export function sharePageHint(page: SharePage): string {
  return `This is a ${page.service} page, not an image file, so it would show as a broken image. Upload the photo instead, or use the address of the image itself (it usually ends in .jpg or .png).`;
}
