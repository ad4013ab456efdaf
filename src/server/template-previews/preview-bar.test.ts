import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILDER_COLOURS, PREVIEW_BAR_STYLE } from './preview-bar.js';

describe('the template preview bar', () => {
  it('wears the builder’s colours as global.css defines them', () => {
    const globalCss = readFileSync('src/client/styles/global.css', 'utf8');
    for (const [token, colour] of Object.entries(BUILDER_COLOURS)) {
      const defined = new RegExp(`--${token}:\\s*(#[0-9a-f]{6});`, 'i').exec(globalCss)?.[1];
      expect(defined, `--${token} in global.css`).toBe(colour);
      expect(PREVIEW_BAR_STYLE).toContain(colour);
    }
  });
});
