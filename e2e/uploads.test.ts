import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DRAFT_STORAGE_KEY, type Draft } from '../src/shared/draft.js';
import { imageValuesIn } from '../src/shared/domain/images.js';
import { SECTION_KEYS, type PortfolioData } from '../src/shared/domain/portfolio.js';
import { TEMPLATE_IDS, type TemplateId } from '../src/shared/templates/catalog.js';
import { pickTemplateFields } from '../src/shared/templates/pick-fields.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../src/shared/templates/registry.js';
import {
  mediaUrl,
  OG_VARIANT,
  parseUploadRef,
  UPLOAD_MAX_IN_PROGRESS,
  VARIANT_FORMATS,
  variantFile,
  variantWidths,
} from '../src/shared/uploads.js';
import { publishDirectly } from '../test/publish-directly.js';
import { phoneJpegWithGps, pngWithAlpha, webpImage } from '../test/images.js';
import { seriousAxeViolations } from './axe.js';
import { baseUrl, useBrowser } from './browser.js';
import {
  openEditor,
  serverDatabase,
  signInOnAccountPage,
  signInThroughPopup,
  uploadFromPage,
} from './fixtures.js';
import { step } from './step.js';

/** Phantom's sample with three tiles: a photographer's portfolio to fill with their own files. */
function phantomDraft(): PortfolioData {
  const data = pickTemplateFields(
    TEMPLATE_DEFINITIONS.template5,
    structuredClone(SAMPLE_DATA.template5),
  );
  data.section!.sectionTiles = data.section!.sectionTiles.slice(0, 3);
  return data;
}

async function storedDraftWithText(page: Page): Promise<{ raw: string; draft: Draft }> {
  const raw = await page.evaluate(
    (key) => window.localStorage.getItem(key) ?? '',
    DRAFT_STORAGE_KEY,
  );
  return { raw, draft: JSON.parse(raw) as Draft };
}

/** Chooses a file in the picker the button opens, as a person does. */
async function chooseFile(
  page: Page,
  button: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

/** Drops (or pastes) a file onto an element, with a real DataTransfer holding a real File. */
async function dispatchFile(
  target: Locator,
  kind: 'drop' | 'paste',
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await target.evaluate(
    (element, { kind, name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: mimeType }));
      if (kind === 'paste') {
        element.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
        return;
      }
      for (const type of ['dragenter', 'dragover', 'drop']) {
        element.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }
    },
    { kind, name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  );
}

/** An image element has loaded real pixels. */
const loaded = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

const FORMAT_MESSAGE = /JPEG, PNG, WebP, AVIF or GIF/;
/** Uploads are processed (sharp) on a machine shared with other tests: wait long enough. */
const SLOW = { timeout: 20_000 };

