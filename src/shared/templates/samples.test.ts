import { describe, expect, it } from 'vitest';
import { TEMPLATE_IDS } from './catalog.js';
import { SAMPLE_DATA } from './registry.js';

describe('the sample portfolios', () => {
  it('each show a person of their own: no first or last name appears in two templates', () => {
    const names = TEMPLATE_IDS.flatMap((id) => SAMPLE_DATA[id].personalDetails.name.split(' '));
    expect(names).toEqual([...new Set(names)]);
  });

  // The builder is for people in India: a new user should see someone like them in every sample.
  it.each(TEMPLATE_IDS)(
    '%s shows someone in India: a +91 phone, a PIN code with an address',
    (id) => {
      const { tel, address } = SAMPLE_DATA[id].contactDetails;
      expect(tel).toMatch(/^\+91 \d/);
      if (address !== '') expect(address).toMatch(/\b[1-9]\d{5}\b/);
    },
  );
});
