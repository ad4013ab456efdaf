import type { PortfolioData } from '../../domain/portfolio.js';
import type { PhraseKey } from '../../domain/phrases.js';
import { NETWORK_NAMES, type SocialIcon } from '../../domain/icons.js';
import { socialIconFor } from '../../domain/social-links.js';

/** What a visitor does at each network a tile may link to; others get the template's words. */
const NETWORK_VERBS: Partial<Record<SocialIcon, string>> = {
  behance: 'View',
  dribbble: 'View',
  instagram: 'View',
  pinterest: 'View',
  github: 'View',
  linkedin: 'View',
  facebook: 'View',
  twitter: 'View',
  threads: 'View',
  bluesky: 'View',
  mastodon: 'View',
  youtube: 'Watch',
  vimeo: 'Watch',
  soundcloud: 'Listen',
  spotify: 'Listen',
  medium: 'Read',
  substack: 'Read',
};

/** A network's name on a button: X's short name, where a screen reader's list says "X (Twitter)". */
const buttonNameOf = (network: SocialIcon) =>
  network === 'twitter' ? 'X' : NETWORK_NAMES[network];

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
  const network = socialIconFor(link);
  const verb = own ? undefined : NETWORK_VERBS[network];
  const about = title.trim();
  if (verb) {
    const name = buttonNameOf(network);
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