describe('uploading images in the editor', () => {
  const session = useBrowser();

  it(
    'uploads, positions, removes and replaces real files; the draft holds only references',
    { timeout: 120_000 },
    async () => {
      // bypassCSP: axe is injected into the page.
      const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
      // The SVG and the fake JPEG are refused with 400, as they should be.
      session.allowConsoleError(/status of 400/);
      // The preview shows the share link as what it is: a broken image (no internet here).
      session.allowConsoleError(/ERR_NAME_NOT_RESOLVED/);
      await openEditor(page, 'template5', phantomDraft());
      const profile = page.getByRole('group', { name: 'Profile picture (optional)' });
      const photo = {
        name: 'beach.jpg',
        mimeType: 'image/jpeg',
        buffer: await phoneJpegWithGps(1600, 1200),
      };

      await step('signed out: the button asks for a sign-in before any file', async () => {
        const button = profile.getByRole('button', { name: /^Sign in to upload/ });
        await expect(button.getAttribute('aria-describedby')).resolves.toBeTruthy();
        await expect(profile.textContent()).resolves.toContain(
          'Your photos are kept in your account; your draft stays as it is.',
        );
        // Nothing red before anything went wrong, and no file asked for before the sign-in.
        await expect(profile.getByRole('alert').count()).resolves.toBe(0);
        const before = (await storedDraftWithText(page)).draft.data;
        let pickers = 0;
        const countPickers = () => (pickers += 1);
        page.on('filechooser', countPickers);
        await signInThroughPopup(page, () => button.click(), {
          name: 'Noor Das',
          email: `noor-${randomUUID()}@example.com`,
        });
        // A file picker opens only on a fresh press: the button says Upload now, and a neutral
        // line says to press it once more.
        const note = profile.getByRole('status').filter({ hasText: 'Signed in' });
        await expect
          .poll(() => note.textContent(), SLOW)
          .toContain('Signed in. Now choose your photo.');
        await expect(profile.getByRole('alert').count()).resolves.toBe(0);
        await expect(
          page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''),
        ).resolves.toMatch(/^Upload the profile picture$/);
        page.off('filechooser', countPickers);
        expect(pickers).toBe(0);
        // The draft's words came through the sign-in untouched.
        expect((await storedDraftWithText(page)).draft.data).toEqual(before);
      });

      await step('signed in: Upload opens the picker and the photo goes up', async () => {
        // Sending slowly, so the progress bar can be seen moving.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 20,
          downloadThroughput: -1,
          uploadThroughput: 300 * 1024,
        });
        await chooseFile(page, profile.getByRole('button', { name: /^Upload/ }), photo);
        await expect(profile.locator('.image-field__note').count()).resolves.toBe(0);
        const progress = profile.getByRole('progressbar');
        await progress.waitFor();
        await expect
          .poll(async () => Number(await progress.getAttribute('value')), {
            interval: 50,
            ...SLOW,
          })
          .toBeGreaterThan(0);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
      });

      const firstRef = await step('a thumbnail, and the picture in the live preview', async () => {
        const thumbnail = profile.locator('.focal__image');
        await thumbnail.waitFor();
        await expect.poll(() => loaded(thumbnail), SLOW).toBe(true);
        await expect(profile.getByRole('progressbar').count()).resolves.toBe(0);
        const { draft } = await storedDraftWithText(page);
        const ref = draft.data.personalDetails.profileImage;
        const parsed = parseUploadRef(ref);
        // The phone's orientation tag turned the 1600x1200 pixels upright.
        expect(parsed).toMatchObject({ width: 1200, height: 1600 });
        // Taller than wide: held in view by its upper part, where a portrait's head is.
        expect(parsed!.focus).toEqual({ x: 50, y: 30 });
        const portrait = page.frameLocator('iframe').locator('#personalDetails picture img');
        await expect.poll(() => portrait.count(), SLOW).toBe(1);
        await expect.poll(() => loaded(portrait), SLOW).toBe(true);
        await expect(portrait.evaluate((img: HTMLImageElement) => img.currentSrc)).resolves.toMatch(
          new RegExp(`/media/${parsed!.hash}/\\d+\\.(avif|webp)$`),
        );
        await expect(portrait.getAttribute('fetchpriority')).resolves.toBe('high');
        return ref.split('#')[0]!;
      });

      await step('no served file of the phone photo carries its EXIF or XMP', async () => {
        const { hash, width } = parseUploadRef(firstRef)!;
        const files = [
          ...variantWidths(width).flatMap((w) => VARIANT_FORMATS.map((f) => variantFile(w, f))),
          OG_VARIANT.file,
        ];
        for (const file of files) {
          const response = await fetch(`${baseUrl()}${mediaUrl('/media', hash, file)}`);
          expect(response.status, file).toBe(200);
          const bytes = Buffer.from(await response.arrayBuffer());
          const metadata = await sharp(bytes).metadata();
          expect(metadata.exif, file).toBeUndefined();
          expect(metadata.xmp, file).toBeUndefined();
          expect(bytes.includes('TestPhone'), file).toBe(false);
          expect(bytes.includes('Camera 1'), file).toBe(false);
        }
      });

      await step('the uploaded field: no serious axe violations, 44 px targets', async () => {
        expect(await seriousAxeViolations(page, 'iframe')).toEqual([]);
        for (const name of [/^Replace/, /^Remove/]) {
          const box = (await profile.getByRole('button', { name }).boundingBox())!;
          expect(box.height).toBeGreaterThanOrEqual(44);
          expect(box.width).toBeGreaterThanOrEqual(44);
        }
      });

      await step('the focal point moves with the arrow keys and shows in the preview', async () => {
        const slider = profile.getByRole('slider', { name: 'Position of the profile picture' });
        await slider.focus();
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowUp');
        await expect(slider.getAttribute('aria-valuetext')).resolves.toBe(
          '50% from the left, 20% from the top',
        );
        await expect
          .poll(
            async () => (await storedDraftWithText(page)).draft.data.personalDetails.profileImage,
            SLOW,
          )
          .toBe(`${firstRef}#50,20`);
        const portrait = page.frameLocator('iframe').locator('#personalDetails picture img');
        await expect
          .poll(() => portrait.evaluate((img) => getComputedStyle(img).objectPosition), SLOW)
          .toBe('50% 20%');
        // A drag near the top left corner.
        const box = (await slider.boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.1);
        await page.mouse.down();
        await page.mouse.up();
        await expect(slider.getAttribute('aria-valuetext')).resolves.toMatch(
          /^(19|20|21)% from the left, (9|10|11)% from the top$/,
        );
      });

      await step('Replace puts another file in its place', async () => {
        const other = { name: 'studio.webp', mimeType: 'image/webp', buffer: await webpImage() };
        await chooseFile(page, profile.getByRole('button', { name: /^Replace/ }), other);
        await expect
          .poll(
            async () => (await storedDraftWithText(page)).draft.data.personalDetails.profileImage,
            SLOW,
          )
          .toMatch(/^upload:[0-9a-f]{64}:900x600$/);
        await expect(profile.locator('.focal__image').getAttribute('src')).resolves.toMatch(
          /\/320\.webp$/,
        );
      });

      await page.getByRole('button', { name: /^Next/ }).click();
      const tile = (position: number) =>
        page.getByRole('group', { name: `Tile ${position} Image (optional)` });

      await step('a PNG dropped on a tile, a WebP pasted into another', async () => {
        const png = { name: 'sketch.png', mimeType: 'image/png', buffer: await pngWithAlpha() };
        await dispatchFile(tile(1), 'drop', png);
        await tile(1).locator('.focal__image').waitFor();
        await expect.poll(() => loaded(tile(1).locator('.focal__image')), SLOW).toBe(true);
        const webp = {
          name: 'paste.webp',
          mimeType: 'image/webp',
          buffer: await webpImage(640, 640),
        };
        await dispatchFile(tile(2).getByLabel('Tile 2 Image URL'), 'paste', webp);
        await tile(2).locator('.focal__image').waitFor();
        const firstTile = page
          .frameLocator('iframe')
          .locator('.phantom-tile')
          .first()
          .locator('img');
        await expect
          .poll(() => firstTile.getAttribute('src'), SLOW)
          .toMatch(/^\/media\/[0-9a-f]{64}\//);
        await expect.poll(() => loaded(firstTile), SLOW).toBe(true);
      });

      await step('an SVG and a text file named .jpg are refused, naming the formats', async () => {
        const svg = {
          name: 'logo.svg',
          mimeType: 'image/svg+xml',
          buffer: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          ),
        };
        await dispatchFile(tile(3), 'drop', svg);
        await expect
          .poll(() => tile(3).getByRole('alert').textContent(), SLOW)
          .toMatch(FORMAT_MESSAGE);
        const fake = {
          name: 'photo.jpg',
          mimeType: 'image/jpeg',
          buffer: Buffer.from('just text'),
        };
        await chooseFile(page, tile(3).getByRole('button', { name: /^Upload/ }), fake);
        await expect
          .poll(() => tile(3).getByRole('alert').textContent(), SLOW)
          .toMatch(FORMAT_MESSAGE);
        // Nothing was stored in the field.
        const { draft } = await storedDraftWithText(page);
        expect(draft.data.section!.sectionTiles[2]!.img).toBe(
          SAMPLE_DATA.template5.section!.sectionTiles[2]!.img,
        );
      });

      await step('a share link gets a hint', async () => {
        await tile(3)
          .getByLabel('Tile 3 Image URL')
          .fill('https://drive.google.com/file/d/1AbC/view');
        await expect(tile(3).locator('.field__warning').textContent()).resolves.toContain(
          'Google Drive page, not an image file',
        );
      });

      await step('Remove empties the field', async () => {
        await tile(2)
          .getByRole('button', { name: /^Remove/ })
          .click();
        await tile(2)
          .getByRole('button', { name: /^Upload/ })
          .waitFor();
        const { draft } = await storedDraftWithText(page);
        expect(draft.data.section!.sectionTiles[1]!.img).toBe('');
      });

      await step('the stored draft holds references, never bytes', async () => {
        const { raw, draft } = await storedDraftWithText(page);
        expect(raw).not.toMatch(/data:|base64|blob:/);
        expect(raw.length).toBeLessThan(20_000);
        const images = [
          draft.data.personalDetails.profileImage,
          ...draft.data.section!.sectionTiles.map((item) => item.img),
        ];
        expect(images.filter((image) => image.startsWith('upload:'))).toHaveLength(2);
      });

      await step(
        'opening the draft keeps its uploads; a deleted one is shown as gone',
        async () => {
          const { draft } = await storedDraftWithText(page);
          const refs = [
            draft.data.personalDetails.profileImage,
            ...draft.data.section!.sectionTiles.map((item) => item.img),
          ].filter((image) => image.startsWith('upload:'));
          const [touched] = await Promise.all([
            page.waitForResponse((response) => response.url().endsWith('/api/uploads/touch'), {
              timeout: 20_000,
            }),
            page.reload(),
          ]);
          expect(touched.request().postDataJSON()).toEqual({ refs });
          expect(await touched.json()).toEqual({ kept: refs, missing: [] });

          // The tile's upload is deleted on the server (as the 30-day sweep would): the field says so.
          const tileHash = parseUploadRef(refs[1]!)!.hash;
          const status = await page.evaluate(
            (hash) => fetch(`/api/uploads/${hash}`, { method: 'DELETE' }).then((r) => r.status),
            tileHash,
          );
          expect(status).toBe(204);
          const [again] = await Promise.all([
            page.waitForResponse((response) => response.url().endsWith('/api/uploads/touch')),
            page.reload(),
          ]);
          expect(await again.json()).toEqual({ kept: [refs[0]], missing: [refs[1]] });
          // The reload reopens the step it was on (Selected work, the sample's title for Work); the button makes sure of it.
          await page.getByRole('button', { name: /^Step 2: Selected work/ }).click();
          await expect
            .poll(() => tile(1).textContent(), SLOW)
            .toContain('This image is no longer stored');
        },
      );

      await step('screenshots at 1280 px and at the narrowest editor width', async () => {
        const dir = path.resolve('test-results');
        mkdirSync(dir, { recursive: true });
        await page.getByRole('button', { name: /^Back/ }).click();
        await profile.locator('.focal__image').waitFor();
        await profile.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(dir, 'uploads-editor-1280.png') });
        await page.setViewportSize({ width: 751, height: 900 });
        await profile.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(dir, 'uploads-editor-751.png') });
      });
    },
  );

  it('says a file over 15 MB is too large without sending it', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template5', phantomDraft());
    const profile = page.getByRole('group', { name: 'Profile picture (optional)' });
    let sent = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/uploads')) sent = true;
    });
    const big = {
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(15 * 1024 * 1024 + 1, 1),
    };
    await signInThroughPopup(
      page,
      () => profile.getByRole('button', { name: /^Sign in to upload/ }).click(),
      { name: 'Uma Bose', email: `uma-${randomUUID()}@example.com` },
    );
    await chooseFile(page, profile.getByRole('button', { name: /^Upload/ }), big);
    await expect
      .poll(() => profile.getByRole('alert').textContent(), SLOW)
      .toMatch(/15\.0 MB; images may be at most 15 MB/);
    expect(sent).toBe(false);
  });
  it('on a 375 phone, back from signing in at Upload, the same button is in view and focused, saying what next', async () => {
    const page = await session.newPage(
      { width: 375, height: 812 },
      { isMobile: true, hasTouch: true },
    );
    const data = phantomDraft();
    data.personalDetails.name = 'Ravi Iyer';
    await page.goto('/');
    await page.evaluate((draft) => localStorage.setItem('templateData', JSON.stringify(draft)), {
      templateId: 'template5',
      data,
    });
    await page.goto('/edit');
    await page.locator('#editor-step-heading').waitFor();
    const profile = page.getByRole('group', { name: 'Profile picture (optional)' });
    const button = profile.getByRole('button', { name: /^Sign in to upload/ });
    await button.scrollIntoViewIfNeeded();
    let pickers = 0;
    const countPickers = () => (pickers += 1);
    page.on('filechooser', countPickers);
    // The person scrolls on while the sign-in tab is open: the field comes back into view.
    const tapThenScrollAway = async () => {
      await button.tap();
      await page.locator('.editor__scroll').evaluate((scroller) => scroller.scrollTo(0, 0));
    };
    await signInThroughPopup(page, tapThenScrollAway, {
      name: 'Ravi Iyer',
      email: `ravi-${randomUUID()}@example.com`,
    });
    const line = profile.getByRole('status').filter({ hasText: 'Signed in' });
    await expect
      .poll(() => line.textContent(), SLOW)
      .toContain('Signed in. Now choose your photo.');
    const upload = profile.getByRole('button', { name: 'Upload the profile picture' });
    await expect
      .poll(() => upload.evaluate((element) => element === document.activeElement))
      .toBe(true);
    // Button and line on screen together, the line just under the button. Both boxes are read
    // in one frame: while the editor still scrolls them into view, two reads apart disagree.
    const placement = () =>
      profile.evaluate((group) => {
        // The upload button has the focus (checked above).
        const upload = document.activeElement!;
        const line = [...group.querySelectorAll('[role="status"]')].find((candidate) =>
          candidate.textContent?.includes('Signed in'),
        )!;
        const [buttonBox, lineBox] = [upload.getBoundingClientRect(), line.getBoundingClientRect()];
        return {
          onScreen: buttonBox.top >= 0 && buttonBox.bottom <= 812 - 70,
          gap: Math.round(lineBox.top - buttonBox.bottom),
        };
      });
    await expect
      .poll(async () => {
        const { onScreen, gap } = await placement();
        return onScreen && gap >= -1 && gap < 40;
      }, SLOW)
      .toBe(true);
    page.off('filechooser', countPickers);
    expect(pickers).toBe(0);
    await page.screenshot({ path: 'test-results/phone-signed-in-upload.png' });
  });

  it('signed out, a dropped photo waits for the sign-in in a neutral note, then goes up', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template5', phantomDraft());
    const profile = page.getByRole('group', { name: 'Profile picture (optional)' });
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/uploads')) sent += 1;
    });
    const photo = { name: 'drop.jpg', mimeType: 'image/jpeg', buffer: await smallPhoto(11) };
    await dispatchFile(profile, 'drop', photo);
    const note = profile.locator('.image-field__note');
    await expect.poll(() => note.textContent(), SLOW).toContain('Sign in to upload this photo');
    // What happens next, not a problem: no alert, no problem styling, nothing sent.
    await expect(profile.getByRole('alert').count()).resolves.toBe(0);
    await expect(profile.locator('.field__problem').count()).resolves.toBe(0);
    expect(sent).toBe(0);
    await signInThroughPopup(
      page,
      () => profile.getByRole('button', { name: 'Sign in and upload' }).click(),
      { name: 'Ravi Iyer', email: `ravi-${randomUUID()}@example.com` },
    );
    await profile.locator('.focal__image').waitFor(SLOW);
    const { draft } = await storedDraftWithText(page);
    expect(parseUploadRef(draft.data.personalDetails.profileImage)?.hash).toBe(
      createHash('sha256').update(photo.buffer).digest('hex'),
    );
    expect(sent).toBe(1);
  });
});

