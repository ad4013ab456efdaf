import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { PortfolioData } from '../src/shared/domain/portfolio.js';
import { pickTemplateFields } from '../src/shared/templates/pick-fields.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../src/shared/templates/registry.js';
import { baseUrl, useBrowser, type BrowserSession } from './browser.js';
import { serverDatabase, signInOnAccountPage, storeDraft, uploadFromPage } from './fixtures.js';

const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A phone held in the hand, or a computer with a mouse and keyboard. */
const DEVICES = {
  phone: {
    viewport: { width: 375, height: 812 },
    options: { userAgent: PHONE_AGENT, hasTouch: true, isMobile: true, bypassCSP: true },
  },
  computer: { viewport: { width: 1280, height: 900 }, options: { bypassCSP: true } },
} as const;

type Device = keyof typeof DEVICES;

const open = (session: BrowserSession, device: Device) =>
  session.newPage(DEVICES[device].viewport, DEVICES[device].options);

/** What the element shows, as drawn: words hidden for this kind of device are left out. */
const shown = async (page: Page, selector: string) =>
  (await page.locator(selector).first().innerText()).replace(/\s+/g, ' ').trim();

const shot = async (page: Page, name: string) => {
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/touch-${name}.png` });
};

/** The editor on `data`; on a phone its preview waits behind the Preview button. */
async function openEditor(page: Page, data: PortfolioData): Promise<void> {
  await storeDraft(page, { templateId: 'template5', data });
  await page.goto('/edit');
  await page.locator('#editor-step-heading').waitFor();
}

function photo(): Promise<Buffer> {
  return sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

describe('words for the way the person points', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  for (const device of ['phone', 'computer'] as const) {
    it(`on a ${device}, the upload field and the focal point say what works there`, async () => {
      const page = await open(session, device);
      const data = pickTemplateFields(
        TEMPLATE_DEFINITIONS.template5,
        structuredClone(SAMPLE_DATA.template5),
      );
      await openEditor(page, data);
      const formats = await shown(page, '.image-field__formats');
      if (device === 'phone') {
        // Nothing to drop and no copied photo to paste on a phone.
        expect(formats).not.toMatch(/drop|paste/i);
        expect(formats).toMatch(/MB\.$/);
      } else {
        expect(formats).toContain('Or drop or paste a photo here.');
      }
      await page.locator('.image-field__formats').first().scrollIntoViewIfNeeded();
      await shot(page, `upload-${device}`);

      await signInOnAccountPage(page, db, {
        name: 'Anu Das',
        email: `anu-${device}-${randomUUID().slice(0, 8)}@example.com`,
      });
      const { ref } = await uploadFromPage(page, await photo());
      data.personalDetails.profileImage = ref;
      await openEditor(page, data);
      await page.locator('.focal__image').waitFor();
      const hint = await shown(page, '.focal__hint');
      if (device === 'phone') {
        expect(hint).toMatch(/^Drag the dot/);
        expect(hint).not.toMatch(/arrow keys/);
      } else {
        expect(hint).toMatch(/^Drag on the picture, or use the arrow keys/);
        expect(hint).not.toMatch(/Drag the dot/);
      }
      // The picker is described by what shows, and only that.
      const described = await page.locator('.focal__surface').evaluate((surface) =>
        (surface.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.innerText ?? '')
          .join(' '),
      );
      expect(described).toContain(hint);
      await page.locator('.focal').scrollIntoViewIfNeeded();
      await shot(page, `focal-${device}`);
    });

    it(`on a ${device}, the thank-you page offers sharing and the QR code as fits there`, async () => {
      session.allowConsoleError(/status of 401/);
      const page = await open(session, device);
      // A phone's browser has the system's share sheet; headless Chromium on Linux has none.
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'share', { value: () => Promise.resolve() });
      });
      await page.goto(`/ack?url=${encodeURIComponent(`${baseUrl()}/users/meera-touch`)}`);
      await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
      const buttons = await page
        .locator('.ack__share')
        .getByRole(/* both links and buttons */ 'link')
        .or(page.locator('.ack__share').getByRole('button'))
        .allInnerTexts();
      if (device === 'phone') {
        // Share first; the code folded, for someone else's phone.
        expect(buttons).toEqual(['Share…', 'View your portfolio', 'Copy link']);
        const fold = page.locator('details.ack__qr-fold');
        await expect(fold.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
        await expect(page.locator('.ack__qr img').isVisible()).resolves.toBe(false);
        await fold.getByText(/^QR code for someone else’s phone$/).click();
        const caption = await shown(page, '.ack__qr figcaption');
        expect(caption).toMatch(/^Show this code to someone to open your page on their phone\./);
        expect(caption).not.toMatch(/Scan/);
      } else {
        expect(buttons).toEqual(['View your portfolio', 'Copy link', 'Share…']);
        await expect(page.locator('details.ack__qr-fold').count()).resolves.toBe(0);
        const caption = await shown(page, '.ack__qr figcaption');
        expect(caption).toMatch(/^Scan to open it on a phone\./);
        expect(caption).not.toMatch(/Show this code/);
      }
      await page.locator('.ack__qr').scrollIntoViewIfNeeded();
      await shot(page, `ack-qr-${device}`);
    });
  }
});
