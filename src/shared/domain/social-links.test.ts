import { describe, expect, it } from 'vitest';
import { visibleSocialLinks } from '../templates/common/contact.js';
import { profilePageFor, socialIconFor, whatsappLinkFor } from './social-links.js';

describe('a social link shows the icon of its address', () => {
  it.each([
    ['https://wa.me/919876543210', 'whatsapp'],
    ['https://api.whatsapp.com/send?phone=919876543210', 'whatsapp'],
    ['https://t.me/priya', 'telegram'],
    ['https://www.instagram.com/priya', 'instagram'],
    ['https://m.facebook.com/priya', 'facebook'],
    ['https://in.linkedin.com/in/priya', 'linkedin'],
    ['https://x.com/priya', 'twitter'],
    ['https://twitter.com/priya', 'twitter'],
    ['https://youtu.be/abc', 'youtube'],
    ['https://github.com/priya', 'github'],
    ['https://www.behance.net/priya', 'behance'],
    ['https://dribbble.com/priya', 'dribbble'],
    ['https://priya.medium.com', 'medium'],
    ['https://priya.substack.com/p/first', 'substack'],
    ['https://www.threads.net/@priya', 'threads'],
    ['https://bsky.app/profile/priya.bsky.social', 'bluesky'],
    ['https://mastodon.social/@priya', 'mastodon'],
    ['https://mastodon.art/@priya', 'mastodon'],
    ['https://in.pinterest.com/priya', 'pinterest'],
    ['https://www.pinterest.de/priya', 'pinterest'],
    ['https://vimeo.com/123', 'vimeo'],
    ['https://soundcloud.com/priya', 'soundcloud'],
    ['https://open.spotify.com/artist/1', 'spotify'],
    ['https://priyaraman.in', 'website'],
    ['https://notfacebook.com/priya', 'website'],
    ['https://facebook.com.evil.example/priya', 'website'],
    ['mailto:priya@example.com', 'email'],
    ['tel:+919876543210', 'phone'],
  ] as const)('%s shows %s', (url, icon) => expect(socialIconFor(url)).toBe(icon));

  it('keeps the stored icon only for an address it cannot read', () => {
    expect(socialIconFor('', 'dribbble')).toBe('dribbble');
    expect(socialIconFor('https://www.facebook.com/priya', 'dribbble')).toBe('facebook');
  });

  it('is what the templates render: hidden when empty, the icon from the address', () => {
    const links = visibleSocialLinks([
      { url: 'https://www.facebook.com/priya', label: 'Me', iconClass: 'dribbble' },
      { url: '', label: 'Empty', iconClass: 'github' },
    ]);
    expect(links).toEqual([
      { url: 'https://www.facebook.com/priya', label: 'Me', iconClass: 'facebook' },
    ]);
  });
});

describe('a profile page from a network and a username', () => {
  it('knows a network by its name or another it goes by, in any case', () => {
    expect(profilePageFor('GitHub', 'asha')).toBe('https://github.com/asha');
    expect(profilePageFor('X', 'asha')).toBe('https://x.com/asha');
    expect(profilePageFor('twitter', 'asha')).toBe('https://x.com/asha');
    expect(profilePageFor('GitLab', 'asha')).toBe('https://gitlab.com/asha');
  });

  it('has none for a network without one, or a name that is no network', () => {
    expect(profilePageFor('WhatsApp', 'asha')).toBeUndefined();
    expect(profilePageFor('constructor', 'asha')).toBeUndefined();
    expect(profilePageFor('Orkut', 'asha')).toBeUndefined();
  });

  it("shows a profile page's address with the network's icon", () => {
    for (const network of ['github', 'x', 'linkedin', 'bluesky', 'youtube', 'medium']) {
      const page = profilePageFor(network, 'asha')!;
      expect(socialIconFor(page)).toBe(network === 'x' ? 'twitter' : network);
    }
  });
});

describe('a WhatsApp link from a phone number', () => {
  it.each([
    ['+91 98765 43210', 'https://wa.me/919876543210'],
    ['98765 43210', 'https://wa.me/919876543210'],
    ['098765-43210', 'https://wa.me/919876543210'],
    ['0044 20 7946 0958', 'https://wa.me/442079460958'],
    ['+1 (415) 555-0100', 'https://wa.me/14155550100'],
  ])('%s -> %s', (tel, link) => expect(whatsappLinkFor(tel)).toBe(link));

  it.each(['', '12', '+', 'call me'])('none for %j', (tel) => {
    expect(whatsappLinkFor(tel)).toBeUndefined();
  });
});
