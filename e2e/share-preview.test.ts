/**
 * Sharing a draft before paying, as people do it: signed in, fill the draft, Share, and open the
 * link in a browser that is signed out (the strip, noindex in the header and the page, a contact
 * form that cannot send, the person's own photo); then revoke it from the account page and the
 * link answers 410.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pickTemplateFields } from '../src/shared/templates/pick-fields.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../src/shared/templates/registry.js';
import { webpImage } from '../test/images.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { openEditor, serverDatabase, signInOnAccountPage, uploadFromPage } from './fixtures.js';
import { step } from './step.js';

describe('sharing a preview link', () => {
  const session = useBrowser();
  const db = serverDatabase();

  it('shares a draft, shows it signed out as a preview, and ends it from the account page', async () => {
    const page = await session.newPage();
    const email = `share-${randomUUID().slice(0, 8)}@example.com`;
    await signInOnAccountPage(page, db, { name: 'Meera Iyer', email });

    const link = await step('fill a draft with an uploaded photo and share it', async () => {
      const photo = await uploadFromPage(page, await webpImage(640, 640));
      const data = pickTemplateFields(
        TEMPLATE_DEFINITIONS.template1,
        structuredClone(SAMPLE_DATA.template1),
      );
      data.personalDetails.profileImage = photo.ref;
      await openEditor(page, 'template1', data);
      await page.getByLabel('Name', { exact: true }).fill('Meera Iyer');
      await page.getByRole('button', { name: /^Share/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Share a preview link' });
      await dialog.getByRole('button', { name: 'Create link' }).click();
      await expect.poll(() => dialog.getByRole('status').first().textContent()).toContain('ready');
      const url = await dialog.getByLabel('Preview link').inputValue();
      expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
      expect(url.toLowerCase()).not.toContain('meera');
      return { url, photoHash: photo.hash };
    });

    const visitor = await session.newPage({ width: 375, height: 812 });
    await step(
      'open it signed out: a preview of the page, kept out of search engines',
      async () => {
        const response = await visitor.goto(link.url);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['x-robots-tag']).toBe('noindex');
        await expect
          .poll(() => visitor.locator('meta[name="robots"]').getAttribute('content'))
          .toBe('noindex');
        const strip = visitor.getByRole('note');
        expect(await strip.textContent()).toBe('Preview — not published yet');
        expect(await strip.isVisible()).toBe(true);
        expect(await visitor.getByRole('heading', { name: 'Meera Iyer' }).first().isVisible()).toBe(
          true,
        );
        // The strip covers nothing: the template's own fixed bar starts below it.
        const stripBox = (await strip.boundingBox())!;
        const barBox = (await visitor.locator('.mp-nav').boundingBox())!;
        expect(barBox.y).toBeGreaterThanOrEqual(stripBox.y + stripBox.height - 0.5);
      },
    );

    await step('its contact form cannot be used, and says why', async () => {
      const form = visitor.locator('form.mp-form');
      await form.scrollIntoViewIfNeeded();
      for (const field of ['Name', 'Subject', 'Message']) {
        expect(await form.getByLabel(field, { exact: true }).isDisabled(), field).toBe(true);
      }
      expect(await form.getByRole('button').first().isDisabled()).toBe(true);
      expect(await form.textContent()).toContain('the form starts working when the page is');
      expect(await visitor.content()).not.toContain(email);
    });

    await step("the person's uploaded photo shows", async () => {
      const photo = visitor.locator(`img[src*="/media/${link.photoHash}/"]`).first();
      await photo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      // axe is injected as a script, which the preview's policy forbids: a page that ignores it.
      const checker = await session.newPage({ width: 375, height: 812 }, { bypassCSP: true });
      await checker.goto(link.url);
      expect(await seriousAxeViolations(checker)).toEqual([]);
    });

    await step('revoke it from the account page', async () => {
      await page.goto('/account');
      const section = page.getByRole('region', { name: 'Preview links' });
      const item = section.getByRole('listitem').filter({ hasText: 'Mini-port draft' });
      await item.getByRole('button', { name: 'Revoke' }).click();
      await item.getByRole('button', { name: 'Revoke link' }).click();
      await section.getByText('No live preview links').waitFor();
    });

    await step('the link now says the preview has ended (410)', async () => {
      session.allowConsoleError(/status of 410 \(Gone\)/);
      const response = await visitor.goto(link.url);
      expect(response?.status()).toBe(410);
      await visitor.getByRole('heading', { name: 'This preview has ended' }).waitFor();
      expect(await visitor.content()).not.toContain('Meera Iyer');
    });
    // Sign-in, an upload, two renders and an accessibility check: over a minute on a busy machine.
  }, 150_000);
});