/** A small photo (one width of variants) of its own colour: every field gets a file of its own. */
function smallPhoto(index: number): Promise<Buffer> {
  const hue = (index * 47) % 256;
  return sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: { r: hue, g: 255 - hue, b: (hue * 3) % 256 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Every image field the template shows, filled with the person's own uploads. */
async function portfolioOfUploads(page: Page, id: TemplateId): Promise<PortfolioData> {
  const definition = TEMPLATE_DEFINITIONS[id];
  const data = pickTemplateFields(definition, structuredClone(SAMPLE_DATA[id]));
  const fields: ((ref: string) => void)[] = [];
  if (definition.personalDetails.includes('profileImage')) {
    fields.push((ref) => (data.personalDetails.profileImage = ref));
  }
  for (const key of SECTION_KEYS) {
    if (!definition.sections[key]?.tileFields.includes('img')) continue;
    for (const tile of data[key]!.sectionTiles) fields.push((ref) => (tile.img = ref));
  }
  expect(fields.length).toBeGreaterThan(0);
  // Two at a time: as many as the server processes for one person at once.
  for (let start = 0; start < fields.length; start += UPLOAD_MAX_IN_PROGRESS) {
    const batch = fields.slice(start, start + UPLOAD_MAX_IN_PROGRESS);
    await Promise.all(
      batch.map(async (fill, offset) => {
        fill((await uploadFromPage(page, await smallPhoto(start + offset))).ref);
      }),
    );
  }
  return data;
}

describe('a complete portfolio from files alone', () => {
  const session = useBrowser();
  const db = serverDatabase();
  const suffix = randomUUID().slice(0, 6);
  const email = `files-${suffix}@example.com`;
  let page: Page;
  let userId: string;

  beforeAll(async () => {
    // A context of its own: the signed-in person stays signed in from one template to the next.
    const context = await session.browser().newContext({ baseURL: baseUrl() });
    page = await context.newPage();
    userId = await signInOnAccountPage(page, db, { name: 'Ila Menon', email });
  });
  afterAll(async () => {
    await page?.context().close();
    await db.destroy();
  });

  it.each(TEMPLATE_IDS)(
    '%s: every picture on the published page is one of the uploads, and loads',
    { timeout: 60_000 },
    async (id) => {
      const data = await portfolioOfUploads(page, id);
      const username = `files-${id}-${suffix}`;
      await publishDirectly(db, { username, templateId: id, data, ownerId: userId });

      const visitor = await session.newPage({ width: 1280, height: 900 });
      const response = await visitor.goto(`/users/${username}`);
      expect(response?.status()).toBe(200);
      // Down the page a screen at a time, so lazy images are asked for too: a frame drawn at each
      // stop (however long a loaded machine takes to draw one) is when the browser looks at them.
      const height = await visitor.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y <= height; y += 600) {
        await visitor.evaluate(async (top) => {
          window.scrollTo(0, top);
          for (let frame = 0; frame < 2; frame += 1) {
            await new Promise((resolve) => requestAnimationFrame(resolve));
          }
        }, y);
      }
      const images = visitor.locator('img');
      const count = await images.count();
      const shown = new Set<string>();
      const others: string[] = [];
      for (let n = 0; n < count; n += 1) {
        const image = images.nth(n);
        await expect.poll(() => loaded(image), SLOW).toBe(true);
        const source = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
        const hash = new RegExp(`^${baseUrl()}/media/([0-9a-f]{64})/`).exec(source)?.[1];
        if (hash) shown.add(hash);
        else others.push(new URL(source).pathname);
      }
      // Every upload is on the page, and nothing else but the template's own mark.
      const uploaded = imageValuesIn(data).flatMap((image) => {
        const ref = parseUploadRef(image.value);
        return ref ? [ref.hash] : [];
      });
      expect([...shown].sort()).toEqual([...new Set(uploaded)].sort());
      expect(others).toEqual([]);
    },
  );
});

describe('uploads that overlap', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(() => db.destroy());

  it(
    'keeps every photo on its own tile, whichever answer comes last',
    { timeout: 90_000 },
    async () => {
      const page = await session.newPage({ width: 1280, height: 900 });
      await signInOnAccountPage(page, db, {
        name: 'Tara Sen',
        email: `overlap-${randomUUID()}@example.com`,
      });
      await openEditor(page, 'template5', phantomDraft());
      await page.getByRole('button', { name: /^Next/ }).click();
      const tile = (position: number) =>
        page.getByRole('group', { name: `Tile ${position} Image (optional)` });

      // The server's answers are held in the browser (the request itself goes through as sent) so
      // that they arrive in the order that lost a photo: tile 3's upload starts while tile 1's is on
      // its way, tile 1's answer lands, then tile 3's.
      const cdp = await page.context().newCDPSession(page);
      const held: string[] = [];
      cdp.on(
        'Fetch.requestPaused',
        (paused: { requestId: string; request: { method: string } }) => {
          if (paused.request.method === 'POST') held.push(paused.requestId);
          else void cdp.send('Fetch.continueRequest', { requestId: paused.requestId });
        },
      );
      await cdp.send('Fetch.enable', {
        patterns: [{ urlPattern: '*/api/uploads', requestStage: 'Response' }],
      });
      const release = (index: number) =>
        cdp.send('Fetch.continueRequest', { requestId: held[index]! });

      const photo = async (name: string, seed: number) => ({
        name,
        mimeType: 'image/jpeg',
        buffer: await smallPhoto(seed),
      });
      await step('tile 1 starts, then tile 3 while tile 1 is on its way', async () => {
        await chooseFile(
          page,
          tile(1).getByRole('button', { name: /^Upload/ }),
          await photo('one.jpg', 101),
        );
        await tile(1).getByRole('progressbar').waitFor();
        await chooseFile(
          page,
          tile(3).getByRole('button', { name: /^Upload/ }),
          await photo('three.jpg', 103),
        );
        await tile(3).getByRole('progressbar').waitFor();
        await expect.poll(() => held.length, SLOW).toBe(2);
      });

      const tileImages = async () =>
        (await storedDraftWithText(page)).draft.data.section!.sectionTiles.map((t) => t.img ?? '');

      await step("tile 1's answer lands first, then tile 3's", async () => {
        await release(0);
        await expect.poll(async () => (await tileImages())[0], SLOW).toMatch(/^upload:/);
        await release(1);
        await expect.poll(async () => (await tileImages())[2], SLOW).toMatch(/^upload:/);
      });

      await step(
        'both photos stay, each where it was put, in the draft and the preview',
        async () => {
          const [first, second, third] = await tileImages();
          expect(first).toMatch(/^upload:/);
          expect(third).toMatch(/^upload:/);
          expect(first).not.toBe(third);
          expect(second).toBe(phantomDraft().section!.sectionTiles[1]!.img);
          await tile(1).locator('.focal__image').waitFor();
          await tile(3).locator('.focal__image').waitFor();
          const previewSources = () =>
            page
              .frameLocator('iframe')
              .locator('.phantom-tile img')
              .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).currentSrc));
          for (const ref of [first, third]) {
            const hash = parseUploadRef(ref!)!.hash;
            await expect
              .poll(async () => (await previewSources()).some((src) => src.includes(hash)), SLOW)
              .toBe(true);
          }
        },
      );

      await step(
        'an upload whose step was left and opened again lands on its tile, moved',
        async () => {
          await chooseFile(
            page,
            tile(3).getByRole('button', { name: /^(Upload|Replace)/ }),
            await photo('moved.jpg', 107),
          );
          await expect.poll(() => held.length, SLOW).toBe(3);
          await page.getByRole('button', { name: /^Next/ }).click();
          await page.getByRole('button', { name: 'Back', exact: true }).click();
          await page.getByRole('button', { name: 'Move tile 3 up' }).click();
          const before = await tileImages();
          await release(2);
          await expect.poll(async () => (await tileImages())[1], SLOW).not.toBe(before[1]);
          const after = await tileImages();
          expect(after[1]).toMatch(/^upload:/);
          expect([after[0], after[2]]).toEqual([before[0], before[2]]);
        },
      );
      await cdp.send('Fetch.disable');
    },
  );
});

