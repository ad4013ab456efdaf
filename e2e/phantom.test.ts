import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { contrastRatio, luminance } from '../test/contrast.js';
import { useBrowser } from './browser.js';
import { showDraft } from './fixtures.js';

const WIDTH = 1200;
const HEIGHT = 800;

/** A bright, nearly white photo: a pale sky over a sunlit wall. */
const brightPhoto = () =>
  sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#fbfaf2' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${WIDTH}" height="${HEIGHT}"><defs><linearGradient id="g" x2="0" y2="1">` +
            '<stop offset="0" stop-color="#e6f4ff"/><stop offset="1" stop-color="#fffdf0"/>' +
            '</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>' +
            '<circle cx="900" cy="200" r="120" fill="#fffbd0"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();

/** A busy photo: thin stripes of white, black and bright colours at angles. */
const busyPhoto = () => {
  const colours = ['#ffffff', '#111111', '#e33333', '#ffff00', '#00aaff'];
  const stripes = Array.from(
    { length: 60 },
    (_, index) =>
      `<rect x="${index * 20}" width="10" height="${HEIGHT}" fill="${colours[index % 5]}" ` +
      `transform="rotate(${(index * 7) % 30} ${index * 20} 400)"/>`,
  ).join('');
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#777777' } })
    .composite([
      { input: Buffer.from(`<svg width="${WIDTH}" height="${HEIGHT}">${stripes}</svg>`) },
    ])
    .jpeg()
    .toBuffer();
};

/** The luminance of every pixel of a region of the page's screenshot. */
async function luminances(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
) {
  const png = await page.screenshot({ clip: box });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const values: number[] = [];
  for (let at = 0; at < info.width * info.height * 3; at += 3) {
    values.push(luminance(data[at]!, data[at + 1]!, data[at + 2]!));
  }
  return values;
}

/**
 * The contrast of white words with the brightest pixel behind them: the words are made
 * transparent for a moment and what lies behind their box is photographed.
 */
async function whiteTextContrast(page: Page, text: Locator): Promise<number> {
  await text.scrollIntoViewIfNeeded();
  // The box of the letters' lines, not of the element (whose rounded corners show the photo).
  const box = await text.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
  const hide = await page.addStyleTag({
    content: '.phantom-tile * { color: transparent !important; }',
  });
  const behind = await luminances(page, box);
  await hide.evaluate((style: Element) => style.remove());
  return contrastRatio(luminance(255, 255, 255), Math.max(...behind));
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Phantom's sample with its first tiles showing a bright photo and a busy one. */
function withPhotos() {
  const data = structuredClone(SAMPLE_DATA.template5);
  const tiles = data.section!.sectionTiles;
  tiles[0]!.img = 'https://photos.example.com/bright.jpg';
  tiles[1]!.img = 'https://photos.example.com/busy.jpg';
  return data;
}

async function openWithPhotos(page: Page): Promise<void> {
  const photos: Record<string, Buffer> = {
    'bright.jpg': await brightPhoto(),
    'busy.jpg': await busyPhoto(),
  };
  await page.context().route('https://photos.example.com/*', (route) =>
    route.fulfill({
      body: photos[route.request().url().split('/').pop()!]!,
      contentType: 'image/jpeg',
    }),
  );
  // Hover and focus show at once: what is measured is the state, not a frame of its transition.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await showDraft(page, 'template5', withPhotos());
  await page.evaluate(() => document.fonts.ready);
}

async function photosLoaded(page: Page, tiles: Locator): Promise<void> {
  for (const index of [0, 1]) {
    const image = tiles.nth(index).locator('img');
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
  await tiles.first().scrollIntoViewIfNeeded();
}

describe('Phantom tiles with a person’s own photos', () => {
  const session = useBrowser();

  it('keep white words at 4.5:1 or more over a bright and a busy photo, shown or hovered', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openWithPhotos(page);
    const tiles = page.locator('#section article');
    await photosLoaded(page, tiles);
    for (const index of [0, 1]) {
      const tile = tiles.nth(index);
      const title = tile.locator('.phantom-tile-title');
      expect(await whiteTextContrast(page, title), `title ${index}`).toBeGreaterThanOrEqual(4.5);
      // The description reads without hover (touch and keyboard users never hover), under the
      // picture, not over it.
      const desc = tile.locator('.phantom-tile-desc');
      expect(await desc.isVisible(), `text ${index}`).toBe(true);
      expect(await desc.evaluate((p) => getComputedStyle(p).opacity)).toBe('1');
      const [picture, words] = await Promise.all([
        tile.locator('.phantom-tile-image').boundingBox(),
        desc.boundingBox(),
      ]);
      expect(words!.height, `text ${index}`).toBeGreaterThan(20);
      expect(words!.y).toBeGreaterThanOrEqual(picture!.y + picture!.height);
      expect(await whiteTextContrast(page, desc), `text ${index}`).toBeGreaterThanOrEqual(4.5);
      await title.hover();
      expect(await whiteTextContrast(page, title), `hovered ${index}`).toBeGreaterThanOrEqual(4.5);
      // Crisp letters: no shadow smudging them.
      for (const words of [title, desc]) {
        await expect(words.evaluate((node) => getComputedStyle(node).textShadow)).resolves.toBe(
          'none',
        );
      }
      await page.mouse.move(0, 0);
    }
  });

  it('shows a bright photo as itself, untinted with or without hover', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openWithPhotos(page);
    const tiles = page.locator('#section article');
    await photosLoaded(page, tiles);
    const image = tiles.first().locator('.phantom-tile-image');
    const box = (await image.boundingBox())!;
    const strip = { x: box.x + 8, y: box.y + 8, width: box.width - 16, height: 24 };
    // The photo is near white (about 0.93); a 15 % tint of the tile's red left about 0.75.
    expect(mean(await luminances(page, strip))).toBeGreaterThan(0.88);
    await tiles.first().locator('.phantom-tile-title').hover();
    expect(mean(await luminances(page, strip))).toBeGreaterThan(0.88);
  });

  it('on a phone, sets the title and words on the tile’s colour below the photo', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openWithPhotos(page);
    await page.setViewportSize({ width: 375, height: 800 });
    const tiles = page.locator('#section article');
    await photosLoaded(page, tiles);
    for (const index of [0, 1]) {
      const tile = tiles.nth(index);
      const title = tile.locator('.phantom-tile-title');
      expect(await whiteTextContrast(page, title), `title ${index}`).toBeGreaterThanOrEqual(4.5);
      const [picture, desc] = await Promise.all([
        tile.locator('.phantom-tile-image').boundingBox(),
        tile.locator('.phantom-tile-desc').boundingBox(),
      ]);
      expect(desc!.y).toBeGreaterThanOrEqual(picture!.y + picture!.height);
    }
  });
});

