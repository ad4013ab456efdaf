import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PHRASE_KEYS } from '../../domain/phrases.js';
import {
  parsePortfolio,
  SECTION_KEYS,
  type PortfolioData,
  type Section,
  type SectionKey,
} from '../../domain/portfolio.js';
import { TEMPLATE_IDS } from '../catalog.js';
import { TEMPLATE_COMPONENTS } from '../components.js';
import { pickTemplateFields } from '../pick-fields.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../registry.js';
import { decodeEntities, parsed } from './test-helpers.js';

const text = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

describe.each(TEMPLATE_IDS)('the fixed phrases of %s', (id) => {
  const definition = TEMPLATE_DEFINITIONS[id];
  const Template = TEMPLATE_COMPONENTS[id];
  const declared = PHRASE_KEYS.filter((key) => definition.phrases[key]);
  // Each section gets one more tile, a service without a photo: Directive heads such tiles
  // among its photos with a phrase of its own, which its sample (all photos) never shows.
  const withService = (data: PortfolioData) =>
    Object.fromEntries(
      Object.entries(data).map(([key, value]) => [
        key,
        SECTION_KEYS.includes(key as SectionKey) && value
          ? {
              ...value,
              sectionTiles: [
                ...(value as Section).sectionTiles,
                { title: 'Consulting', desc: 'By the hour.', icon: 'leaf' },
              ],
            }
          : value,
      ]),
    );
  const render = (phrases?: Record<string, string>) => {
    const data = parsed({ ...withService(SAMPLE_DATA[id]), phrases });
    return text(renderToStaticMarkup(<Template data={data} />));
  };

  it('shows the template’s words when the owner gave none, and the owner’s instead when they did', () => {
    expect(declared.length).toBeGreaterThan(0);
    const standard = render();
    const own = Object.fromEntries(declared.map((key) => [key, `Own words for ${key}`]));
    const changed = render(own);
    for (const key of declared) {
      expect(standard).toContain(definition.phrases[key]!.words);
      expect(changed).toContain(`Own words for ${key}`);
    }
  });

  it('keeps only the phrases it shows when data moves to it', () => {
    const all = Object.fromEntries(PHRASE_KEYS.map((key) => [key, `x ${key}`]));
    const picked = pickTemplateFields(definition, parsed({ ...SAMPLE_DATA[id], phrases: all }));
    expect(Object.keys(picked.phrases ?? {}).sort()).toEqual([...declared].sort());
  });
});

describe('phrases in the document', () => {
  const base = { personalDetails: { name: 'A' } };

  it('drops unknown and empty phrases, trims the rest, and leaves documents without any as they were', () => {
    const result = parsePortfolio({
      ...base,
      phrases: { contactHeading: '  Say hello ', greeting: '', madeUp: 'x' },
    });
    expect(result.ok && result.data.phrases).toEqual({ contactHeading: 'Say hello' });
    const none = parsePortfolio({ ...base, phrases: { greeting: '   ' } });
    expect(none.ok && 'phrases' in none.data).toBe(false);
  });

  it('refuses an over-long phrase, naming it', () => {
    const result = parsePortfolio({ ...base, phrases: { contactHeading: 'x'.repeat(201) } });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem.field).toBe('phrases.contactHeading');
  });
});
