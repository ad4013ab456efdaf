import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PortfolioData } from '../src/shared/domain/portfolio.js';
import { parsed } from '../src/shared/templates/common/test-helpers.js';
import { useBrowser } from './browser.js';
import { showDraft } from './fixtures.js';

/*
 * Directive and Solid-State with a photographer's own page: a 3:4 phone portrait uploaded with its
 * focal point on the face, landscapes beside it, an ochre accent and a Hindi section title.
 */

const HASH = 'c0741f'.padEnd(64, '0');
/** An upload as the editor stores it: 1200x1600, its focal point on the face in the upper third. */
const PORTRAIT = `upload:${HASH}:1200x1600#50,28`;

/** The portrait: a face in the upper third over shoulders, on a pale wall. */
const portraitPhoto = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600">' +
        '<rect width="1200" height="1600" fill="#dfe6ee"/>' +
        '<ellipse cx="600" cy="450" rx="200" ry="250" fill="#c8935f"/>' +
        '<rect x="200" y="760" width="800" height="840" rx="300" fill="#8a2b3a"/></svg>',
    ),
  )
    .jpeg()
    .toBuffer();

/** A bright 3:2 landscape: sky over sand. */
const landscapePhoto = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">' +
        '<rect width="1600" height="1067" fill="#9fd3f0"/>' +
        '<rect y="640" width="1600" height="427" fill="#e8c77a"/></svg>',
    ),
  )
    .jpeg()
    .toBuffer();

async function servePhotos(page: Page): Promise<void> {
  const portrait = await portraitPhoto();
  const landscape = await landscapePhoto();
  // Every width and format of the upload answers with the one JPEG: the browser reads the bytes.
  await page
    .context()
    .route(`**/media/${HASH}/**`, (route) =>
      route.fulfill({ body: portrait, contentType: 'image/jpeg' }),
    );
  await page
    .context()
    .route('https://photos.example.com/*', (route) =>
      route.fulfill({ body: landscape, contentType: 'image/jpeg' }),
    );
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

const tiles = (titles: string[], img: string) =>
  titles.map((title) => ({ title, desc: `${title}, a photo essay.`, img, link: '' }));

function directiveData(): PortfolioData {
  return parsed({
    personalDetails: { name: 'Meenakshi Sundaram', headline: 'Photographer, Madurai' },
    section: {
      sectionTitle: 'निबंध',
      sectionTiles: [
        ...tiles(['Backwater kitchens'], 'https://photos.example.com/kitchens.jpg'),
        ...tiles(['Self-portrait'], PORTRAIT),
        ...tiles(['Looms', 'Night shift'], 'https://photos.example.com/looms.jpg'),
      ],
    },
    contactDetails: { email: 'meenakshi@example.com' },
    appearance: { accent: '#c0741f' },
  });
}

function solidStateData(): PortfolioData {
  return parsed({
    personalDetails: {
      name: 'Meenakshi Sundaram',
      headline: 'Photographer, Madurai',
      intro: 'I photograph kitchens, looms and night shifts across Tamil Nadu.',
      profileImage: PORTRAIT,
    },
    section: {
      sectionTitle: 'निबंध',
      sectionTiles: [
        ...tiles(['Backwater kitchens'], 'https://photos.example.com/kitchens.jpg'),
        ...tiles(['Self-portrait'], PORTRAIT),
        ...tiles(['Looms'], 'https://photos.example.com/looms.jpg'),
      ],
    },
    section2: {
      sectionTitle: 'What I do',
      sectionTiles: [{ title: 'Assignments', desc: 'Editorial and NGO work.' }],
    },
    contactDetails: { email: 'meenakshi@example.com' },
    appearance: { accent: '#c0741f' },
  });
}

/**
 * How much of its photo's height an `object-fit: cover` image shows (1 for all of it), once the
 * photo has loaded, and where it is held.
 */
async function shownHeight(image: Locator): Promise<{ shown: number; position: string }> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  return image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    const scale = Math.max(box.width / img.naturalWidth, box.height / img.naturalHeight);
    return {
      shown: box.height / (img.naturalHeight * scale),
      position: getComputedStyle(img).objectPosition,
    };
  });
}

