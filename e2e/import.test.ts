import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DRAFT_STORAGE_KEY } from '../src/shared/draft.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../src/shared/templates/registry.js';
import { TEMPLATE_IDS, type TemplateId } from '../src/shared/templates/catalog.js';
import { validateJsonResume } from '../test/json-resume-schema.js';
import { JSON_RESUME_FIXTURE, linkedinExportZip } from '../test/linkedin-export.js';
import { chooseDraftAction } from './draft-actions.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { publishDirectly } from '../test/publish-directly.js';
import { openEditor, serverDatabase, signInOnAccountPage, storedDraft } from './fixtures.js';
import { step } from './step.js';

const rawDraft = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), DRAFT_STORAGE_KEY);

const FILES = {
  json: {
    name: 'resume.json',
    mimeType: 'application/json',
    buffer: readFileSync(JSON_RESUME_FIXTURE),
    person: 'Meera Iyer',
    headline: 'Landscape architect',
  },
  linkedin: {
    name: 'Basic_LinkedInDataExport_12-01-2026.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(linkedinExportZip()),
    person: 'Rohan Kulkarni',
    headline: 'Product designer at Tidewater',
  },
};

const importDialog = (page: Page) => page.getByRole('dialog', { name: /^Import/ });

/** Opens Import…, chooses `file` and waits for its review. */
async function chooseFile(page: Page, file: (typeof FILES)[keyof typeof FILES]) {
  await chooseDraftAction(page, 'Import…');
  const dialog = importDialog(page);
  await dialog.getByLabel('Choose a file').setInputFiles(file);
  await dialog.getByRole('heading', { name: `Import from ${file.name}` }).waitFor();
  return dialog;
}

/** The preview frame shows `text` somewhere. */
const previewShows = (page: Page, text: string) =>
  page.frameLocator('iframe').getByText(text, { exact: false }).first().waitFor();

