/**
 * A social link's icon follows its address: a Facebook address shows Facebook's mark whatever
 * icon was stored with it, so a link edited from one network to another never shows the wrong
 * one. Networks are known by their host names (and the hosts under them); any other web address
 * is a website, mailto: an email, tel: a phone.
 */
import type { SocialIcon } from './icons.js';

/**
 * The networks we know: the icon, the host names (and the hosts under them) an address of theirs
 * has, and where a username's profile lives, for a résumé file that names only the network and
 * the username (JSON Resume's profiles). The key is the network's name in such a file.
 */
interface Network {
  icon: SocialIcon;
  hosts: readonly string[];
  profile?: (user: string) => string;
  /** Other names a file may give it. */
  aliases?: readonly string[];
}

const NETWORKS: Readonly<Record<string, Network>> = {
  whatsapp: { icon: 'whatsapp', hosts: ['wa.me', 'whatsapp.com'] },
  telegram: { icon: 'telegram', hosts: ['t.me', 'telegram.me', 'telegram.org'] },
  instagram: {
    icon: 'instagram',
    hosts: ['instagram.com', 'instagr.am'],
    profile: (user) => `https://www.instagram.com/${user}`,
  },
  facebook: {
    icon: 'facebook',
    hosts: ['facebook.com', 'fb.com', 'fb.me'],
    profile: (user) => `https://www.facebook.com/${user}`,
  },
  linkedin: {
    icon: 'linkedin',
    hosts: ['linkedin.com', 'lnkd.in'],
    profile: (user) => `https://www.linkedin.com/in/${user}`,
  },
  twitter: {
    icon: 'twitter',
    hosts: ['x.com', 'twitter.com'],
    profile: (user) => `https://x.com/${user}`,
    aliases: ['x'],
  },
  youtube: {
    icon: 'youtube',
    hosts: ['youtube.com', 'youtu.be'],
    profile: (user) => `https://www.youtube.com/@${user}`,
  },
  github: {
    icon: 'github',
    hosts: ['github.com', 'github.io'],
    profile: (user) => `https://github.com/${user}`,
  },
  // No mark of its own: its links show as a website.
  gitlab: { icon: 'website', hosts: [], profile: (user) => `https://gitlab.com/${user}` },
  behance: {
    icon: 'behance',
    hosts: ['behance.net'],
    profile: (user) => `https://www.behance.net/${user}`,
  },
  dribbble: {
    icon: 'dribbble',
    hosts: ['dribbble.com'],
    profile: (user) => `https://dribbble.com/${user}`,
  },
  medium: {
    icon: 'medium',
    hosts: ['medium.com'],
    profile: (user) => `https://medium.com/@${user}`,
  },
  substack: { icon: 'substack', hosts: ['substack.com'] },
  threads: { icon: 'threads', hosts: ['threads.net', 'threads.com'] },
  bluesky: {
    icon: 'bluesky',
    hosts: ['bsky.app', 'bsky.social'],
    profile: (user) => `https://bsky.app/profile/${user}`,
  },
  // Mastodon runs on thousands of servers; these are the largest, and the rest say so in their name.
  mastodon: {
    icon: 'mastodon',
    hosts: ['mastodon.social', 'mastodon.online', 'mstdn.social', 'fosstodon.org', 'hachyderm.io'],
  },
  pinterest: { icon: 'pinterest', hosts: ['pinterest.com', 'pinterest.co.uk', 'pin.it'] },
  vimeo: { icon: 'vimeo', hosts: ['vimeo.com'] },
  soundcloud: { icon: 'soundcloud', hosts: ['soundcloud.com'] },
  spotify: { icon: 'spotify', hosts: ['spotify.com', 'spotify.link'] },
};

/**
 * The profile page of `user` on the network a résumé file names ("GitHub", "X"); undefined for a
 * network we do not know. `user` must already be safe in a path.
 */
export function profilePageFor(network: string, user: string): string | undefined {
  const name = network.trim().toLowerCase();
  // Only the table's own names: "constructor" or "__proto__" are not networks.
  const known = Object.hasOwn(NETWORKS, name)
    ? NETWORKS[name]
    : Object.values(NETWORKS).find((entry) => entry.aliases?.includes(name));
  return known?.profile?.(user);
}

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
  for (const { icon, hosts } of Object.values(NETWORKS)) {
    if (hosts.some((domain) => isUnder(host, domain))) return icon;
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