describe('Phantom tiles without a photo', () => {
  const session = useBrowser();

  /** A photographer's services without photos, each with its icon, then two of her photos. */
  function services() {
    const data = structuredClone(SAMPLE_DATA.template5);
    const photo = { link: '', icon: 'camera' as const, desc: 'Her own photo.' };
    data.section!.sectionTiles = [
      {
        img: '',
        title: 'Portraits',
        desc: 'Portraits at home, in natural light.',
        link: '',
        icon: 'camera',
      },
      {
        img: '',
        title: 'Weddings',
        desc: 'The whole day, first ritual to last dance.',
        link: '',
        icon: 'heart',
      },
      {
        img: '',
        title: 'Workshops',
        desc: 'Weekend photo walks for beginners.',
        link: '',
        icon: 'globe',
      },
      { ...photo, img: '/templates/art/tile-01.svg', title: 'Temple at dawn' },
      { ...photo, img: '/templates/art/tile-02.svg', title: 'Flower market' },
    ];
    return data;
  }

  /** Each tile without a photo: its icon whole on the tile's colour, no stripes, white words. */
  async function checkServices(page: Page, tiles: Locator, indices: number[], iconMin: number) {
    for (const index of indices) {
      const tile = tiles.nth(index);
      const place = (await tile.locator('.phantom-tile-image').boundingBox())!;
      const icon = (await tile.locator('.phantom-tile-image svg').boundingBox())!;
      // A striped plate and nothing on it read as a tile not yet finished.
      expect(icon.width, `tile ${index}`).toBeGreaterThanOrEqual(iconMin);
      expect(icon.height, `tile ${index}`).toBeGreaterThanOrEqual(iconMin);
      expect(icon.x).toBeGreaterThan(place.x);
      expect(icon.x + icon.width).toBeLessThan(place.x + place.width);
      const look = await tile.evaluate((article) => {
        const inside = [...article.querySelectorAll('.phantom-tile-image, .phantom-tile-image *')];
        return {
          images: inside.map((element) => getComputedStyle(element).backgroundImage),
          icon: getComputedStyle(article.querySelector('.phantom-tile-image svg')!).color,
        };
      });
      expect(
        look.images.filter((image) => image !== 'none'),
        `tile ${index}`,
      ).toEqual([]);
      expect(look.icon).toBe('rgb(255, 255, 255)');
      const title = tile.locator('.phantom-tile-title');
      expect(await whiteTextContrast(page, title), `title ${index}`).toBeGreaterThanOrEqual(4.5);
    }
  }

  it.each([1280, 375])(
    'alone, draw their icon large on the tile’s colour in a photo’s place (%i px)',
    async (width) => {
      const page = await session.newPage({ width, height: 900 });
      // Scrolled to at once: a smooth scroll still under way moved the letters' box off them.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const data = services();
      data.section!.sectionTiles = data.section!.sectionTiles.filter((tile) => !tile.img);
      await showDraft(page, 'template5', data);
      const tiles = page.locator('#section article');
      await expect.poll(() => tiles.count()).toBe(3);
      await checkServices(page, tiles, [0, 1, 2], 56);
      // The photo's place: 4:3, or 8:5 on a phone.
      const place = (await tiles.nth(0).locator('.phantom-tile-image').boundingBox())!;
      expect(Math.abs(place.width / place.height - (width > 480 ? 4 / 3 : 8 / 5))).toBeLessThan(
        0.02,
      );
      await expect.poll(() => page.locator('.phantom-services-title').count()).toBe(0);
    },
  );

  it.each([1280, 375])(
    'among photos, follow them under a heading as compact cards of their icon (%i px)',
    async (width) => {
      const page = await session.newPage({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await showDraft(page, 'template5', services());
      const tiles = page.locator('#section article');
      await expect.poll(() => tiles.count()).toBe(5);
      // The two photos first, then the heading, then the three services.
      await expect.poll(() => tiles.nth(1).locator('img').count()).toBe(1);
      const photo = (await tiles.nth(1).boundingBox())!;
      const heading = (await page.locator('#section .phantom-services-title').boundingBox())!;
      expect(heading.y).toBeGreaterThanOrEqual(photo.y + photo.height);
      for (const index of [2, 3, 4]) {
        const tile = (await tiles.nth(index).boundingBox())!;
        expect(tile.y).toBeGreaterThanOrEqual(heading.y + heading.height);
        expect(tile.height).toBeLessThan(photo.height / 2);
      }
      await checkServices(page, tiles, [2, 3, 4], 20);
    },
  );
});
