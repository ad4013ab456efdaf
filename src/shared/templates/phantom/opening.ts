import { TEXT_LOCALE, graphemeCount } from '../../text/graphemes.js';

/** Fixed like the letters' locale: the server and the browser must end sentences alike. */
const sentences = new Intl.Segmenter(TEXT_LOCALE, { granularity: 'sentence' });

/** An opening shorter than this (in letters) takes the next sentence too ("Hi!", "Dr." cut off). */
const SHORTEST_OPENING = 16;

/**
 * Phantom opens with one big bold line and a paragraph in text type under it. A person writes an
 * intro, not a headline: its first sentence (in any script: "।" ends one too) is that line, and
 * the rest of the paragraph reads on as text, so a real paragraph never becomes a bold block.
 */
export function splitOpeningSentence(paragraph: string): { opening: string; rest: string } {
  let opening = '';
  for (const { segment } of sentences.segment(paragraph)) {
    if (graphemeCount(opening.trim()) >= SHORTEST_OPENING) break;
    opening += segment;
  }
  return { opening: opening.trim(), rest: paragraph.slice(opening.length).trim() };
}
