import {
  blankContactDetails,
  blankPersonalDetails,
  blankSection,
  type PortfolioData,
  type SectionKey,
} from '../src/shared/domain/portfolio.js';

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
