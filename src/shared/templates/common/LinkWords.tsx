import type { PortfolioData } from '../../domain/portfolio.js';
import type { PhraseKey } from '../../domain/phrases.js';
import type { SocialIcon } from '../../domain/icons.js';
import { socialIconFor } from '../../domain/social-links.js';

/** What a visitor does at each network a tile may link to, and what the network is called. */
const NETWORK_ACTIONS: Partial<Record<SocialIcon, readonly [verb: string, name: string]>> = {
  behance: ['View', 'Behance'],
  dribbble: ['View', 'Dribbble'],
  instagram: ['View', 'Instagram'],
  pinterest: ['View', 'Pinterest'],
  github: ['View', 'GitHub'],
  linkedin: ['View', 'LinkedIn'],
  facebook: ['View', 'Facebook'],
  twitter: ['View', 'X'],
  threads: ['View', 'Threads'],
  bluesky: ['View', 'Bluesky'],
  mastodon: ['View', 'Mastodon'],
  youtube: ['Watch', 'YouTube'],
  vimeo: ['Watch', 'Vimeo'],
  soundcloud: ['Listen', 'SoundCloud'],
  spotify: ['Listen', 'Spotify'],
  medium: ['Read', 'Medium'],
  substack: ['Read', 'Substack'],
};

type Say = (key: PhraseKey) => string;

/** The phrases that are the words of a button on a tile's link. */
type ButtonPhrase = 'moreButton' | 'projectButton';

/** The words for the buttons on tiles' links, and whether they are the owner's. */
export interface MoreWords {
  words: string;
  own: boolean;
}

/** The words of a page's button phrase `key` (phrasesOf's `say`), and whether they are the owner's. */
export const buttonWordsOf = (data: PortfolioData, say: Say, key: ButtonPhrase): MoreWords => ({
  words: say(key),
  own: Boolean(data.phrases?.[key]?.trim()),
});

/**
 * The words of a button on a tile's link. A template's "Learn more" tells a visitor nothing;
 * where the link goes to a network people know, the button names it ("View on Behance", "Watch
 * on YouTube"). Words the owner wrote for the button always win. A screen reader hears which
 * tile it belongs to as well.
 */
export function LinkWords({
  words,
  own,
  link,
  title,
}: {
  /** The button's words: the owner's, or the template's. */
  words: string;
  /** Whether `words` are the owner's. */
  own: boolean;
  link: string;
  /** The tile's title, heard after the words ("Learn more about Lake house"). */
  title: string;
}) {
  const action = own ? undefined : NETWORK_ACTIONS[socialIconFor(link)];
  const about = title.trim();
  if (action) {
    const [verb, name] = action;
    // One box: as separate pieces in a flex button, " on" lost its space ("VIEWON BEHANCE").
    return (
      <span>
        {verb}
        {about && <span className="tpl-visually-hidden"> {about}</span>} on {name}
      </span>
    );
  }
  return (
    <>
      {words}
      {about && <span className="tpl-visually-hidden"> about {about}</span>}
    </>
  );
}