const tile = (page: Page, title: string) =>
  page.locator('#section article').filter({ has: page.getByRole('heading', { name: title }) });

describe('a portrait photo among landscapes', () => {
  const session = useBrowser();

  for (const width of [1280, 375]) {
    it(`shows most of the person in Directive, around the focal point (${width} px)`, async () => {
      const page = await session.newPage({ width, height: 900 }, { bypassCSP: true });
      await servePhotos(page);
      await showDraft(page, 'template2', directiveData());

      // An 8:5 frame across half the row kept 43% of a 3:4 portrait's height: a band of the face.
      const portrait = await shownHeight(tile(page, 'Self-portrait').locator('img'));
      expect(portrait.shown).toBeGreaterThanOrEqual(0.6);
      expect(portrait.position).toBe('50% 28%');

      // A landscape keeps its frame: half the row at 1280, 8:5 across a phone.
      const row = (await tile(page, 'Backwater kitchens').boundingBox())!;
      const media = (await tile(page, 'Backwater kitchens')
        .locator('.dv-feature__media')
        .boundingBox())!;
      if (width === 1280) expect(Math.abs(media.width - row.width / 2)).toBeLessThan(2);
      else expect(Math.abs(media.width / media.height - 8 / 5)).toBeLessThan(0.02);
      // The portrait's row splits on the same centre line: its picture as wide as the others.
      const portraitMedia = (await tile(page, 'Self-portrait')
        .locator('.dv-feature__media')
        .boundingBox())!;
      expect(Math.abs(portraitMedia.width - media.width)).toBeLessThan(2);
    });

    it(`shows most of the person in a Solid-State spotlight (${width} px)`, async () => {
      const page = await session.newPage({ width, height: 900 }, { bypassCSP: true });
      await servePhotos(page);
      await showDraft(page, 'template4', solidStateData());

      // The 3:2 frame kept half of it.
      const portrait = await shownHeight(tile(page, 'Self-portrait').locator('img'));
      expect(portrait.shown).toBeGreaterThanOrEqual(0.6);
      expect(portrait.position).toBe('50% 28%');

      const landscape = (await tile(page, 'Backwater kitchens')
        .locator('.spotlight__image')
        .boundingBox())!;
      expect(Math.abs(landscape.width / landscape.height - 3 / 2)).toBeLessThan(0.02);
    });
  }
});

