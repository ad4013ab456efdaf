import { describe, expect, it } from 'vitest';
import { TEMPLATE_IDS } from '../templates/catalog.js';
import { TEMPLATE_DEFINITIONS } from '../templates/registry.js';
import { contrast } from './colour.js';
import { accentProblem, accentReason } from './accent-message.js';
import {
  appearanceVars,
  contrastFailures,
  guardAccent,
  MARK_CONTRAST,
  type TemplateLook,
} from './look.js';
import { FONT_PAIRINGS } from './pairings.js';

/** A look with one pair: accent text on white. */
const onWhite: TemplateLook = {
  palette: [{ name: 'Blue', value: '#1b75a6' }],
  accentVars: (accent) => ({ '--link': accent }),
  checks: [{ what: 'links on white', text: '--link', background: '#ffffff' }],
  pairings: ['open-sans'],
  accentUse: 'Links take this colour.',
};

describe('contrast (WCAG 2.2)', () => {
  it('measures the known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the lightest grey that passes 4.5:1 on white; #777777 fails.
    expect(contrast('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('lays translucent text over its background first', () => {
    // Half-opaque black over white is mid grey (4.0:1), not black (21:1).
    expect(contrast('#00000080', '#ffffff')).toBeCloseTo(contrast('#7f7f7f', '#ffffff'), 2);
  });
});

describe('the contrast guard', () => {
  it('passes a readable colour as it is', () => {
    expect(guardAccent(onWhite, '#1B75A6')).toEqual({ status: 'ok', accent: '#1b75a6' });
  });

  it('darkens a colour too light for white, to the nearest shade that passes, and says why', () => {
    const verdict = guardAccent(onWhite, '#ffd700');
    expect(verdict.status).toBe('adjusted');
    if (verdict.status !== 'adjusted') return;
    expect(contrast(verdict.accent, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // The nearest: one step lighter would fail again.
    expect(contrast(verdict.accent, '#ffffff')).toBeLessThan(4.8);
    expect(accentReason(verdict)).toMatch(
      /^#ffd700 is hard to read as links on white \(1\.\d\d:1; text needs 4\.5:1\), so it was darkened to #[0-9a-f]{6} \(4\.\d\d:1\)\.$/,
    );
  });

  it('lightens a colour too dark for a dark background', () => {
    const onDark: TemplateLook = {
      ...onWhite,
      checks: [
        { what: 'links on the dark band', text: '--link', background: '#202020', large: true },
      ],
    };
    const verdict = guardAccent(onDark, '#301010');
    expect(verdict).toMatchObject({ status: 'adjusted' });
    if (verdict.status !== 'adjusted') return;
    expect(contrast(verdict.accent, '#202020')).toBeGreaterThanOrEqual(3);
    expect(accentReason(verdict)).toContain('lightened');
    expect(accentReason(verdict)).toContain('large text needs 3:1');
  });

  it.each(['template3', 'template4'] as const)(
    '%s: lifts a near-black accent until its bands show lighter than the dark page',
    (id) => {
      const look = TEMPLATE_DEFINITIONS[id].look;
      const mark = look.checks.find((check) => check.mark)!;
      for (const requested of ['#000000', '#1a1a40', '#0b3d2e']) {
        const verdict = guardAccent(look, requested);
        expect(verdict, `${id} ${requested}`).toMatchObject({
          status: 'adjusted',
          direction: 'lighter',
        });
        if (verdict.status !== 'adjusted') continue;
        const band = look.accentVars(verdict.accent)[mark.text]!;
        expect(contrast(band, mark.background)).toBeGreaterThanOrEqual(MARK_CONTRAST);
        // Lighter than the ground, not darker still.
        expect(contrast(band, '#000000')).toBeGreaterThan(contrast(mark.background, '#000000'));
        expect(accentReason(verdict)).toMatch(
          /barely shows as .* \((darker|only [01]\.\d\d:1 lighter) than the page; it needs to be 1\.5:1 lighter\), so it was lightened to #[0-9a-f]{6} \(1\.5\d:1\)\.$/,
        );
      }
    },
  );

  it('refuses a colour no shade of which passes both sides, with the reason', () => {
    // Text on white needs a dark shade, text on a dark grey a light one: none does both.
    const squeezed: TemplateLook = {
      ...onWhite,
      checks: [
        ...onWhite.checks,
        { what: 'links on the dark band', text: '--link', background: '#333333' },
      ],
    };
    const verdict = guardAccent(squeezed, '#3366cc');
    expect(verdict.status).toBe('refused');
    if (verdict.status !== 'refused') return;
    expect(accentReason(verdict)).toMatch(/no lighter or darker shade of it is readable/);
    // The server's refusal says the same from the same numbers.
    expect(accentProblem(verdict, 'Squeezed')).toMatch(
      /^appearance\.accent is not readable on Squeezed: #3366cc is hard to read as links on (white|the dark band) \(\d\.\d\d:1; text needs 4\.5:1\)\. No lighter or darker shade of it is readable everywhere Squeezed uses it\.$/,
    );
    expect(accentProblem({ status: 'refused', requested: 'red', code: 'not-a-colour' }, 'X')).toBe(
      'appearance.accent is not readable on X: red is not a colour like #1b75a6.',
    );
    expect(guardAccent(squeezed, 'red')).toMatchObject({ status: 'refused' });
  });

  it('converges for every colour of a coarse sweep on every template: adjusted colours pass', () => {
    for (const id of TEMPLATE_IDS) {
      const look = TEMPLATE_DEFINITIONS[id].look;
      for (let r = 0; r <= 255; r += 51)
        for (let g = 0; g <= 255; g += 51)
          for (let b = 0; b <= 255; b += 51) {
            const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
            const verdict = guardAccent(look, hex);
            expect(verdict.status, `${id} ${hex}`).not.toBe('refused');
            if (verdict.status !== 'refused') {
              expect(contrastFailures(look, verdict.accent), `${id} ${hex}`).toEqual([]);
            }
          }
    }
  });
});

describe('the contrast guard, asked again', () => {
  it('answers a colour from what it kept, the least recently asked given up first', () => {
    // A look of its own: no answer kept from another test.
    const look = { ...TEMPLATE_DEFINITIONS.template5.look };
    const first = guardAccent(look, '#F5C542');
    expect(first.status).toBe('adjusted');
    expect(guardAccent(look, '#f5c542')).toBe(first);
    const other = (index: number) => `#2b${index.toString(16).padStart(4, '0')}`;
    // Asked again now and then, it stays among the kept while hundreds of others come and go.
    for (let index = 0; index < 300; index += 1) {
      guardAccent(look, other(index));
      if (index % 100 === 0) expect(guardAccent(look, '#f5c542')).toBe(first);
    }
    expect(guardAccent(look, '#f5c542')).toBe(first);
    // Not asked while 300 others were, it is worked out afresh, to the same answer.
    const second = guardAccent(look, other(0));
    for (let index = 1000; index < 1300; index += 1) guardAccent(look, other(index));
    const again = guardAccent(look, other(0));
    expect(again).not.toBe(second);
    expect(again).toEqual(second);
  });
});

describe("every template's look", () => {
  it.each(TEMPLATE_IDS)('%s: each palette colour passes as drawn, the first is its own', (id) => {
    const look = TEMPLATE_DEFINITIONS[id].look;
    expect(look.palette.length).toBeGreaterThanOrEqual(5);
    expect(look.palette.length).toBeLessThanOrEqual(6);
    for (const colour of look.palette) {
      expect(guardAccent(look, colour.value), colour.name).toEqual({
        status: 'ok',
        accent: colour.value,
      });
    }
    // The template's own accent sets nothing: the page is as it was.
    expect(appearanceVars(look, { accent: look.palette[0]!.value })).toBeUndefined();
  });

  it.each(TEMPLATE_IDS)(
    '%s: offers 3 or 4 pairings, the Indian scripts first in each stack',
    (id) => {
      const look = TEMPLATE_DEFINITIONS[id].look;
      expect(look.pairings.length).toBeGreaterThanOrEqual(3);
      expect(look.pairings.length).toBeLessThanOrEqual(4);
      for (const pairing of look.pairings.slice(1)) {
        const vars = appearanceVars(look, { fonts: pairing })!;
        expect(vars['--tpl-heading-font']).toMatch(/^'Indian Scripts( Serif)?', /);
        expect(vars['--tpl-body-font']).toMatch(/^'Indian Scripts( Serif)?', /);
        expect(vars['--tpl-body-font']).toContain(FONT_PAIRINGS[pairing].body);
      }
      expect(appearanceVars(look, { fonts: look.pairings[0]! })).toBeUndefined();
    },
  );

  it('sets the guarded shade of a stored colour that fails, never the colour itself', () => {
    const look = TEMPLATE_DEFINITIONS.template5.look;
    const vars = appearanceVars(look, { accent: '#ffff00' })!;
    expect(vars['--ph-accent']).not.toBe('#ffff00');
    expect(contrast(vars['--ph-accent']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
