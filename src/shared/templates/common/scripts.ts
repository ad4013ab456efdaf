import type { PortfolioData } from '../../domain/portfolio.js';

/**
 * Letters of scripts whose letters join or stack into clusters: Arabic, the Indian scripts from
 * Devanagari to Sinhala (Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam
 * between), and Thai. Spacing letters apart pulls those clusters to pieces ("प्रि या").
 */
const JOINED_LETTERS =
  /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Thai}]/u;

/** Whether any of the person's words are written in such a script. */
export function writesJoinedScript(data: PortfolioData): boolean {
  return JOINED_LETTERS.test(JSON.stringify(data));
}

/**
 * The marker for one heading written in such a script: it has no capitals, so a template can set
 * it larger where its Latin headings are capitals.
 */
export const joinedTextMark = (text: string) =>
  JOINED_LETTERS.test(text) ? { 'data-joined-script': '' } : {};

/** The template root's marker for it (every-template.css turns letter spacing off under it). */
export const joinedScriptMark = (data: PortfolioData) =>
  writesJoinedScript(data) ? { 'data-joined-script': '' } : {};
