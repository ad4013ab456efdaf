import {
  blankContactDetails,
  blankPersonalDetails,
  blankSection,
  parsePortfolio,
  type PortfolioData,
  type SectionKey,
} from '../../domain/portfolio.js';

/**
 * Canonical data from loose input, the way the editor and the API build it; throws with the
 * problem's message when the input does not pass, so a test with bad data fails at once.
 */
export function parsed(input: unknown): PortfolioData {
  const result = parsePortfolio(input);
  if (!result.ok) throw new Error(result.problem.message);
  return result.data;
}

/**
 * How often a text, or a pattern without capturing groups, occurs in markup: every match, with
 * or without the pattern's g flag. Splitting finds them all and builds no pattern at run time.
 */
export function count(html: string, needle: string | RegExp): number {
  if (typeof needle !== 'string' && /(?:^|[^\\])\((?!\?)/.test(needle.source)) {
    throw new Error(`count() takes a pattern without capturing groups: ${needle.source}`);
  }
  return html.split(needle).length - 1;
}

/**
 * Markup with the entities React escapes decoded, so texts can be compared with the data.
 * `&amp;` goes last, so an escaped entity the data really holds (`&amp;lt;`) stays as written.
 */
export function decodeEntities(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A portfolio of a name only: blank contact details, and each of `sections` blank. */
export function nameOnly(name: string, ...sections: SectionKey[]): PortfolioData {
  const data: PortfolioData = {
    personalDetails: { ...blankPersonalDetails(), name },
    contactDetails: blankContactDetails(),
  };
  for (const key of sections) data[key] = blankSection(key);
  return data;
}
