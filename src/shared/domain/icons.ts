/**
 * Icons a social link can show (stored as `iconClass`; `twitter` is X). What a page shows is
 * decided from the link's address (social-links.ts), so a stored icon only matters for old data.
 */
export const SOCIAL_ICONS = [
  'twitter',
  'facebook',
  'instagram',
  'github',
  'linkedin',
  'dribbble',
  'behance',
  'youtube',
  'whatsapp',
  'telegram',
  'medium',
  'substack',
  'threads',
  'bluesky',
  'mastodon',
  'pinterest',
  'vimeo',
  'soundcloud',
  'spotify',
  'website',
  'email',
  'phone',
] as const;
export type SocialIcon = (typeof SOCIAL_ICONS)[number];

/** Icons a tile can carry where a template shows one per tile (its services, or all its tiles). */
export const TILE_ICONS = [
  'code',
  'desktop',
  'terminal',
  'cube',
  'file-code',
  'bolt',
  'camera',
  'paintbrush',
  'pen',
  'music',
  'chart',
  'heart',
  'star',
  'rocket',
  'leaf',
  'globe',
] as const;
export type TileIcon = (typeof TILE_ICONS)[number];

/**
 * Data written for the earlier product stores Font Awesome classes ("fa-brands fa-twitter",
 * "fa fa-envelope"); they are read as our icon names.
 */
const LEGACY_SOCIAL: Record<string, SocialIcon> = {
  envelope: 'email',
  'envelope-o': 'email',
  mail: 'email',
  globe: 'website',
  link: 'website',
  'x-twitter': 'twitter',
  'facebook-f': 'facebook',
  'linkedin-in': 'linkedin',
};

export function normaliseSocialIcon(value: string): string {
  const tokens = value.trim().toLowerCase().split(/\s+/);
  const last = tokens.filter((token) => token.startsWith('fa-')).pop() ?? tokens.pop() ?? '';
  const name = last.replace(/^fa-/, '');
  return LEGACY_SOCIAL[name] ?? name;
}

/** What a screen reader announces for a social link that has no label of its own. */
export const NETWORK_NAMES: Readonly<Record<SocialIcon, string>> = {
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  instagram: 'Instagram',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  dribbble: 'Dribbble',
  behance: 'Behance',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  medium: 'Medium',
  substack: 'Substack',
  threads: 'Threads',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  pinterest: 'Pinterest',
  vimeo: 'Vimeo',
  soundcloud: 'SoundCloud',
  spotify: 'Spotify',
  website: 'Website',
  email: 'Email',
  phone: 'Phone',
};