describe('Mini-port with a photographer’s four photos and her three services', () => {
  const session = useBrowser();

  // Her portrait of a neighbour, its focal point set on the hair near the photo's top.
  const HAIR_FOCUS = `upload:${HASH}:1200x1600#50,10`;

  function photographer(): PortfolioData {
    return parsed({
      personalDetails: { name: 'Meenakshi Sundaram', headline: 'Photographer, Madurai' },
      section: {
        sectionTitle: 'Services',
        sectionTiles: (['Portraits', 'Weddings', 'Workshops'] as const).map((title) => ({
          title,
          desc: `${title} on request, across Tamil Nadu.`,
          icon: 'camera',
        })),
      },
      section2: {
        sectionTitle: 'निबंध',
        sectionTiles: [
          ...tiles(['Temple morning', 'Mehendi night'], 'https://photos.example.com/a.jpg'),
          ...tiles(['Lakshmi, 82'], HAIR_FOCUS),
          ...tiles(['Vaigai at dusk'], 'https://photos.example.com/b.jpg'),
        ],
      },
      contactDetails: { email: 'meenakshi@example.com' },
      appearance: { accent: '#c0741f' },
    });
  }

  for (const width of [1280, 375]) {
    it(`shows the photos large and the portrait’s top in view (${width} px)`, async () => {
      const page = await session.newPage({ width, height: 900 }, { bypassCSP: true });
      await servePhotos(page);
      await showDraft(page, 'template1', photographer());

      const photos = await page
        .locator('#section2 .mp-work__media')
        .evaluateAll((frames) =>
          frames.map((frame) => frame.getBoundingClientRect().toJSON() as DOMRect),
        );
      const services = await page
        .locator('#section .mp-service')
        .evaluateAll((cards) =>
          cards.map((card) => card.getBoundingClientRect().toJSON() as DOMRect),
        );
      const about = JSON.stringify({ photos, services });
      expect(photos, about).toHaveLength(4);
      if (width === 1280) {
        // A shop window: two to a row, each photo 548 px wide (three to a row were 288).
        for (const photo of photos) expect(photo.width, about).toBeGreaterThanOrEqual(500);
        expect(new Set(photos.map((photo) => Math.round(photo.top))).size, about).toBe(2);
        // The services stay compact: three in one row, each narrower than a photo.
        expect(new Set(services.map((card) => Math.round(card.top))).size, about).toBe(1);
        for (const card of services) expect(card.width, about).toBeLessThan(photos[0]!.width);
      } else {
        // Across the phone, one to a row.
        for (const photo of photos) expect(photo.width, about).toBeGreaterThan(width * 0.85);
      }

      // The 8:5 frame showed 47% of a 3:4 portrait's height, from a fifth of the way down: the
      // hair cut. A square frame shows 75%, held at its focal point: its top in view.
      const portrait = await shownHeight(
        page.locator('#section2 article').filter({ hasText: 'Lakshmi, 82' }).locator('img'),
      );
      expect(portrait.position).toBe('50% 10%');
      expect(portrait.shown).toBeGreaterThanOrEqual(0.74);
      const hiddenAbove = (1 - portrait.shown) * 0.1;
      expect(hiddenAbove).toBeLessThan(0.03);
    });
  }
});

describe('Solid-State’s edges', () => {
  const session = useBrowser();

  for (const width of [1280, 375]) {
    it(`starts the banner, the spotlights and the bands on one left edge (${width} px)`, async () => {
      const page = await session.newPage({ width, height: 900 }, { bypassCSP: true });
      await servePhotos(page);
      await showDraft(page, 'template4', solidStateData());

      const left = async (locator: Locator) => (await locator.boundingBox())!.x;
      const banner = await left(page.locator('.ss-banner__title'));
      // The spotlights stood 64em wide under a 56em banner: 68 px further left at 1280.
      const edges = [
        await left(page.locator('#section h2')),
        await left(tile(page, 'Backwater kitchens').locator('.spotlight__image')),
        await left(tile(page, 'Self-portrait').locator('.spotlight__content')),
        await left(page.locator('#section2 h2')),
        await left(page.locator('#contactDetails h2')),
      ];
      for (const edge of edges) expect(Math.abs(edge - banner)).toBeLessThanOrEqual(2);
    });
  }
});

