import type { CSSProperties } from 'react';
import { graphemeCount } from '../../text/graphemes.js';

/*
 * Where a browser may break a line inside a word: after a hyphen, a soft hyphen or an en dash,
 * before and after an em dash (Chromium's line breaker; a slash is not one). A hyphenated name
 * wraps there, so its widest unbreakable piece, not the whole word, decides the heading's size.
 */
const BREAK_INSIDE_WORD = /(?<=[-\u00ad\u2010\u2013\u2014])|(?=\u2014)/u;

/** The name's pieces that a line never breaks inside, as the browser lays them out. */
export function unbreakablePieces(name: string): string[] {
  return name
    .split(/\s+/)
    .flatMap((word) => word.split(BREAK_INSIDE_WORD))
    .filter((piece) => piece !== '');
}

/**
 * The name's longest unbreakable piece in characters, handed to CSS as --tpl-longest-word: a
 * heading sizes itself by it so that a long name fits a phone's width without breaking inside a
 * word, while a short name keeps the template's full size. With `wholeWords`, for a heading that
 * keeps each word on one line (a hyphenated name too), the longest word decides.
 */
export function longestWordStyle(
  name: string,
  { wholeWords = false }: { wholeWords?: boolean } = {},
): CSSProperties {
  const pieces = wholeWords ? name.split(/\s+/) : unbreakablePieces(name);
  const longest = Math.max(4, ...pieces.map(graphemeCount));
  return { ['--tpl-longest-word' as string]: longest };
}
