import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { openDatabase, type Db } from '../src/server/db/database.js';
import { DRAFT_STORAGE_KEY, type Draft } from '../src/shared/draft.js';
import type { PortfolioData } from '../src/shared/domain/portfolio.js';
import type { UploadedImage } from '../src/shared/uploads.js';
import type { TemplateId } from '../src/shared/templates/catalog.js';

/** The e2e server's own database, for arranging what a test is not about (a published portfolio). */
export function serverDatabase(): Db {
  return openDatabase({ sqliteFile: path.join(inject('dataDir'), 'portfolio.db') }).db;
}

/** Clicks the control that opens the sign-in popup and completes the development sign-in in it. */
export async function signInThroughPopup(
  page: Page,
  open: () => Promise<void>,
  person = { name: 'Asha Rao', email: 'asha@example.com' },
): Promise<void> {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), open()]);
  await popup.getByLabel('Name').fill(person.name);
  await popup.getByLabel('Email').fill(person.email);
  await Promise.all([
    popup.waitForEvent('close'),
    popup.getByRole('button', { name: 'Sign in' }).click(),
  ]);
}

/**
 * Signs a fresh person in from the account page's own prompt (`path`, for a server other than
 * the suite's) and returns their user id from `db`.
 */
export async function signInOnAccountPage(
  page: Page,
  db: Db,
  person: { name: string; email: string },
  path = '/account',
): Promise<string> {
  await page.goto(path);
  await signInThroughPopup(
    page,
    () => page.getByRole('button', { name: 'Sign In' }).first().click(),
    person,
  );
  await page.getByRole('link', { name: 'My portfolios' }).waitFor();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', person.email)
    .executeTakeFirstOrThrow();
  return user.id;
}

/**
 * Puts `draft` (any JSON, so a test can store a broken one) in the site's local storage, from one
 * of its plain pages, as the editor would have left it.
 */
export async function storeDraft(page: Page, draft: unknown): Promise<void> {
  await page.goto('/about-us');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    DRAFT_STORAGE_KEY,
    JSON.stringify(draft),
  ] as const);
}

/** The draft in the page's local storage, as JSON.parse reads it (null when there is none). */
export async function storedDraft(page: Page): Promise<Draft> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), DRAFT_STORAGE_KEY);
  return JSON.parse(raw ?? 'null') as Draft;
}

/** Puts a draft in local storage and opens the editor with it, its form and preview shown. */
export async function openEditor(page: Page, id: TemplateId, data: PortfolioData): Promise<void> {
  await storeDraft(page, { templateId: id, data });
  await page.goto('/edit');
  await page.frameLocator('iframe').locator('#personalDetails').waitFor();
  await page.locator('#editor-step-heading').waitFor();
}

/** A template's card on /choose or the landing page: the list item under its name's heading. */
export const templateCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

/** Puts a draft in local storage and opens the template's draft preview page with it. */
export async function showDraft(page: Page, id: TemplateId, data: PortfolioData): Promise<void> {
  await storeDraft(page, { templateId: id, data });
  await page.goto(`/edit-${id}`);
  await page.locator('#personalDetails').waitFor();
}

/**
 * Presses the editor's Next and waits until the step has changed, so that what the caller looks
 * for next belongs to the new step and not to the one being left.
 */
export async function pressNext(
  page: Page,
  press: (next: Locator) => Promise<void>,
): Promise<void> {
  const currentStep = page.locator('.steps [aria-current="step"]');
  const before = await currentStep.textContent();
  await press(page.getByRole('button', { name: /^Next\b/ }));
  await expect.poll(() => currentStep.textContent()).not.toBe(before);
}

/**
 * Sends an image to POST /api/uploads from the page, signed in as its person, as the editor's
 * upload button does (the server tells the format from the bytes).
 */
export async function uploadFromPage(page: Page, file: Buffer): Promise<UploadedImage> {
  const answer = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const response = await fetch('/api/uploads', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    return { status: response.status, body: await response.text() };
  }, file.toString('base64'));
  expect(answer.status, answer.body).toBeLessThan(300);
  return JSON.parse(answer.body) as UploadedImage;
}