describe('Directive with a photographer’s essays and her services in its one section', () => {
  const session = useBrowser();

  // Another template's services join Directive's one section on a change of template, after
  // the essays: each stood a full feature row, its icon in a photo's place, among the essays.
  function photographer(): PortfolioData {
    const data = directiveData();
    data.section!.sectionTiles = [
      ...tiles(['Backwater kitchens', 'Looms', 'Night shift'], 'https://photos.example.com/k.jpg'),
      ...tiles(['Self-portrait'], PORTRAIT),
      ...(
        [
          ['Assignments', 'camera'],
          ['Prints', 'paintbrush'],
          ['Workshops', 'leaf'],
        ] as const
      ).map(([title, icon]) => ({ title, desc: `${title} on request.`, img: '', link: '', icon })),
    ];
    data.section!.sectionSubTitle = 'Photo essays';
    data.section!.sectionFooterText = 'Prints and full sequences are available on request.';
    return data;
  }

  for (const width of [1280, 375]) {
    it(`sets the services apart in a compact row after the photos (${width} px)`, async () => {
      const page = await session.newPage({ width, height: 900 }, { bypassCSP: true });
      await servePhotos(page);
      await showDraft(page, 'template2', photographer());

      const rows = await page
        .locator('#section .dv-feature')
        .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON()));
      const services = await page
        .locator('#section .dv-service')
        .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON()));
      expect(rows).toHaveLength(4);
      expect(services).toHaveLength(3);
      const photosEnd = Math.max(...rows.map((row: DOMRect) => row.bottom));
      const landscapeRow = rows[0] as DOMRect;
      for (const service of services as DOMRect[]) {
        expect(service.top).toBeGreaterThan(photosEnd);
        // Three in one row of 233 px at 1280 for three rows of 333; a short line on a phone.
        expect(service.height).toBeLessThan(landscapeRow.height * (width === 1280 ? 0.75 : 0.5));
      }
      // A heading of their own between the last photo and them: under the photos' title alone
      // ("निबंध", essays) they read as three more essays.
      const heading = page.locator('#section .dv-services__title');
      await expect.poll(() => heading.textContent()).toBe('Services');
      const headingBox = (await heading.boundingBox())!;
      expect(headingBox.y).toBeGreaterThanOrEqual(photosEnd);
      expect(headingBox.y + headingBox.height).toBeLessThanOrEqual(
        Math.min(...services.map((s: DOMRect) => s.top)),
      );
      // A step below the section's title.
      const size = (locator: Locator) =>
        locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      expect(await size(heading)).toBeLessThan(await size(page.locator('.dv-section__title')));
      if (width === 1280) {
        // One row of three: together no taller than one photo row was (each was one).
        expect(new Set(services.map((service: DOMRect) => Math.round(service.top))).size).toBe(1);
      }
      // And the footer text still closes the section, after them.
      const footer = (await page.locator('.dv-section__footer').boundingBox())!;
      expect(footer.y).toBeGreaterThan(Math.max(...services.map((s: DOMRect) => s.bottom)));
    });
  }
});

describe('Phantom with a photographer’s essays and her services in its one section', () => {
  const session = useBrowser();

  // Another template's services join Phantom's one section on a change of template: each was a
  // photo-sized card of a large icon in the photo grid, under the essays' title "निबंध".
  function photographer(): PortfolioData {
    const data = directiveData();
    data.section!.sectionTiles = [
      ...data.section!.sectionTiles,
      ...(
        [
          ['Portraits', 'camera'],
          ['Weddings', 'heart'],
          ['Workshops', 'leaf'],
        ] as const
      ).map(([title, icon]) => ({ title, desc: `${title} on request.`, img: '', link: '', icon })),
    ];
    return data;
  }

  for (const width of [1280, 375]) {
    it(`draws the services after the photos under a heading of their own (${width} px)`, async () => {
      const page = await session.newPage({ width, height: 900 }, { bypassCSP: true });
      await servePhotos(page);
      await showDraft(page, 'template5', photographer());

      const boxes = (selector: string) =>
        page
          .locator(selector)
          .evaluateAll((tiles) =>
            tiles.map((tile) => tile.getBoundingClientRect().toJSON() as DOMRect),
          );
      const photos = await boxes('#section .phantom-tile:has(img)');
      const services = await boxes('#section .phantom-tile:not(:has(img))');
      expect(photos).toHaveLength(4);
      expect(services).toHaveLength(3);
      const photosEnd = Math.max(...photos.map((photo) => photo.bottom));
      const heading = page.locator('#section .phantom-services-title');
      await expect.poll(() => heading.textContent()).toBe('Services');
      const headingBox = (await heading.boundingBox())!;
      expect(headingBox.y).toBeGreaterThanOrEqual(photosEnd);
      for (const service of services) {
        expect(service.top).toBeGreaterThanOrEqual(headingBox.y + headingBox.height);
        // Compact: well under half a photo tile's height (366 px against 106 at 1280).
        expect(service.height).toBeLessThan(photos[0]!.height / 2);
      }
      // Evenly filled rows: at 1280 the three services share one row of equal cells.
      if (width === 1280)
        expect(new Set(services.map((service) => Math.round(service.top))).size).toBe(1);
      for (const service of services)
        expect(Math.abs(service.width - services[0]!.width)).toBeLessThan(1);
    });
  }
});
