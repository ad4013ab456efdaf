import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PortfolioData } from '../src/shared/domain/portfolio.js';
import { TEMPLATE_IDS, type TemplateId } from '../src/shared/templates/catalog.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { showDraft } from './fixtures.js';

/*
 * Directive and Solid-State with what a new user really brings: a phone portrait (3:4), a bright
 * sunset, tiles without pictures, a long South Indian name and a real paragraph of introduction.
 */

const SUNSET = { r: 255, g: 176, b: 84 };

/** A bright 1600x1200 photo: one warm orange, with a paler sun in a corner. */
const sunsetPhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: SUNSET } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="1200"><circle cx="1400" cy="180" r="120" fill="#fff3c4"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();

/** A 1200x1600 portrait, as a phone takes it: a face over shoulders on a pale wall. */
const portraitPhoto = () =>
  sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#dfe6ee' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="1600"><ellipse cx="600" cy="620" rx="260" ry="320" ' +
            'fill="#c8935f"/><rect x="180" y="1050" width="840" height="550" rx="300" ' +
            'fill="#8a2b3a"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();

/** A night shot that came out almost black: #0b0b10 all over, as a PNG. */
const NIGHT = { r: 11, g: 11, b: 16 };
const nightPhoto = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: NIGHT } })
    .png()
    .toBuffer();

async function servePhotos(page: Page): Promise<void> {
  const photos: Record<string, Buffer> = {
    'sunset.jpg': await sunsetPhoto(),
    'portrait.jpg': await portraitPhoto(),
    'night.png': await nightPhoto(),
  };
  await page.context().route('https://photos.example.com/*', (route) => {
    const name = route.request().url().split('/').pop()!;
    return route.fulfill({
      body: photos[name]!,
      contentType: name.endsWith('.png') ? 'image/png' : 'image/jpeg',
    });
  });
  // No hover zoom mid-measurement.
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

async function loaded(page: Page, selector: string): Promise<void> {
  const image = page.locator(selector);
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

/**
 * On how many lines each word of an element's text stands: 1 for a word kept whole. Words are
 * what spaces divide, in every text node inside the element (a hyphenated word is one).
 */
function linesOfEachWord(element: Locator): Promise<number[]> {
  return element.evaluate((node) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const lines: number[] = [];
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const match of text.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        lines.push(new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size);
      }
    }
    return lines;
  });
}

const LONG_NAME = 'Venkatasubramanian Srinivasaraghavan Iyer';
const HYPHENATED_NAME = 'Meenakshi Venkataraman-Deshpande';
const LONG_INTRO =
  'I am an architect in Pune designing homes, schools and small public buildings that stay cool ' +
  'without air-conditioning: deep verandahs, jaali screens, shaded courtyards and local laterite ' +
  'stone.\n\nIn twelve years my studio has finished 40 projects across Maharashtra and Goa.';

function directiveData(): PortfolioData {
  const data = structuredClone(SAMPLE_DATA.template2);
  data.personalDetails.profileImage = 'https://photos.example.com/portrait.jpg';
  const tiles = data.section!.sectionTiles;
  tiles[0]!.img = 'https://photos.example.com/sunset.jpg';
  delete tiles[0]!.icon;
  tiles[1]!.img = '';
  delete tiles[1]!.icon;
  tiles[2]!.img = '';
  tiles[3]!.img = 'https://photos.example.com/portrait.jpg';
  return data;
}

function solidStateData(): PortfolioData {
  const data = structuredClone(SAMPLE_DATA.template4);
  data.personalDetails.name = LONG_NAME;
  data.personalDetails.intro = LONG_INTRO;
  data.personalDetails.profileImage = 'https://photos.example.com/portrait.jpg';
  for (const tile of data.section2!.sectionTiles) tile.img = '';
  data.section!.sectionTiles[0]!.img = '';
  return data;
}

