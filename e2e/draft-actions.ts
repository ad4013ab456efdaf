import type { Page } from 'playwright-core';

/** Chooses one of the draft's actions from the editor bar's More menu, as a person clicks. */
export async function chooseDraftAction(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'More draft actions' }).click();
  await page.getByRole('menuitem', { name }).click();
}
