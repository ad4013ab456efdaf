import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contrast, luminance, parseHex, toHex, toHsl } from '../src/shared/appearance/colour.js';
import type { PortfolioData } from '../src/shared/domain/portfolio.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { useBrowser } from './browser.js';
import { showDraft } from './fixtures.js';

/*
 * Hyperspace with a photographer's own content: an accent of her own, a phone portrait among
 * landscape photos in the highlights, and three services.
 */

const LANDSCAPE = `upload:${'a'.repeat(64)}:2400x1600`;
/** A 3:4 phone portrait whose face is in the upper third, the focal point on it. */
const UPRIGHT = `upload:${'d'.repeat(64)}:1200x1600#50,30`;

async function servePhotos(page: Page): Promise<void> {
  const landscape = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: '#8fd0ff' },
  })
    .jpeg()
    .toBuffer();
  const upright = await sharp({
    create: { width: 600, height: 800, channels: 3, background: '#cdd6df' },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="600" height="800"><ellipse cx="300" cy="240" rx="95" ry="120" fill="#b9825a"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  await page.route('**/media/**', (route) =>
    route.fulfill({
      body: route.request().url().includes('d'.repeat(64)) ? upright : landscape,
      contentType: 'image/jpeg',
    }),
  );
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

function photographer(): PortfolioData {
  const data = structuredClone(SAMPLE_DATA.template3);
  data.personalDetails.name = 'Meenakshi Sundaram';
  const tiles = data.section!.sectionTiles;
  tiles[0]!.img = LANDSCAPE;
  tiles[1]!.img = UPRIGHT;
  data.section2!.sectionTiles = data.section2!.sectionTiles.slice(0, 3);
  return data;
}

describe('Hyperspace with a photographer’s own content', () => {
  const session = useBrowser();

  // A chosen ochre filled the features band and glowed in the highlights' corner: "a band of solid
  // ochre between purple ones" read as a clash. The bands now stay in the template's purples.
  for (const accent of ['#c0741f', '#25838f', '#d6336c']) {
    it(`keeps the bands purple with the accent ${accent}`, async () => {
      const page = await session.newPage({ width: 1280, height: 800 });
      await servePhotos(page);
      await showDraft(page, 'template3', { ...photographer(), appearance: { accent } });
      const colours = await page.evaluate(() => {
        const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
        const rgbs = (value: string) => value.match(/rgba?\([^)]*\)/g) ?? [];
        return [
          style('#section2').backgroundColor,
          ...rgbs(style('#section2').backgroundImage),
          ...rgbs(style('#section').backgroundImage),
        ];
      });
      const opaque = colours
        .map((colour) => colour.match(/[\d.]+/g)!.map(Number))
        .filter(([, , , alpha]) => alpha === undefined || alpha > 0.2)
        .map(([r, g, b]) => toHex({ r: r!, g: g!, b: b!, a: 1 }));
      expect(opaque.length).toBeGreaterThanOrEqual(3);
      for (const colour of opaque) {
        const { h, s } = toHsl(colour);
        // From the spotlights' indigo (239°) to the features' magenta (322°), a little either side.
        expect(h, colour).toBeGreaterThanOrEqual(230);
        expect(h, colour).toBeLessThanOrEqual(335);
        expect(s, colour).toBeGreaterThanOrEqual(0.25);
      }
    });
  }

  // An ochre fill under white text read as mud on the violet, and a blue near the violet vanished
  // into it (1.08:1). The buttons are now deep violet under white text, ringed in a light tint of
  // the accent that stands out from the band, whatever its hue.
  for (const accent of ['#c0741f', '#2f9e44', '#c92a2a', '#4a4fc0']) {
    it(`rings its buttons in a light tint of ${accent}, white text on deep violet`, async () => {
      const page = await session.newPage({ width: 1280, height: 800 });
      await servePhotos(page);
      await showDraft(page, 'template3', { ...photographer(), appearance: { accent } });
      const hex = (rgb: string) => {
        const [r, g, b] = rgb.match(/[\d.]+/g)!.map(Number);
        return toHex({ r: r!, g: g!, b: b!, a: 1 });
      };
      const buttons = await page
        .locator('.hs-button:not(.hs-button--primary)')
        .evaluateAll((elements) =>
          elements.map((element) => {
            const style = getComputedStyle(element);
            return {
              fill: style.backgroundColor,
              text: style.color,
              ring: style.boxShadow.match(/rgb\([^)]*\)/)?.[0] ?? '',
              band: getComputedStyle(element.closest('section')!).backgroundColor,
            };
          }),
        );
      expect(buttons.length).toBeGreaterThanOrEqual(3);
      for (const button of buttons) {
        const fill = hex(button.fill);
        const ring = hex(button.ring);
        expect(contrast(hex(button.text), fill), fill).toBeGreaterThanOrEqual(4.5);
        // The fill one of the purples, not the accent.
        expect(toHsl(fill).h, fill).toBeGreaterThanOrEqual(230);
        expect(toHsl(fill).h, fill).toBeLessThanOrEqual(335);
        // The ring the accent's hue, lighter than it, and showing on the violet and on the fill.
        expect(Math.abs(toHsl(ring).h - toHsl(accent).h), ring).toBeLessThan(6);
        expect(luminance(parseHex(ring)!)).toBeGreaterThan(luminance(parseHex(accent)!));
        expect(contrast(ring, '#5e42a6'), ring).toBeGreaterThanOrEqual(3);
        expect(contrast(ring, hex(button.band)), ring).toBeGreaterThanOrEqual(1.5);
        expect(contrast(ring, fill), ring).toBeGreaterThanOrEqual(4.5);
      }
      // Under the pointer the tint fills the button and the deep violet is its text.
      const intro = page.locator('#personalDetails .hs-button');
      await intro.hover();
      await expect
        .poll(() => intro.evaluate((element) => getComputedStyle(element).backgroundColor))
        .toBe(buttons[0]!.ring);
      const hovered = await intro.evaluate((element) => getComputedStyle(element).color);
      expect(contrast(hex(hovered), hex(buttons[0]!.ring))).toBeGreaterThanOrEqual(4.5);
    });
  }

  // A 3:4 portrait in the highlights' wide frame kept about half its height: a face without a chin.
  for (const width of [1280, 800, 375]) {
    it(`shows most of an upright photo's height, round its focal point, landscapes as wide (${width} px)`, async () => {
      const page = await session.newPage({ width, height: 900 });
      await servePhotos(page);
      await showDraft(page, 'template3', photographer());
      const measure = async (index: number) => {
        const image = page.locator(`.hs-spots > :nth-child(${index}) .hs-spot__media img`);
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
        return image.evaluate((img: HTMLImageElement) => {
          const box = img.getBoundingClientRect();
          // object-fit: cover scales the picture until it fills the box both ways.
          const scale = Math.max(box.width / img.naturalWidth, box.height / img.naturalHeight);
          return {
            shown: box.height / (img.naturalHeight * scale),
            ratio: box.width / box.height,
            position: getComputedStyle(img).objectPosition,
          };
        });
      };
      const upright = await measure(2);
      expect(upright.shown).toBeGreaterThanOrEqual(0.6);
      expect(upright.position).toBe('50% 30%');
      // A landscape photo keeps its wide frame.
      const landscape = await measure(1);
      expect(landscape.ratio).toBeGreaterThan(1.2);
      // Every row's words start on one line: the upright photo keeps the photos' column.
      const wordsLeft = (index: number) =>
        page
          .locator(`.hs-spots > :nth-child(${index}) .hs-spot__content`)
          .evaluate((element) => Math.round(element.getBoundingClientRect().left));
      expect(Math.abs((await wordsLeft(2)) - (await wordsLeft(1)))).toBeLessThanOrEqual(1);
    });
  }

  // Three services stood as two and a wide one under them, which read as a row left unfinished.
  it('sets three services in one row of three at 1280 px', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await servePhotos(page);
    await showDraft(page, 'template3', photographer());
    const tops = await page
      .locator('.hs-feature')
      .evaluateAll((tiles) => tiles.map((tile) => Math.round(tile.getBoundingClientRect().top)));
    expect(tops).toHaveLength(3);
    expect(new Set(tops).size).toBe(1);
  });

  // Whatever the count, the grid is filled: no empty cell beside a last tile, wide or narrow.
  for (const width of [1280, 375]) {
    it(`leaves no empty cell in the services grid for 1 to 5 services (${width} px)`, async () => {
      const page = await session.newPage({ width, height: 800 });
      await servePhotos(page);
      for (const count of [1, 2, 3, 4, 5]) {
        const data = photographer();
        const tiles = SAMPLE_DATA.template3.section2!.sectionTiles;
        data.section2!.sectionTiles = Array.from({ length: count }, (_, index) => ({
          ...tiles[index % tiles.length]!,
        }));
        await showDraft(page, 'template3', data);
        const { grid, tiles: covered } = await page.locator('.hs-features').evaluate((box) => {
          const outer = box.getBoundingClientRect();
          // Tiles overlap their neighbours by the 1px border they share.
          return {
            grid: (outer.width - 2) * (outer.height - 2),
            tiles: [...box.children].reduce((sum, tile) => {
              const own = tile.getBoundingClientRect();
              return sum + (own.width - 1) * (own.height - 1);
            }, 0),
          };
        });
        expect(Math.abs(covered - grid) / grid, `${count} services`).toBeLessThan(0.02);
      }
    });
  }
});