/** Phantom's sample with `count` tiles. */
function phantomWithTiles(count: number): PortfolioData {
  const data = pickTemplateFields(
    TEMPLATE_DEFINITIONS.template5,
    structuredClone(SAMPLE_DATA.template5),
  );
  const tiles = data.section!.sectionTiles;
  expect(tiles.length).toBeGreaterThanOrEqual(count);
  data.section!.sectionTiles = tiles.slice(0, count);
  return data;
}

describe('uploads picked one after another, without waiting', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(() => db.destroy());

  it(
    'sends two at a time, the others wait their turn, and each photo lands on its own tile',
    { timeout: 120_000 },
    async () => {
      const page = await session.newPage({ width: 1280, height: 900 });
      await signInOnAccountPage(page, db, {
        name: 'Mira Pillai',
        email: `queue-${randomUUID()}@example.com`,
      });
      const sample = phantomWithTiles(8);
      const tile = (position: number) =>
        page.getByRole('group', { name: `Tile ${position} Image (optional)` });

      // How many uploads the page has open at once, counted in the page itself (the browser's
      // own network events for one request's end and the next one's start may come in any order).
      await page.addInitScript(() => {
        const counts = { open: 0, most: 0 };
        (window as unknown as { uploadCounts: typeof counts }).uploadCounts = counts;
        const open = XMLHttpRequest.prototype.open;
        const send = XMLHttpRequest.prototype.send;
        const uploads = new WeakSet<XMLHttpRequest>();
        XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
          if (args[0] === 'POST' && String(args[1]) === '/api/uploads') uploads.add(this);
          return (open as (...a: unknown[]) => void).apply(this, args);
        };
        XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
          if (uploads.has(this)) {
            counts.open += 1;
            counts.most = Math.max(counts.most, counts.open);
            // Done as the request itself is done, before its load handlers start the next one.
            let done = false;
            this.addEventListener('readystatechange', () => {
              if (this.readyState !== XMLHttpRequest.DONE || done) return;
              done = true;
              counts.open -= 1;
            });
          }
          return send.call(this, body);
        };
      });
      const mostOpen = () =>
        page.evaluate(
          () => (window as unknown as { uploadCounts: { most: number } }).uploadCounts.most,
        );
      const statuses: number[] = [];
      const isUpload = (request: { method(): string; url(): string }) =>
        request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads';
      page.on('response', (response) => {
        if (isUpload(response.request())) statuses.push(response.status());
      });
      await openEditor(page, 'template5', sample);
      await page.getByRole('button', { name: /^Next/ }).click();
      // The server's answers are held in the browser while `holding` (each request goes through
      // to the server as sent): the first uploads stay open for as long as the test looks.
      const cdp = await page.context().newCDPSession(page);
      let holding = true;
      const held: string[] = [];
      const release = async () => {
        for (const requestId of held.splice(0))
          await cdp.send('Fetch.continueRequest', { requestId });
      };
      cdp.on(
        'Fetch.requestPaused',
        (paused: { requestId: string; request: { method: string } }) => {
          if (holding && paused.request.method === 'POST') held.push(paused.requestId);
          else void cdp.send('Fetch.continueRequest', { requestId: paused.requestId });
        },
      );
      await cdp.send('Fetch.enable', {
        patterns: [{ urlPattern: '*/api/uploads', requestStage: 'Response' }],
      });
      const photos = await Promise.all(
        [1, 2, 3, 4, 5, 6, 7, 8].map(async (position) => ({
          name: `tile-${position}.jpg`,
          mimeType: 'image/jpeg',
          buffer: await smallPhoto(200 + position),
        })),
      );
      const hashOf = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');
      const tileImages = async () =>
        (await storedDraftWithText(page)).draft.data.section!.sectionTiles.map((t) => t.img ?? '');

      await step('five photos picked one after another: the third waits its turn', async () => {
        for (let position = 1; position <= 5; position += 1) {
          await chooseFile(
            page,
            tile(position).getByRole('button', { name: /^Upload/ }),
            photos[position - 1]!,
          );
        }
        await expect.poll(() => held.length, SLOW).toBe(UPLOAD_MAX_IN_PROGRESS);
        for (const position of [3, 4, 5]) {
          await expect
            .poll(() => tile(position).textContent(), SLOW)
            .toContain('Waiting for your other uploads…');
        }
        await expect(
          tile(3).getByRole('button', { name: 'Cancel the upload' }).isVisible(),
        ).resolves.toBe(true);
        await page.screenshot({ path: path.join(screenshots(), 'uploads-waiting-1280.png') });
      });

      await step('every photo ends on its own tile, none refused', async () => {
        holding = false;
        await release();
        await expect
          .poll(
            async () => (await tileImages()).slice(0, 5).every((img) => img.startsWith('upload:')),
            {
              timeout: 60_000,
            },
          )
          .toBe(true);
        const images = await tileImages();
        expect(images.slice(0, 5).map((img) => parseUploadRef(img)?.hash)).toEqual(
          photos.slice(0, 5).map((photo) => hashOf(photo.buffer)),
        );
        for (let position = 1; position <= 5; position += 1) {
          await tile(position).locator('.focal__image').waitFor(SLOW);
          await expect(tile(position).getByRole('alert').count()).resolves.toBe(0);
        }
        expect(statuses).toEqual([201, 201, 201, 201, 201]);
        await expect(mostOpen()).resolves.toBe(UPLOAD_MAX_IN_PROGRESS);
      });

      await step('a waiting upload can be cancelled; the others still land', async () => {
        holding = true;
        for (let position = 6; position <= 8; position += 1) {
          await chooseFile(
            page,
            tile(position).getByRole('button', { name: /^Upload/ }),
            photos[position - 1]!,
          );
        }
        await expect.poll(() => held.length, SLOW).toBe(UPLOAD_MAX_IN_PROGRESS);
        await tile(8).getByRole('button', { name: 'Cancel the upload' }).click();
        holding = false;
        await release();
        await tile(8).getByRole('status').filter({ hasText: 'Upload cancelled.' }).waitFor(SLOW);
        await expect
          .poll(
            async () => (await tileImages()).slice(5, 7).every((img) => img.startsWith('upload:')),
            {
              timeout: 60_000,
            },
          )
          .toBe(true);
        const images = await tileImages();
        expect(images.slice(5).map((img) => parseUploadRef(img)?.hash ?? img)).toEqual([
          hashOf(photos[5]!.buffer),
          hashOf(photos[6]!.buffer),
          sample.section!.sectionTiles[7]!.img,
        ]);
        expect(statuses).toHaveLength(7);
        await expect(tile(8).getByRole('alert').count()).resolves.toBe(0);
      });
      await cdp.send('Fetch.disable');
    },
  );
});

function screenshots(): string {
  const dir = path.resolve('test-results');
  mkdirSync(dir, { recursive: true });
  return dir;
}
