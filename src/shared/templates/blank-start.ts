import {
  SECTION_KEYS,
  blankContactDetails,
  blankPersonalDetails,
  blankSection,
  type PortfolioData,
} from '../domain/portfolio.js';

/**
 * A template's example with the example person taken out, for someone who would rather fill in a
 * blank page than overwrite a stranger's words: no name, introduction, pictures, links or contact
 * details, and one empty tile in each section, under the section's own heading. The template's
 * wording (its phrases) and anything else the example carries stay.
 */
export function blankStart(example: PortfolioData): PortfolioData {
  const data = structuredClone(example);
  data.personalDetails = blankPersonalDetails();
  const { formDelivery } = data.contactDetails;
  data.contactDetails = { ...blankContactDetails(), ...(formDelivery && { formDelivery }) };
  for (const key of SECTION_KEYS) {
    const section = data[key];
    if (section) data[key] = { ...blankSection(key), sectionTitle: section.sectionTitle };
  }
  return data;
}
