import { describe, expect, it } from 'vitest';
import { TEMPLATE_IDS } from './catalog.js';
import { SAMPLE_DATA } from './registry.js';

describe('the sample portfolios', () => {
  it('each show a person of their own: no first or last name appears in two templates', () => {
    const names = TEMPLATE_IDS.flatMap((id) => SAMPLE_DATA[id].personalDetails.name.split(' '));
    expect(names).toEqual([...new Set(names)]);
  });
});
