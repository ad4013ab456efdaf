/**
 * A social link's icon follows its address: a Facebook address shows Facebook's mark whatever
 * icon was stored with it, so a link edited from one network to another never shows the wrong
 * one. Networks are known by their host names (and the hosts under them); any other web address
 * is a website, mailto: an email, tel: a phone.
 */
import type { SocialIcon } from './icons.js';

const NETWORK_HOSTS: ReadonlyArray<readonly [SocialIcon, readonly string[]]> = [
  ['whatsapp', ['wa.me', 'whatsapp.com']],
  ['telegram', ['t.me', 'telegram.me', 'telegram.org']],
  ['instagram', ['instagram.com', 'instagr.am']],
  ['facebook', ['facebook.com', 'fb.com', 'fb.me']],
  ['linkedin', ['linkedin.com', 'lnkd.in']],
  ['twitter', ['x.com', 'twitter.com']],
  ['youtube', ['youtube.com', 'youtu.be']],
  ['github', ['github.com', 'github.io']],
  ['behance', ['behance.net']],
  ['dribbble', ['dribbble.com']],
  ['medium', ['medium.com']],
  ['substack', ['substack.com']],
  ['threads', ['threads.net', 'threads.com']],
  ['bluesky', ['bsky.app', 'bsky.social']],
  // Mastodon runs on thousands of servers; these are the largest, and the rest say so in their name.
  [
    'mastodon',
    ['mastodon.social', 'mastodon.online', 'mstdn.social', 'fosstodon.org', 'hachyderm.io'],
  ],
  ['pinterest', ['pinterest.com', 'pinterest.co.uk', 'pin.it']],
  ['vimeo', ['vimeo.com']],
  ['soundcloud', ['soundcloud.com']],
  ['spotify', ['spotify.com', 'spotify.link']],
];

const isUnder = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The icon for a link's address; `fallback` when the address is empty or not one we can read. */
export function socialIconFor(url: string, fallback: SocialIcon = 'website'): SocialIcon {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return fallback;
  }
  if (parsed.protocol === 'mailto:') return 'email';
  if (parsed.protocol === 'tel:') return 'phone';
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return fallback;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  for (const [icon, domains] of NETWORK_HOSTS) {
    if (domains.some((domain) => isUnder(host, domain))) return icon;
  }
  // Other Mastodon servers usually carry the name (mastodon.art); Pinterest has a domain per country.
  const labels = host.split('.');
  if (labels.includes('mastodon')) return 'mastodon';
  if (labels.slice(-3, -1).includes('pinterest')) return 'pinterest';
  return 'website';
}

/**
 * A WhatsApp chat link for a phone number as people type it. wa.me wants the full international
 * number in digits: a leading + or 00 gives the country code; a number without one is taken as
 * Indian (ten digits, or eleven with the trunk 0). Undefined when it cannot be a phone number.
 */
export function whatsappLinkFor(tel: string): string | undefined {
  const trimmed = tel.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // As written.
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (digits.length === 11 && digits.startsWith('0')) {
    digits = `91${digits.slice(1)}`;
  } else if (digits.length === 10) {
    digits = `91${digits}`;
  }
  return digits.length >= 8 && digits.length <= 15 ? `https://wa.me/${digits}` : undefined;
}
