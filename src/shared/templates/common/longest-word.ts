import type { CSSProperties } from 'react';
import { graphemeCount } from '../../text/graphemes.js';

/**
 * The name's longest word in characters, handed to CSS as --tpl-longest-word: a heading sizes
 * itself by it so that a long name fits a phone's width without breaking inside a word, while a
 * short name keeps the template's full size.
 */
export function longestWordStyle(name: string): CSSProperties {
  const longest = Math.max(4, ...name.split(/\s+/).map(graphemeCount));
  return { ['--tpl-longest-word' as string]: longest };
}