describe('Directive with a person’s own photos and words', () => {
  const session = useBrowser();

  for (const width of [1280, 375]) {
    it(`crops a portrait upload to the round ring, shows photos undimmed, no empty frames (${width} px)`, async () => {
      const page = await session.newPage({ width, height: 900 }, { bypassCSP: true });
      await servePhotos(page);
      await showDraft(page, 'template2', directiveData());

      await loaded(page, '.dv-logo img');
      const ring = (await page.locator('.dv-logo').boundingBox())!;
      const photo = (await page.locator('.dv-logo img').boundingBox())!;
      expect(Math.abs(photo.width - photo.height)).toBeLessThanOrEqual(1);
      expect(photo.y).toBeGreaterThanOrEqual(ring.y);
      expect(photo.y + photo.height).toBeLessThanOrEqual(ring.y + ring.height + 0.5);

      // The middle of the sunset keeps its own colour (no dark veil over the person's work).
      const sunset = '#section article:first-child img';
      await loaded(page, sunset);
      const media = (await page.locator(sunset).boundingBox())!;
      const png = await page.screenshot({
        clip: {
          x: media.x + media.width * 0.3,
          y: media.y + media.height * 0.3,
          width: media.width * 0.4,
          height: media.height * 0.4,
        },
      });
      const { channels } = await sharp(png).stats();
      expect(Math.abs(channels[0]!.mean - SUNSET.r)).toBeLessThan(8);
      expect(Math.abs(channels[1]!.mean - SUNSET.g)).toBeLessThan(8);
      expect(Math.abs(channels[2]!.mean - SUNSET.b)).toBeLessThan(8);
      // And its edges too: no shade drawn in from the frame (a photographer's review).
      const edge = await page.screenshot({
        clip: { x: media.x + 4, y: media.y + media.height * 0.4, width: 6, height: 20 },
      });
      const edgeChannels = (await sharp(edge).stats()).channels;
      expect(Math.abs(edgeChannels[0]!.mean - SUNSET.r)).toBeLessThan(8);
      expect(Math.abs(edgeChannels[1]!.mean - SUNSET.g)).toBeLessThan(8);

      // A tile without a picture among photos is no empty frame: a service under the photos,
      // led by its icon (or Directive's paper plane, for a tile without one).
      const services = page.locator('#section .dv-service');
      await expect.poll(() => services.count()).toBe(2);
      for (const index of [0, 1]) {
        const badge = (await services.nth(index).locator('.dv-feature__icon svg').boundingBox())!;
        expect(badge.width, `service ${index}`).toBeGreaterThan(15);
      }

      // A badge heads its tile's words, whole and clear of the photo.
      const withPhoto = page.locator('#section .dv-feature').nth(1);
      const badge = (await withPhoto.locator('.dv-feature__icon').boundingBox())!;
      const body = (await withPhoto.locator('.dv-feature__body').boundingBox())!;
      const picture = (await withPhoto.locator('.dv-feature__media').boundingBox())!;
      expect(badge.x).toBeGreaterThanOrEqual(body.x);
      expect(badge.x + badge.width).toBeLessThanOrEqual(body.x + body.width);
      expect(badge.y).toBeGreaterThanOrEqual(body.y);
      expect(badge.y + badge.height).toBeLessThanOrEqual(body.y + body.height);
      const overlaps =
        badge.x < picture.x + picture.width &&
        picture.x < badge.x + badge.width &&
        badge.y < picture.y + picture.height &&
        picture.y < badge.y + badge.height;
      expect(overlaps).toBe(false);

      if (width === 1280) {
        // The photos keep alternating among themselves: the second one on the right.
        const row = (await withPhoto.boundingBox())!;
        expect(picture.x).toBeGreaterThan(row.x + row.width / 4);
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});

describe('Directive on a phone with tiles without pictures and a long address', () => {
  const session = useBrowser();

  it('sets every tile title in one style and lines the contact lines up on one edge (375 px)', async () => {
    const page = await session.newPage({ width: 375, height: 812 }, { bypassCSP: true });
    await servePhotos(page);
    const data = directiveData();
    data.contactDetails.address = '140 Prabhat Road, Erandwane, Pune 411004, Maharashtra, India';
    await showDraft(page, 'template2', data);

    const titles = await page.locator('#section .dv-feature__title').evaluateAll((headings) =>
      headings.map((heading) => {
        const style = getComputedStyle(heading);
        // What the title stands on: the first box under it drawn in a colour of its own.
        let box: Element | null = heading.parentElement;
        while (box && getComputedStyle(box).backgroundColor === 'rgba(0, 0, 0, 0)') {
          box = box.parentElement;
        }
        return {
          look: [
            style.fontSize,
            style.fontWeight,
            style.letterSpacing,
            style.textTransform,
            style.color,
          ].join(' '),
          ground: box ? getComputedStyle(box).backgroundColor : 'none',
        };
      }),
    );
    expect(titles.length).toBe(4);
    expect(new Set(titles.map((title) => title.look))).toEqual(new Set([titles[0]!.look]));
    expect(new Set(titles.map((title) => title.ground))).toEqual(new Set([titles[0]!.ground]));

    const lines = await page.locator('.dv-contact').evaluate((list) => {
      const icons = [...list.querySelectorAll('.dv-contact__icon')].map(
        (icon) => icon.getBoundingClientRect().left,
      );
      const address = list.querySelector('.dv-contact__text')!;
      const range = document.createRange();
      range.selectNodeContents(address);
      return {
        icons,
        wrapped: new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size,
        left: Math.min(...icons),
        // Where the words end: the longest line of any of them.
        right:
          document.documentElement.clientWidth -
          Math.max(
            ...[...list.querySelectorAll('.dv-contact__text, .dv-contact__link')].flatMap(
              (words) => {
                const lines = document.createRange();
                lines.selectNodeContents(words);
                return [...lines.getClientRects()].map((line) => line.right);
              },
            ),
          ),
      };
    });
    expect(lines.wrapped).toBeGreaterThan(1);
    expect(lines.icons.length).toBeGreaterThan(1);
    expect(Math.max(...lines.icons) - Math.min(...lines.icons)).toBeLessThan(1);
    // The group stays in the middle of the footer.
    expect(Math.abs(lines.left - lines.right)).toBeLessThan(32);
  });
});

describe('Solid-State with a long name, a real introduction and tiles without pictures', () => {
  const session = useBrowser();

  it('keeps only short text in capitals: a long first intro paragraph reads in normal case', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await servePhotos(page);
    await showDraft(page, 'template4', solidStateData());
    const paragraphs = page.locator('.ss-banner__intro p');
    for (const index of [0, 1]) {
      await expect(
        paragraphs.nth(index).evaluate((p) => getComputedStyle(p).textTransform),
      ).resolves.toBe('none');
    }
    // A short greeting line keeps the template's spaced capitals.
    const data = solidStateData();
    data.personalDetails.intro = 'Architect in Pune.\n\n' + LONG_INTRO;
    await showDraft(page, 'template4', data);
    await expect(
      paragraphs.first().evaluate((p) => getComputedStyle(p).textTransform),
    ).resolves.toBe('uppercase');
    await expect(
      paragraphs.nth(1).evaluate((p) => getComputedStyle(p).textTransform),
    ).resolves.toBe('none');
  });

  for (const width of [375, 320]) {
    for (const long of [LONG_NAME, HYPHENATED_NAME]) {
      it(`keeps the top bar's name on one line at ${width} px, the heading's words whole (${long})`, async () => {
        const page = await session.newPage({ width, height: 800 });
        await servePhotos(page);
        const data = solidStateData();
        data.personalDetails.name = long;
        await showDraft(page, 'template4', data);
        await page.evaluate(() => document.fonts.ready);

        const header = page.locator('.ss-header__name');
        const shown = await header.evaluate((link) => {
          const label = link.querySelector('.ss-header__label')!;
          const bar = link.closest('header')!.getBoundingClientRect();
          const box = label.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(label);
          return {
            lines: new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size,
            inBar: box.top >= bar.top && box.bottom <= bar.bottom,
            ellipsis: getComputedStyle(label).textOverflow,
          };
        });
        // Two lines crowded the bar; a name longer than it ends in an ellipsis.
        expect(shown.lines).toBe(1);
        expect(shown.ellipsis).toBe('ellipsis');
        expect(shown.inBar).toBe(true);
        await expect(header.textContent()).resolves.toBe(long);
        const headerBox = (await header.boundingBox())!;
        const menuBox = (await page.locator('.ss-menu__toggle').boundingBox())!;
        expect(headerBox.x + headerBox.width).toBeLessThanOrEqual(menuBox.x + 0.5);
        expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(width);

        // Every word of the name, a hyphenated one too, stays on one line and inside the page.
        const name = page.locator('.ss-banner__name');
        expect(await linesOfEachWord(name)).toEqual(long.split(' ').map(() => 1));
        await expect(
          name.evaluate((element) => element.getBoundingClientRect().right),
        ).resolves.toBeLessThanOrEqual(width);
        const title = page.locator('#ss-title');
        await expect(title.evaluate((h1) => h1.scrollWidth <= h1.clientWidth)).resolves.toBe(true);
      });
    }
  }

  for (const width of [1280, 375]) {
    it(`sets the name in the banner as written, sized to keep its longest word whole (${width} px)`, async () => {
      const page = await session.newPage({ width, height: 800 });
      await servePhotos(page);
      for (const person of [HYPHENATED_NAME, 'Ravi Rao', 'मीनाक्षी वेंकटरमन']) {
        const data = solidStateData();
        data.personalDetails.name = person;
        await showDraft(page, 'template4', data);
        await page.evaluate(() => document.fonts.ready);
        const name = page.locator('.ss-banner__name');
        const look = await name.evaluate((element) => ({
          transform: getComputedStyle(element).textTransform,
          size: parseFloat(getComputedStyle(element).fontSize),
          body: parseFloat(
            getComputedStyle(document.querySelector('.ss-banner__intro p')!).fontSize,
          ),
        }));
        // Capitals only where the name has them: a long name in spaced capitals shouted.
        expect(look.transform, person).toBe('none');
        expect(await linesOfEachWord(name), person).toEqual(person.split(' ').map(() => 1));
        // Well above the introduction, a short name at the template's full size.
        expect(look.size, person).toBeGreaterThanOrEqual(look.body * 1.3);
        if (person === 'Ravi Rao')
          expect(look.size).toBeGreaterThanOrEqual(width === 375 ? 26 : 44);
        await expect(
          page.locator('#ss-title').evaluate((h1) => h1.scrollWidth <= h1.clientWidth),
        ).resolves.toBe(true);
        // The greeting keeps the template's light spaced capitals.
        await expect(
          page.locator('.ss-banner__hi').evaluate((hi) => getComputedStyle(hi).textTransform),
        ).resolves.toBe('uppercase');
      }
    });
  }

  it('shows the first band on the first screen at 1280 px with a long name and a portrait', async () => {
    const page = await session.newPage({ width: 1280, height: 800 }, { bypassCSP: true });
    await servePhotos(page);
    await showDraft(page, 'template4', solidStateData());
    await page.evaluate(() => document.fonts.ready);
    const look = await page.evaluate(() => ({
      band: document.querySelector('#section h2, #section h3')!.getBoundingClientRect().bottom,
      portrait: document.querySelector('.ss-banner__portrait')!.getBoundingClientRect(),
      title: document.querySelector('#ss-title')!.getBoundingClientRect(),
    }));
    expect(look.band).toBeLessThanOrEqual(800);
    // The portrait stands beside the heading, not over it.
    expect(look.portrait.left).toBeGreaterThanOrEqual(look.title.right);
  });

  for (const width of [1280, 375]) {
    it(`gives a words-only card beside a picture card a title block in the picture's place (${width} px)`, async () => {
      const page = await session.newPage({ width, height: 900 }, { bypassCSP: true });
      await servePhotos(page);
      const data = solidStateData();
      data.section2!.sectionTiles[0]!.img = 'https://photos.example.com/sunset.jpg';
      await showDraft(page, 'template4', data);
      await loaded(page, '#section2 .feature__image img');
      const cards = await page.locator('#section2 .ss-features__grid').evaluate((grid) => {
        const [picture, words] = [...grid.querySelectorAll('.feature')].map((card) => ({
          top: card.getBoundingClientRect().top,
          title: card.querySelector('.feature__title')!.getBoundingClientRect(),
          text: card.querySelector('.ss-text')!.getBoundingClientRect().top,
          image: card.querySelector('.feature__image')?.getBoundingClientRect().height ?? 0,
        }));
        return { picture: picture!, words: words! };
      });
      if (width === 1280) {
        // Side by side: the words start level with the neighbour's, under a title block as tall
        // as its picture, instead of floating in the middle of an empty card.
        expect(cards.words.top).toBe(cards.picture.top);
        expect(Math.abs(cards.words.text - cards.picture.text)).toBeLessThan(40);
        expect(cards.words.title.height).toBeGreaterThan(cards.picture.image * 0.9);
        expect(cards.words.title.top - cards.words.top).toBeLessThan(8);
      } else {
        // Stacked on a phone a words-only card needs no stand-in block: it is its words.
        expect(cards.words.title.height).toBeLessThan(120);
      }
    });
  }

  it('shows spotlight photos whole enough to read, not cut to a small circle', async () => {
    for (const width of [1280, 375]) {
      const page = await session.newPage({ width, height: 900 }, { bypassCSP: true });
      await servePhotos(page);
      const data = solidStateData();
      data.section!.sectionTiles[0]!.img = 'https://photos.example.com/sunset.jpg';
      await showDraft(page, 'template4', data);
      const photo = page.locator('#section .spotlight__image img').first();
      await loaded(page, '#section .spotlight--odd .spotlight__image img >> nth=0');
      const look = await photo.evaluate((img) => {
        const frame = img.parentElement!;
        return {
          width: frame.getBoundingClientRect().width,
          height: frame.getBoundingClientRect().height,
          radius: parseFloat(getComputedStyle(frame).borderTopLeftRadius),
          page: document.documentElement.clientWidth,
        };
      });
      // A 4:3 painting keeps most of itself: the frame is wide, and its corners barely round.
      expect(look.width / look.height, `at ${width}`).toBeGreaterThan(1.3);
      expect(look.radius, `at ${width}`).toBeLessThan(look.height / 10);
      expect(look.width / look.page, `at ${width}`).toBeGreaterThan(width > 736 ? 0.3 : 0.8);
    }
  });

  it('sets a spotlight without a picture from the left, and a card without one title-led', async () => {
    for (const width of [1280, 375]) {
      const page = await session.newPage({ width, height: 900 }, { bypassCSP: true });
      await servePhotos(page);
      const data = solidStateData();
      data.section!.sectionTiles[1]!.img = '';
      await showDraft(page, 'template4', data);
      // The second row is a flipped one: its words would read right-aligned beside a picture.
      for (const index of [0, 1]) {
        const row = page.locator('#section .spotlight__item').nth(index);
        await expect(row.locator('.spotlight__image').count()).resolves.toBe(0);
        const words = await row.evaluate((item) => {
          const content = item.querySelector('.spotlight__content')!;
          const text = content.querySelector('.ss-text')!;
          return {
            left: content.getBoundingClientRect().left - item.getBoundingClientRect().left,
            align: getComputedStyle(text).textAlign,
            width: content.getBoundingClientRect().width,
          };
        });
        expect(['left', 'start'], `row ${index} at ${width}`).toContain(words.align);
        expect(Math.abs(words.left), `row ${index} at ${width}`).toBeLessThan(1);
        // A reading measure, not a stand-in picture's gap: at least the words' usual column.
        expect(words.width, `row ${index} at ${width}`).toBeGreaterThan(width > 736 ? 500 : 300);
      }
      const card = page.locator('#section2 .feature').nth(0);
      await card.scrollIntoViewIfNeeded();
      const look = await card.evaluate((article) => ({
        picture: article.querySelector('.feature__image') !== null,
        letter: article.querySelector('[class*="placeholder"]') !== null,
        first: article.querySelector('.feature__body')!.firstElementChild!.className,
        rule: parseFloat(getComputedStyle(article.querySelector('.feature__body')!).borderTopWidth),
      }));
      expect(look.picture, `at ${width}`).toBe(false);
      expect(look.letter, `at ${width}`).toBe(false);
      expect(look.first, `at ${width}`).toBe('feature__title');
      expect(look.rule, `at ${width}`).toBeGreaterThanOrEqual(3);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
  });
});

/** The relative luminance of a screenshot's average colour (WCAG's formula). */
async function luminanceOf(png: Buffer): Promise<number> {
  const { channels } = await sharp(png).stats();
  const [r, g, b] = channels.slice(0, 3).map(({ mean }) => {
    const c = mean / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function hyperspaceData(): PortfolioData {
  const data = structuredClone(SAMPLE_DATA.template3);
  data.personalDetails.name = LONG_NAME;
  data.personalDetails.intro = LONG_INTRO;
  data.personalDetails.profileImage = 'https://photos.example.com/portrait.jpg';
  // A near-black accent, which the guard lifts to an indigo close to the spotlights' own.
  data.appearance = { accent: '#1a1a40' };
  return data;
}

describe('Hyperspace with a long name, a portrait and a near-black accent', () => {
  const session = useBrowser();

  it('sets the first screen as one group at 1280 px: words sized for the width, portrait beside them', async () => {
    const page = await session.newPage({ width: 1280, height: 800 }, { bypassCSP: true });
    await servePhotos(page);
    await showDraft(page, 'template3', hyperspaceData());
    await page.evaluate(() => document.fonts.ready);
    const look = await page.locator('.hs-intro').evaluate((intro) => {
      const words = intro.querySelector('.hs-intro__text')!;
      const range = document.createRange();
      range.selectNodeContents(words);
      const lines = [...range.getClientRects()];
      const portrait = intro.querySelector('.hs-portrait')!.getBoundingClientRect();
      const box = intro.getBoundingClientRect();
      const left = Math.min(...lines.map((line) => line.left));
      return {
        gap: portrait.left - Math.max(...lines.map((line) => line.right)),
        before: left - box.left,
        after: box.right - portrait.right,
        lead: parseFloat(getComputedStyle(intro.querySelector('.hs-lead')!).fontSize),
      };
    });
    // Every word of the name stays whole on its line.
    const words = await linesOfEachWord(page.locator('#hs-title'));
    expect(words).toEqual([1, 1, 1]);
    // The portrait sits by the words, not across an empty field from them.
    expect(look.gap).toBeGreaterThan(40);
    expect(look.gap).toBeLessThan(130);
    // The group is in the middle of the screen.
    expect(Math.abs(look.before - look.after)).toBeLessThan(60);
    // The introduction reads at more than body size on a wide screen.
    expect(look.lead).toBeGreaterThanOrEqual(18);
  });

  it('keeps every word of a long name whole at a tablet’s width (the editor’s preview)', async () => {
    const page = await session.newPage({ width: 766, height: 800 }, { bypassCSP: true });
    await servePhotos(page);
    await showDraft(page, 'template3', hyperspaceData());
    await page.evaluate(() => document.fonts.ready);
    const lines = await linesOfEachWord(page.locator('#hs-title'));
    expect(lines).toEqual([1, 1, 1]);
  });

  it('prints every part, not only those scrolled into view', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await servePhotos(page);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await showDraft(page, 'template3', hyperspaceData());
    const hidden = () =>
      page
        .locator('.hs-reveal')
        .evaluateAll(
          (parts) => parts.filter((part) => getComputedStyle(part).opacity !== '1').length,
        );
    // On screen, parts below the first appear as they are scrolled to.
    await expect.poll(hidden).toBeGreaterThan(0);
    await page.emulateMedia({ media: 'print', reducedMotion: 'no-preference' });
    await expect.poll(hidden).toBe(0);
  });

  it('keeps an edge between the spotlights and the features band when the accent comes out indigo', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await servePhotos(page);
    await showDraft(page, 'template3', hyperspaceData());
    // The meeting line in the middle of the screen.
    const top = await page.locator('#section2').evaluate((band) => {
      window.scrollBy(0, band.getBoundingClientRect().top - 400);
      return band.getBoundingClientRect().top;
    });
    // Beside the words of the last spotlight (its right padding) and just below the meeting line.
    const strip = (y: number) => page.screenshot({ clip: { x: 1180, y, width: 60, height: 2 } });
    const above = await luminanceOf(await strip(top - 6));
    const edge = await luminanceOf(await strip(top + 1));
    const ratio = (Math.max(above, edge) + 0.05) / (Math.min(above, edge) + 0.05);
    expect(ratio).toBeGreaterThan(1.3);
  });
});

describe('Hyperspace on a 1280 px laptop', () => {
  const session = useBrowser();

  function ownData(): PortfolioData {
    const data = structuredClone(SAMPLE_DATA.template3);
    data.personalDetails.name = 'Venkataraman-Deshpande Srinivasaraghavan';
    data.personalDetails.headline = 'वास्तुकार और शहरी डिज़ाइनर, पुणे';
    data.personalDetails.profileImage = 'https://photos.example.com/night.png';
    data.section!.sectionTiles[0]!.img = 'https://photos.example.com/night.png';
    return data;
  }

  // At 1280 px and below the menu was a top bar; laptops are very often exactly 1280 wide.
  it('keeps the sidebar at 1280 px, screen-high at the left, and the top bar at 1279', async () => {
    const wide = await session.newPage({ width: 1280, height: 800 });
    await showDraft(wide, 'template3', structuredClone(SAMPLE_DATA.template3));
    const sidebar = (await wide.locator('.hs-sidebar').boundingBox())!;
    expect(sidebar.x).toBe(0);
    expect(sidebar.y).toBe(0);
    expect(sidebar.height).toBe(800);
    expect(sidebar.width).toBeLessThan(300);
    // The content starts where the sidebar ends, and the menu's links stand one above another.
    const content = (await wide.locator('.hs-wrapper').boundingBox())!;
    expect(Math.round(content.x)).toBe(Math.round(sidebar.width));
    const links = await wide
      .locator('.hs-nav a')
      .evaluateAll((all) => all.map((link) => link.getBoundingClientRect().top));
    expect(new Set(links.map(Math.round)).size).toBe(links.length);

    const narrow = await session.newPage({ width: 1279, height: 800 });
    await showDraft(narrow, 'template3', structuredClone(SAMPLE_DATA.template3));
    const bar = (await narrow.locator('.hs-sidebar').boundingBox())!;
    expect(bar.width).toBe(1279);
    expect(bar.height).toBeLessThan(80);
    expect((await narrow.locator('.hs-wrapper').boundingBox())!.x).toBe(0);
  });

  it('keeps a long hyphenated name whole beside the sidebar, a Hindi headline under it', async () => {
    const page = await session.newPage({ width: 1280, height: 800 }, { bypassCSP: true });
    await servePhotos(page);
    await showDraft(page, 'template3', ownData());
    await page.evaluate(() => document.fonts.ready);
    const look = await page.locator('.hs-intro').evaluate((intro) => {
      const box = (selector: string) => intro.querySelector(selector)!.getBoundingClientRect();
      const name = intro.querySelector('h1')!;
      const range = document.createRange();
      range.selectNodeContents(name);
      return {
        sidebar: document.querySelector('.hs-sidebar')!.getBoundingClientRect().right,
        nameLeft: box('h1').left,
        nameRight: Math.max(...[...range.getClientRects()].map((line) => line.right)),
        headline: box('.hs-headline'),
        portraitLeft: box('.hs-portrait').left,
        nameSize: parseFloat(getComputedStyle(name).fontSize),
        scroll: document.documentElement.scrollWidth - innerWidth,
      };
    });
    // Each piece of the name stays whole: it breaks at its hyphen and space only.
    const pieces = await page.locator('#hs-title').evaluate((node) => {
      const text = node.firstChild!;
      return ['Venkataraman-', 'Deshpande', 'Srinivasaraghavan'].map((piece) => {
        const at = node.textContent!.indexOf(piece);
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + piece.length);
        return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
      });
    });
    expect(pieces).toEqual([1, 1, 1]);
    expect(look.nameLeft).toBeGreaterThan(look.sidebar + 40);
    expect(look.nameRight).toBeLessThan(look.portraitLeft - 40);
    expect(look.headline.height).toBeLessThan(60);
    expect(look.nameSize).toBeGreaterThan(40);
    expect(look.scroll).toBeLessThanOrEqual(0);
  });

  // A #0b0b10 photo met the dark sidebar and the portrait's dim ring with no edge at all.
  it('draws a light edge round a near-black photo', async () => {
    const page = await session.newPage({ width: 1280, height: 800 }, { bypassCSP: true });
    await servePhotos(page);
    await showDraft(page, 'template3', ownData());
    await loaded(page, '.hs-spots > :first-child img');
    const media = (await page.locator('.hs-spots > :first-child .hs-spot__media').boundingBox())!;
    const shot = await page.screenshot({
      clip: { x: media.x, y: media.y + media.height / 2, width: 12, height: 1 },
    });
    const { data } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
    const edge = data[0]!;
    const inside = data[3 * 8]!;
    expect(inside).toBeLessThan(20);
    expect(edge - inside).toBeGreaterThan(25);

    await loaded(page, '.hs-portrait img');
    await expect(
      page.locator('.hs-portrait img').evaluate((img) => getComputedStyle(img).outlineStyle),
    ).resolves.toBe('solid');
  });
});

describe('Mini-port with four or seven projects', () => {
  const session = useBrowser();

  for (const count of [4, 7]) {
    it(`ends each grid in rows of two, no card alone on the last row (${count} items, 1280 px)`, async () => {
      const page = await session.newPage({ width: 1280, height: 900 });
      const data = structuredClone(SAMPLE_DATA.template1);
      for (const part of [data.section!, data.section2!]) {
        const tiles = part.sectionTiles;
        part.sectionTiles = Array.from({ length: count }, (_, index) => ({
          ...tiles[index % tiles.length]!,
          title: `${tiles[index % tiles.length]!.title} ${index + 1}`,
        }));
      }
      await showDraft(page, 'template1', data);
      const grids = await page.locator('.mp-grid').evaluateAll((all) =>
        all.map((grid) => {
          const rows = new Map<number, DOMRect[]>();
          for (const card of grid.children) {
            const box = card.getBoundingClientRect();
            rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box]);
          }
          const lines = [...rows.values()];
          const edges = (line: DOMRect[]) => [
            Math.min(...line.map((box) => box.left)),
            Math.max(...line.map((box) => box.right)),
          ];
          const frame = grid.getBoundingClientRect();
          const [left, right] = edges(lines.at(-1)!);
          return {
            sizes: lines.map((line) => line.length),
            widths: lines.map((line) => line[0]!.width),
            margins: [left! - frame.left, frame.right - right!],
          };
        }),
      );
      expect(grids.length).toBe(2);
      const [services, work] = grids;
      expect(services!.sizes).toEqual(count === 4 ? [2, 2] : [3, 2, 2]);
      // The last row's cards are as wide as the first row's, the row centred in the grid.
      expect(Math.abs(services!.widths.at(-1)! - services!.widths[0]!)).toBeLessThan(1);
      expect(Math.abs(services!.margins[0]! - services!.margins[1]!)).toBeLessThan(1);
      // The photos two to a row, seven led by one across the grid.
      expect(work!.sizes).toEqual(count === 4 ? [2, 2] : [1, 2, 2, 2]);
      expect(Math.max(...work!.margins)).toBeLessThan(1);
    });
  }
});

describe('Phantom with a long introduction and a portrait', () => {
  const session = useBrowser();

  it('sets the portrait beside the name at 1280 px, not lower down beside the introduction', async () => {
    const page = await session.newPage({ width: 1280, height: 800 }, { bypassCSP: true });
    await servePhotos(page);
    const data = structuredClone(SAMPLE_DATA.template5);
    data.personalDetails.name = LONG_NAME;
    data.personalDetails.intro = LONG_INTRO;
    data.personalDetails.profileImage = 'https://photos.example.com/portrait.jpg';
    await showDraft(page, 'template5', data);
    await loaded(page, '.phantom-portrait');
    const portrait = (await page.locator('.phantom-portrait').boundingBox())!;
    const name = (await page.locator('.phantom-name').boundingBox())!;
    expect(Math.abs(portrait.y - name.y)).toBeLessThan(16);
    expect(portrait.x + portrait.width).toBeLessThanOrEqual(name.x);
  });
});

describe('Phantom with a person’s own introduction and social links', () => {
  const session = useBrowser();
  const OWN_INTRO =
    'I am a documentary photographer based in Pune. For eleven years I have followed rivers, ' +
    'markets and the people who work along them, from the ghats of Varanasi to the salt pans of ' +
    'the Rann of Kutch.\n\nMy work has been shown in Mumbai, Delhi and Berlin.';
  const phantomData = (change: (data: PortfolioData) => void) => {
    const data = structuredClone(SAMPLE_DATA.template5);
    data.personalDetails.name = HYPHENATED_NAME;
    change(data);
    return data;
  };
  const introParagraphs = (page: Page) =>
    page
      .locator('.phantom-intro-text p:not(.phantom-headline)')
      .evaluateAll((ps) =>
        ps.map((p) => ({ lead: p.classList.contains('phantom-lead'), text: p.textContent })),
      );

  it('keeps a paragraph whole: a lead only where the person set a short paragraph apart', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await showDraft(
      page,
      'template5',
      phantomData((data) => (data.personalDetails.intro = OWN_INTRO)),
    );
    const [first, second] = OWN_INTRO.split('\n\n');
    // Its first sentence cut off as a lead left the paragraph broken in two sizes.
    await expect(introParagraphs(page)).resolves.toEqual([
      { lead: false, text: first },
      { lead: false, text: second },
    ]);
    const opening = 'Documentary photographer, Pune.';
    await showDraft(
      page,
      'template5',
      phantomData((data) => (data.personalDetails.intro = `${opening}\n\n${OWN_INTRO}`)),
    );
    await expect(introParagraphs(page)).resolves.toEqual([
      { lead: true, text: opening },
      { lead: false, text: first },
      { lead: false, text: second },
    ]);
  });

  it('starts the portrait close under the top bar at 375 px', async () => {
    const page = await session.newPage({ width: 375, height: 812 });
    await showDraft(
      page,
      'template5',
      phantomData((data) => (data.personalDetails.intro = OWN_INTRO)),
    );
    const look = await page.evaluate(() => ({
      bar: document.querySelector('.phantom-header-inner')!.getBoundingClientRect(),
      portrait: document.querySelector('.phantom-portrait')!.getBoundingClientRect(),
    }));
    expect(look.bar.top).toBeLessThanOrEqual(24);
    // 48 px of empty page stood between the bar and the portrait.
    expect(look.portrait.top - look.bar.bottom).toBeLessThanOrEqual(32);
  });

  const URLS = [
    'https://www.instagram.com/meenakshi.vd',
    'https://www.linkedin.com/in/meenakshi-vd',
    'https://www.behance.net/meenakshivd',
    'https://www.youtube.com/@meenakshivd',
    'https://vimeo.com/meenakshivd',
    'https://meenakshi-photo.in',
    'https://x.com/meenakshivd',
    'https://www.pinterest.com/meenakshivd',
  ];
  for (const width of [1280, 375]) {
    it(`lines the Follow links up in one column, evenly spaced, with 2, 5 and 8 links (${width} px)`, async () => {
      const page = await session.newPage({ width, height: 800 });
      for (const count of [2, 5, 8]) {
        await showDraft(
          page,
          'template5',
          phantomData((data) => {
            data.contactDetails.socialLinks = URLS.slice(0, count).map((url) => ({
              label: '',
              url,
              iconClass: 'website',
            }));
          }),
        );
        await page.evaluate(() => document.fonts.ready);
        const links = await page.locator('.phantom-social li').evaluateAll((items) =>
          items.map((item) => {
            const icon = item.querySelector('.phantom-social-icon')!.getBoundingClientRect();
            const label = item.querySelector('.phantom-social-label')!;
            const range = document.createRange();
            range.selectNodeContents(label);
            return {
              left: icon.left,
              top: icon.top,
              lines: new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size,
            };
          }),
        );
        expect(links).toHaveLength(count);
        // Two columns on a phone left an odd count with a hole at the end.
        expect(new Set(links.map((link) => Math.round(link.left))).size, `${count}`).toBe(1);
        const steps = links.slice(1).map((link, index) => link.top - links[index]!.top);
        for (const step of steps) expect(Math.abs(step - steps[0]!), `${count}`).toBeLessThan(1);
        for (const link of links) expect(link.lines, `${count}`).toBe(1);
      }
    });
  }
});

describe('A long name in the serif pairing on a phone', () => {
  const session = useBrowser();
  // Where each template sets the name in large type.
  const names: Record<TemplateId, string> = {
    template1: '.tpl-miniport h1 strong',
    template2: '.dv-header__name',
    template3: '#hs-title',
    template4: '.ss-banner__name',
    template5: '.phantom-name',
  };

  for (const width of [375, 320]) {
    for (const id of TEMPLATE_IDS) {
      it(`keeps every word of the name whole: ${id} at ${width} px`, async () => {
        const page = await session.newPage({ width, height: 812 });
        const data = structuredClone(SAMPLE_DATA[id]);
        data.personalDetails.name = LONG_NAME;
        data.appearance = { fonts: 'noto-serif' };
        await showDraft(page, id, data);
        await page.evaluate(() => document.fonts.ready);
        await expect(
          page.evaluate(() => document.fonts.check('700 16px "Noto Serif"')),
        ).resolves.toBe(true);
        const name = page.locator(names[id]);
        expect(await linesOfEachWord(name)).toEqual([1, 1, 1]);
        // Not shrunk below body size.
        const size = await name.evaluate((element) =>
          parseFloat(getComputedStyle(element).fontSize),
        );
        expect(size).toBeGreaterThanOrEqual(16);
      });
    }
  }
});
