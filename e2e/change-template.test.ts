import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Draft } from '../src/shared/draft.js';
import { parsePortfolio, type PortfolioData } from '../src/shared/domain/portfolio.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { storeDraft, storedDraft } from './fixtures.js';
import { step } from './step.js';

function portfolio(input: unknown): PortfolioData {
  const parsed = parsePortfolio(input);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return parsed.data;
}

// Directive (template2) has an address and a footer text under its tiles; Phantom (template5)
// has neither. Everything else here both templates show.
const draft: Draft = {
  templateId: 'template2',
  data: portfolio({
    personalDetails: { name: 'Kavya Menon', headline: 'Architect', intro: 'I design homes.' },
    section: {
      sectionTitle: 'Selected work',
      sectionSubTitle: 'Houses',
      sectionFooterText: 'Plans on request',
      sectionTiles: [{ title: 'Lake house', desc: 'Timber and glass' }],
    },
    contactDetails: {
      email: 'kavya@example.com',
      tel: '+91 90000 00000',
      address: 'Thrissur',
      socialLinks: [{ url: 'https://example.com/kavya', label: 'Studio', iconClass: 'website' }],
    },
  }),
};

/** A template's card in the dialog: named by the template, then its price. */
const templateChoice = (dialog: Locator, name: string) =>
  dialog.getByRole('button', { name: new RegExp(`^${name}\\b`) });

describe('Change template in the editor', () => {
  const session = useBrowser();

  it('carries the shared fields over and asks before discarding what the new template lacks', async () => {
    // bypassCSP: axe is injected into the page.
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    await storeDraft(page, draft);
    await page.goto('/edit');
    await page.frameLocator('iframe').locator('#personalDetails').waitFor();

    const dialog = page.getByRole('dialog', { name: 'Change template' });
    await step('the dialog offers the other templates', async () => {
      await page.getByRole('button', { name: 'Change template' }).click();
      await dialog.waitFor();
      await expect(templateChoice(dialog, 'Directive').count()).resolves.toBe(0);
      // Each choice says what that template costs a year, from the server's price list.
      await templateChoice(dialog, 'Phantom')
        .getByText(/ \/ year$/)
        .waitFor();
      await expect(templateChoice(dialog, 'Phantom').textContent()).resolves.toMatch(
        /Phantom₹[\d,.]+ \/ year$/,
      );
      await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
    });

    const confirm = page.getByRole('dialog', { name: 'Switch to Phantom?' });
    await step(
      'Phantom: the footer text and the address are listed; Back keeps the draft',
      async () => {
        await templateChoice(dialog, 'Phantom').click();
        await confirm.waitFor();
        const lost = confirm.getByRole('list', { name: 'What will be discarded' });
        await expect(lost.getByRole('listitem').allTextContents()).resolves.toEqual([
          'Features footer text',
          'Address',
        ]);
        await confirm.getByRole('button', { name: 'Back' }).click();
        await templateChoice(dialog, 'Phantom').waitFor();
        await dialog.getByRole('button', { name: 'Keep Directive' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(await storedDraft(page)).toEqual(draft);
      },
    );

    await step('Discard and switch: the editor shows Phantom with everything shared', async () => {
      await page.getByRole('button', { name: 'Change template' }).click();
      await templateChoice(dialog, 'Phantom').click();
      await confirm.getByRole('button', { name: 'Discard and switch' }).click();
      await page.getByRole('heading', { level: 1, name: /Phantom/ }).waitFor();
      await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Kavya Menon');
      await expect(page.getByLabel('Headline').inputValue()).resolves.toBe('Architect');
      await page.frameLocator('iframe').getByText('Lake house').waitFor();
      const stored = await storedDraft(page);
      expect(stored.templateId).toBe('template5');
      expect(stored.data.personalDetails).toMatchObject({
        name: 'Kavya Menon',
        headline: 'Architect',
        intro: 'I design homes.',
      });
      expect(stored.data.section).toMatchObject({
        sectionTitle: 'Selected work',
        sectionSubTitle: 'Houses',
        sectionFooterText: '',
        sectionTiles: [{ title: 'Lake house', desc: 'Timber and glass' }],
      });
      expect(stored.data.contactDetails).toMatchObject({
        email: 'kavya@example.com',
        tel: '+91 90000 00000',
        address: '',
        socialLinks: draft.data.contactDetails.socialLinks,
      });
    });

    await step('back to Directive: nothing is lost that way, so no question', async () => {
      await page.getByRole('button', { name: 'Change template' }).click();
      await templateChoice(dialog, 'Directive').click();
      await page.getByRole('heading', { level: 1, name: /Directive/ }).waitFor();
      await expect(confirm.count()).resolves.toBe(0);
      expect((await storedDraft(page)).data.personalDetails.name).toBe('Kavya Menon');
    });
  });
});