describe('Import… and Export as JSON Resume in the editor', () => {
  const session = useBrowser();

  it.each(TEMPLATE_IDS)(
    '%s: a JSON Resume and a LinkedIn export import, undo, and export',
    { timeout: 90_000 },
    async (id: TemplateId) => {
      const page = await session.newPage({ width: 1280, height: 900 });
      const definition = TEMPLATE_DEFINITIONS[id];
      const showsHeadline = definition.personalDetails.includes('headline');
      await openEditor(page, id, SAMPLE_DATA[id]);
      const before = await rawDraft(page);

      for (const file of [FILES.json, FILES.linkedin]) {
        await step(
          `${file.name}: the review lists this template's parts, ticked over the sample`,
          async () => {
            const dialog = await chooseFile(page, file);
            const parts = dialog.getByRole('list', { name: 'Parts the file can fill' });
            await expect(
              parts.getByRole('heading', { level: 3 }).allTextContents(),
            ).resolves.toEqual(expect.arrayContaining(['Name', 'Intro', 'Email', 'Social links']));
            await expect(dialog.getByRole('checkbox', { name: /Name$/ }).isChecked()).resolves.toBe(
              true,
            );
            const notImported = dialog.getByRole('list', { name: 'Not imported' });
            if (!showsHeadline) {
              await expect(
                notImported.getByText(`Headline: “${file.headline}”`).count(),
              ).resolves.toBe(1);
            }
            await dialog.getByRole('button', { name: /^Import \d+ parts$/ }).click();
            await dialog.waitFor({ state: 'detached' });
          },
        );

        await step(`${file.name}: the preview shows the imported name and headline`, async () => {
          await previewShows(page, file.person);
          if (showsHeadline) await previewShows(page, file.headline);
          const stored = await storedDraft(page);
          expect(stored.templateId).toBe(id);
          expect(stored.data.personalDetails.name).toBe(file.person);
          await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(
            file.person,
          );
          await page
            .getByRole('status')
            .filter({ hasText: `from ${file.name}` })
            .waitFor();
        });

        if (file === FILES.json) {
          await step('Undo import restores the draft exactly', async () => {
            await page.getByRole('button', { name: 'Undo import' }).click();
            await page.getByText('The import was undone').waitFor();
            // The same draft, field for field (the editor writes its keys in its own order).
            expect(JSON.parse((await rawDraft(page))!)).toEqual(JSON.parse(before!));
            await previewShows(page, SAMPLE_DATA[id].personalDetails.name);
            await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(
              SAMPLE_DATA[id].personalDetails.name,
            );
          });
        }
      }

      await step('Export as JSON Resume downloads a valid file of the draft', async () => {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          chooseDraftAction(page, 'Export as JSON Resume'),
        ]);
        expect(download.suggestedFilename()).toBe('rohan-kulkarni.resume.json');
        const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
          basics: { name: string; label?: string; email?: string };
        };
        expect(validateJsonResume(exported), JSON.stringify(validateJsonResume.errors)).toBe(true);
        expect(exported.basics.name).toBe('Rohan Kulkarni');
        expect(exported.basics.email).toBe('rohan@example.com');
        expect(exported.basics.label).toBe(showsHeadline ? FILES.linkedin.headline : undefined);
      });
    },
  );

  it('keeps the person’s own words unless they tick the part, and is usable by keyboard', async () => {
    // bypassCSP: axe is injected into the page.
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    const own = structuredClone(SAMPLE_DATA.template3);
    own.personalDetails.name = 'Asha Rao';
    await openEditor(page, 'template3', own);

    const dialog = await step('the dialog opens from the keyboard', async () => {
      // More opens on its first item, Import…
      await page.getByRole('button', { name: 'More draft actions' }).focus();
      await page.keyboard.press('Enter');
      await expect(
        page
          .getByRole('menuitem', { name: 'Import…' })
          .evaluate((item) => item === document.activeElement),
      ).resolves.toBe(true);
      await page.keyboard.press('Enter');
      const opened = importDialog(page);
      await opened.waitFor();
      await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
      await opened.getByLabel('Choose a file').setInputFiles(FILES.json);
      await opened.getByRole('heading', { name: 'Import from resume.json' }).waitFor();
      await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
      return opened;
    });

    await step('their own name is not ticked; the sample intro is', async () => {
      const name = dialog.getByRole('checkbox', { name: /Name$/ });
      await expect(name.isChecked()).resolves.toBe(false);
      await expect(dialog.getByRole('checkbox', { name: /Intro$/ }).isChecked()).resolves.toBe(
        true,
      );
      // Space ticks and unticks, as on any checkbox.
      await name.focus();
      await page.keyboard.press('Space');
      await expect(name.isChecked()).resolves.toBe(true);
      await page.keyboard.press('Space');
      await dialog.getByRole('button', { name: /^Import \d+ parts$/ }).click();
      await dialog.waitFor({ state: 'detached' });
      const stored = await storedDraft(page);
      expect(stored.data.personalDetails.name).toBe('Asha Rao');
      expect(stored.data.personalDetails.headline).toBe('Landscape architect');
    });
  });

  it('a malformed or hostile file says why and changes nothing', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template1', SAMPLE_DATA.template1);
    const before = await rawDraft(page);
    await chooseDraftAction(page, 'Import…');
    const dialog = importDialog(page);
    const input = dialog.getByLabel('Choose a file');

    const cases: [string, Buffer, RegExp][] = [
      ['broken.json', Buffer.from('{"basics": {"name": "x"'), /not valid JSON/],
      [
        'deep.json',
        Buffer.from(`{"basics":${'['.repeat(10_000)}${']'.repeat(10_000)}}`),
        /nests more than/,
      ],
      ['notes.json', Buffer.from('{"title": "Shopping list"}'), /not a JSON Resume/],
      [
        'latin1.json',
        Buffer.from([...Buffer.from('{"basics":{"name":"Zo'), 0xeb, ...Buffer.from('"}}')]),
        /not UTF-8 or UTF-16/,
      ],
      ['photo.zip', Buffer.from('PK\u0003\u0004 not really a zip'), /not a ZIP file|damaged/],
    ];
    for (const [name, buffer, message] of cases) {
      await step(name, async () => {
        await input.setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
        await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(message);
      });
    }
    await step('Escape closes the dialog; the draft is as it was', async () => {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await rawDraft(page)).toBe(before);
    });
  });
});

describe('Export as JSON Resume on the account page', () => {
  const session = useBrowser();

  it('downloads a published page as a valid JSON Resume, made in the browser', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    const db = serverDatabase();
    try {
      const run = randomUUID().slice(0, 8);
      const userId = await signInOnAccountPage(page, db, {
        name: 'Oskar Berg',
        email: `export-${run}@example.com`,
      });
      const username = `oskar-${run}`;
      await publishDirectly(db, {
        username,
        templateId: 'template2',
        data: SAMPLE_DATA.template2,
        ownerId: userId,
      });
      await page.reload();
      const card = page.getByRole('article', { name: username });
      await card.getByRole('button', { name: 'More' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('menuitem', { name: `Export as JSON Resume of ${username}` }).click(),
      ]);
      const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
        basics: { name: string };
        projects: unknown[];
        meta: { canonical?: string };
      };
      expect(validateJsonResume(exported), JSON.stringify(validateJsonResume.errors)).toBe(true);
      expect(exported.basics.name).toBe(SAMPLE_DATA.template2.personalDetails.name);
      expect(exported.projects).toHaveLength(SAMPLE_DATA.template2.section!.sectionTiles.length);
      expect(exported.meta.canonical).toMatch(new RegExp(`/users/${username}$`));
    } finally {
      await db.destroy();
    }
  });
});
