const sentences = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** A greeting shorter than this takes the next sentence too ("Hi!" alone, "Dr." cut off). */
const SHORTEST_GREETING = 16;

/**
 * Phantom opens with one big bold line and a paragraph in text type under it. A person writes an
 * intro, not a headline: its first sentence (in any script: "।" ends one too) is that line, and
 * the rest of the paragraph reads on as text, so a real paragraph never becomes a bold block.
 */
export function splitGreeting(paragraph: string): { greeting: string; rest: string } {
  let greeting = '';
  for (const { segment } of sentences.segment(paragraph)) {
    if (greeting.trim().length >= SHORTEST_GREETING) break;
    greeting += segment;
  }
  return { greeting: greeting.trim(), rest: paragraph.slice(greeting.length).trim() };
}
