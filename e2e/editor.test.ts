import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorSteps, isSectionStep, type Step } from '../src/client/editor/steps.js';
import type { Draft } from '../src/shared/draft.js';
import { LIMITS } from '../src/shared/domain/limits.js';
import type { PortfolioData, SocialLink } from '../src/shared/domain/portfolio.js';
import { TEMPLATE_IDS, templateName, type TemplateId } from '../src/shared/templates/catalog.js';
import { pickTemplateFields } from '../src/shared/templates/pick-fields.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../src/shared/templates/registry.js';
import { useBrowser } from './browser.js';
import { chooseDraftAction } from './draft-actions.js';
import { openEditor, pressNext, storeDraft, storedDraft } from './fixtures.js';
import { seriousAxeViolations } from './axe.js';

const sample = (id: TemplateId): PortfolioData =>
  pickTemplateFields(TEMPLATE_DEFINITIONS[id], structuredClone(SAMPLE_DATA[id]));

/** The template's sample data with one tile per section, as a fresh start. */
function oneTileEach(id: TemplateId): PortfolioData {
  const data = sample(id);
  for (const key of ['section', 'section2', 'section3'] as const) {
    const section = data[key];
    if (section) section.sectionTiles = section.sectionTiles.slice(0, 1);
  }
  return data;
}

/** The preview frame's document (same origin). */
function previewFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => /\/edit-template\d$/.test(candidate.url()));
  if (!frame) throw new Error('no preview frame');
  return frame;
}

const previewText = (page: Page) =>
  page
    .frameLocator('iframe')
    .locator('body')
    .evaluate((body) => body.textContent ?? '');

const stepHeading = (page: Page) => page.locator('#editor-step-heading').textContent();
const stepsNav = (page: Page) => page.getByRole('navigation', { name: 'Editor steps' });

/** The preview is scrolled to a part: at its top (less its scroll margin), or as far as it goes. */
async function previewScrolledTo(page: Page, tab: string): Promise<boolean> {
  // The look is the whole page's: its step shows the preview from the top.
  return previewFrame(page).evaluate(
    (id) => {
      const element = document.getElementById(id);
      if (!element) return false;
      const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
      const top = element.getBoundingClientRect().top - margin;
      if (id === 'personalDetails') return window.scrollY === 0;
      const atBottom =
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      return Math.abs(top) < 2 || (atBottom && top >= 0 && top < window.innerHeight);
    },
    tab === 'look' ? 'personalDetails' : tab,
  );
}

async function expectStep(page: Page, step: Step, steps: readonly Step[]): Promise<void> {
  // Named as the page names it now: a section's step follows the title typed into it.
  const draft = await storedDraft(page);
  const named = editorSteps(TEMPLATE_DEFINITIONS[draft.templateId], draft.data);
  const now = named.find((candidate) => candidate.id === step.id)!;
  await expect.poll(() => stepHeading(page)).toBe(now.title);
  await expect(page.locator('.editor__step-count').textContent()).resolves.toBe(
    `Step ${steps.indexOf(step) + 1} of ${steps.length}`,
  );
  await expect(page.locator('.steps [aria-current="step"]').textContent()).resolves.toContain(
    now.label,
  );
}

/** Fills the current step's fields with values unique to the template; returns what it typed. */
async function fillStep(page: Page, id: TemplateId, step: Step): Promise<Record<string, string>> {
  const definition = TEMPLATE_DEFINITIONS[id];
  const typed: Record<string, string> = {};
  if (step.id === 'look') {
    const second = definition.look.palette[1]!;
    await page.getByRole('radio', { name: new RegExp(`^${second.name}`) }).check();
    return { accent: second.value };
  }
  const form = page.locator('form.editor__form');
  if (step.id === 'personalDetails') {
    // Real keystrokes for one field; the rest are filled.
    typed.name = `Asha Rao ${id}`;
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByLabel('Name', { exact: true }).pressSequentially(typed.name);
    if (definition.personalDetails.includes('headline')) {
      typed.headline = `Headline for ${id}`;
      await page.getByLabel('Headline', { exact: true }).fill(typed.headline);
    }
    typed.intro = `Intro paragraph written for ${id}.`;
    await page.getByLabel('Intro', { exact: true }).fill(typed.intro);
    typed.profileImage = '/templates/art/portrait-miniport.svg';
    await page.getByLabel('Profile image URL', { exact: true }).fill(typed.profileImage);
  } else if (isSectionStep(step.id)) {
    const spec = definition.sections[step.id]!;
    if (spec.fields.includes('sectionTitle')) {
      typed.sectionTitle = `${step.label} title ${id}`;
      await page.getByLabel('Section title', { exact: true }).fill(typed.sectionTitle);
    }
    if (spec.fields.includes('sectionSubTitle')) {
      typed.sectionSubTitle = `${step.label} sub title ${id}`;
      await page.getByLabel('Sub title', { exact: true }).fill(typed.sectionSubTitle);
    }
    if (spec.fields.includes('sectionFooterText')) {
      typed.sectionFooterText = `${step.label} footer ${id}`;
      await page.getByLabel('Footer text', { exact: true }).fill(typed.sectionFooterText);
    }
    const tile = form.locator('.item-card').first();
    typed.tileTitle = `${step.label} tile ${id}`;
    await tile.getByLabel('Tile 1 Title').fill(typed.tileTitle);
    typed.tileDesc = `What the ${step.label} tile is about`;
    await tile.getByLabel('Tile 1 Description').fill(typed.tileDesc);
    if (spec.tileFields.includes('img')) {
      typed.tileImg = '/templates/art/tile-07.svg';
      await tile.getByLabel('Tile 1 Image URL').fill(typed.tileImg);
    }
    typed.tileLink = `https://example.com/${step.id}-${id}`;
    await tile.getByLabel('Tile 1 Link').fill(typed.tileLink);
    if (spec.tileFields.includes('icon')) {
      await tile.getByRole('radio', { name: 'rocket' }).check();
      typed.tileIcon = 'rocket';
    }
  } else {
    const fields = definition.contactDetails;
    // The form sends through the server unless the owner picks the mail program; only then does
    // the page show the email address, so pick it to see the address typed live.
    await expect(page.getByRole('radio', { name: /^Through this site/ }).isChecked()).resolves.toBe(
      true,
    );
    await page.getByRole('radio', { name: /^The visitor's mail program/ }).check();
    typed.formDelivery = 'mailto';
    if (fields.includes('email')) {
      typed.email = `asha-${id}@example.com`;
      await page.getByLabel('Email', { exact: true }).fill(typed.email);
    }
    if (fields.includes('tel')) {
      typed.tel = '+91 98765 43210';
      await page.getByLabel('Phone', { exact: true }).fill(typed.tel);
    }
    if (fields.includes('address')) {
      typed.address = `Pune ${id}`;
      await page.getByLabel('Address', { exact: true }).fill(typed.address);
    }
    await page.getByRole('button', { name: 'Add a social link' }).click();
    const count = await form.locator('.item-card').count();
    const link = form.locator('.item-card').last();
    typed.socialLabel = `Follow ${id}`;
    await link.getByLabel(`Social link ${count} Label`).fill(typed.socialLabel);
    typed.socialUrl = `https://github.com/asha-${id}`;
    await link.getByLabel(`Social link ${count} URL`).fill(typed.socialUrl);
    await expect(link.locator('.social-icon-note').textContent()).resolves.toBe(
      'Shows the GitHub icon.',
    );
  }
  return typed;
}

/** What the step typed is in the preview, live. */
async function expectInPreview(page: Page, typed: Record<string, string>): Promise<void> {
  const frame = page.frameLocator('iframe');
  const texts = [
    typed.name,
    typed.headline,
    typed.intro,
    typed.sectionTitle,
    typed.sectionSubTitle,
    typed.sectionFooterText,
    typed.tileTitle,
    typed.tileDesc,
    typed.email,
    typed.tel,
    typed.address,
  ].filter((text): text is string => text !== undefined);
  for (const text of texts)
    await expect.poll(() => previewText(page), { message: text }).toContain(text);
  for (const src of [typed.profileImage, typed.tileImg].filter((v): v is string => !!v)) {
    await expect
      .poll(() => frame.locator(`img[src="${src}"]`).count(), { message: src })
      .toBeGreaterThan(0);
  }
  for (const href of [typed.tileLink, typed.socialUrl].filter((v): v is string => !!v)) {
    await expect
      .poll(() => frame.locator(`a[href="${href}"]`).count(), { message: href })
      .toBeGreaterThan(0);
  }
}

function expectStored(draft: Draft, id: TemplateId, step: Step, typed: Record<string, string>) {
  expect(draft.templateId).toBe(id);
  const data = draft.data;
  if (step.id === 'look') {
    expect(data.appearance?.accent).toBe(typed.accent);
    return;
  }
  if (step.id === 'personalDetails') {
    expect(data.personalDetails).toMatchObject({
      name: typed.name,
      intro: typed.intro,
      profileImage: typed.profileImage,
      ...(typed.headline ? { headline: typed.headline } : {}),
    });
  } else if (isSectionStep(step.id)) {
    const section = data[step.id]!;
    for (const field of ['sectionTitle', 'sectionSubTitle', 'sectionFooterText'] as const) {
      if (typed[field]) expect(section[field]).toBe(typed[field]);
    }
    expect(section.sectionTiles[0]).toMatchObject({
      title: typed.tileTitle,
      desc: typed.tileDesc,
      link: typed.tileLink,
      ...(typed.tileImg ? { img: typed.tileImg } : {}),
      ...(typed.tileIcon ? { icon: typed.tileIcon } : {}),
    });
  } else {
    for (const field of ['email', 'tel', 'address'] as const) {
      if (typed[field]) expect(data.contactDetails[field]).toBe(typed[field]);
    }
    expect(data.contactDetails.formDelivery).toBe(typed.formDelivery);
    expect(data.contactDetails.socialLinks.at(-1)).toEqual({
      label: typed.socialLabel,
      url: typed.socialUrl,
      iconClass: 'github',
    });
  }
}

describe.each(TEMPLATE_IDS)('the editor with %s', (id) => {
  const session = useBrowser();
  const definition = TEMPLATE_DEFINITIONS[id];
  const steps = editorSteps(definition, oneTileEach(id));

  it('walks every step forward and back, shows typing live, survives a reload and reaches /final-preview', async () => {
    const page = await session.newPage({ width: 1280, height: 860 });
    await openEditor(page, id, oneTileEach(id));
    await expect(page.locator('h1').textContent()).resolves.toContain(templateName(id));
    await expect(page.locator('iframe').getAttribute('src')).resolves.toBe(`/edit-${id}`);
    // The preview document is never reloaded while editing.
    await previewFrame(page).evaluate(() => {
      (window as unknown as { keptAlive: boolean }).keptAlive = true;
    });

    const typedByStep = new Map<Step, Record<string, string>>();
    for (const [index, step] of steps.entries()) {
      await expectStep(page, step, steps);
      const typed = await fillStep(page, id, step);
      typedByStep.set(step, typed);
      await expectInPreview(page, typed);
      expectStored(await storedDraft(page), id, step, typed);

      if (index === 0) {
        // Enter in a one-line field does not submit or advance the step.
        await page.getByLabel('Name', { exact: true }).press('Enter');
        await expectStep(page, step, steps);
      }
      if (index === 1) {
        // A reload mid-way keeps every field and the step.
        await page.reload();
        await page.frameLocator('iframe').locator('#personalDetails').waitFor();
        await expectStep(page, step, steps);
        const tile = page.locator('form.editor__form .item-card').first();
        await expect(tile.getByLabel('Tile 1 Title').inputValue()).resolves.toBe(typed.tileTitle);
        await expect(tile.getByLabel('Tile 1 Link').inputValue()).resolves.toBe(typed.tileLink);
        await expectInPreview(page, { ...typedByStep.get(steps[0]!)!, ...typed });
        await previewFrame(page).evaluate(() => {
          (window as unknown as { keptAlive: boolean }).keptAlive = true;
        });
      }

      const next = steps[index + 1];
      if (next) {
        await page.getByRole('button', { name: /^Next/ }).click();
        await expectStep(page, next, steps);
        await expect
          .poll(() => previewScrolledTo(page, next.id), { message: `scrolled to ${next.id}` })
          .toBe(true);
        await expect(
          page.locator('#editor-step-heading').evaluate((h) => h === document.activeElement),
        ).resolves.toBe(true);
      }
    }
    await expect(
      previewFrame(page).evaluate(() => (window as unknown as { keptAlive?: boolean }).keptAlive),
    ).resolves.toBe(true);

    // The browser's Back and Forward move between steps too, the heading taking the focus.
    const [beforeLast, last] = steps.slice(-2);
    if (beforeLast && last) {
      await page.goBack();
      await expectStep(page, beforeLast, steps);
      await expect
        .poll(() =>
          page.locator('#editor-step-heading').evaluate((h) => h === document.activeElement),
        )
        .toBe(true);
      await page.goForward();
      await expectStep(page, last, steps);
    }

    // Back through every step; each keeps what was typed.
    for (let index = steps.length - 1; index > 0; index -= 1) {
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      const step = steps[index - 1]!;
      await expectStep(page, step, steps);
      await expect
        .poll(() => previewScrolledTo(page, step.id), { message: `back to ${step.id}` })
        .toBe(true);
    }
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(
      typedByStep.get(steps[0]!)!.name,
    );
    // On the first step, Back leads to the templates.
    await expect(
      page.getByRole('link', { name: 'Back to templates' }).getAttribute('href'),
    ).resolves.toBe('/choose');

    // Everything typed is in the stored draft at once.
    const draft = await storedDraft(page);
    for (const [step, typed] of typedByStep) expectStored(draft, id, step, typed);

    for (let index = 1; index < steps.length; index += 1) {
      await page.getByRole('button', { name: /^Next/ }).click();
      await expectStep(page, steps[index]!, steps);
    }
    await page.getByRole('button', { name: 'Review and publish' }).click();
    await page.waitForURL('**/final-preview');
    await expect(storedDraft(page)).resolves.toEqual(draft);
  });
});

describe('the editor', () => {
  const session = useBrowser();
  let otherOrigin: Server;
  let otherUrl = '';

  beforeAll(async () => {
    // A second origin: a page there is a real cross-origin sender.
    otherOrigin = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Another site</title><p>Another site</p>');
    });
    await new Promise<void>((resolve) => otherOrigin.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(otherOrigin.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => otherOrigin.close(resolve));
  });

  it('keeps the ticks of the steps reached after going back, a reload and a new page load', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template5', oneTileEach('template5'));
    await pressNext(page, (next) => next.click());
    await pressNext(page, (next) => next.click());
    const ticked = () =>
      page
        .getByRole('navigation', { name: 'Editor steps' })
        .locator('.steps__item.is-done')
        .count();
    await expect.poll(ticked).toBe(2);
    // Back to the first step: the two reached after it keep their ticks.
    await page.getByRole('button', { name: /^Step 1:/ }).click();
    await expect.poll(ticked).toBe(2);
    // Signing in returns to /edit in a new page load, without the history entry's step.
    await page.goto('/about-us');
    await page.goto('/edit');
    await page.locator('#editor-step-heading').waitFor();
    await expect.poll(ticked).toBe(2);
    await expect(
      page.getByRole('button', { name: /^Step 3: .* \(visited\)$/ }).count(),
    ).resolves.toBe(1);
    // A draft cleared starts its steps over, and a reload does not bring the ticks back.
    await chooseDraftAction(page, 'Clear this draft');
    await page
      .getByRole('dialog', { name: 'Clear this draft?' })
      .getByRole('button', { name: 'Clear draft' })
      .click();
    await expect.poll(ticked).toBe(0);
    await page.reload();
    await page.locator('#editor-step-heading').waitFor();
    await expect.poll(ticked).toBe(0);
  });

  it('removes the sample tiles in one go from the keyboard, keeps the own ones, and undoes it', async () => {
    // The review: 4 projects of the person's own among Directive's sample tiles.
    const data = sample('template2');
    const sampleTiles = data.section!.sectionTiles;
    const own = ['Boat builders', 'Net menders', 'Spice market', 'Rain'].map((title) => ({
      img: '',
      title,
      desc: `${title}, in photos`,
      link: '',
    }));
    data.section!.sectionTiles = [...own, ...sampleTiles];
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template2', data);
    await page.getByRole('button', { name: /^Next/ }).click();
    const tiles = page.locator('form.editor__form .item-card');
    await expect.poll(() => tiles.count()).toBe(own.length + sampleTiles.length);
    const n = sampleTiles.length;
    await page.getByText(`${n} of ${n + own.length} tiles are still the sample's.`).waitFor();
    const remove = page.getByRole('button', { name: new RegExp(`^Remove the ${n} sample tiles`) });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => tiles.count()).toBe(own.length);
    await expect
      .poll(async () => (await storedDraft(page)).data.section!.sectionTiles.map((t) => t.title))
      .toEqual(own.map((tile) => tile.title));
    await page
      .getByRole('status')
      .filter({ hasText: `Removed ${n} sample tiles.` })
      .waitFor();
    // The button pressed is gone: focus is on Undo, in its place.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toMatch(/^Undo/);
    await page.keyboard.press('Enter');
    await expect.poll(() => tiles.count()).toBe(own.length + n);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toMatch(new RegExp(`^Remove the ${n} sample tiles`));
  });

  it('after removing every sample tile, Add a tile opens the blank one left, not a second', async () => {
    // The review: a blank Tile 1 stayed above the added Tile 2, and the final preview then
    // asked for "2 expected fields" nobody could place.
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template2', sample('template2'));
    await page.getByRole('button', { name: /^Next/ }).click();
    const tiles = page.locator('form.editor__form .item-card');
    const n = sample('template2').section!.sectionTiles.length;
    await page.getByRole('button', { name: new RegExp(`^Remove the ${n} sample tiles`) }).click();
    await expect.poll(() => tiles.count()).toBe(1);
    await page.getByRole('button', { name: /^Add a tile/ }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
      .toMatch(/tile-1-title$/);
    await expect(tiles.count()).resolves.toBe(1);
    await page.keyboard.type('Boat builders');
    await page.getByRole('button', { name: /^Add a tile/ }).click();
    await expect.poll(() => tiles.count()).toBe(2);
  });

  it("removes the sample's social links in one go, keeps the person's own, and undoes it", async () => {
    // The review: Mini-port's five sample profiles, to be removed one by one.
    const data = sample('template1');
    const sampleLinks = data.contactDetails.socialLinks;
    const own: SocialLink = {
      url: 'https://www.instagram.com/meera.lens',
      label: 'Instagram',
      iconClass: 'instagram',
    };
    data.contactDetails.socialLinks = [own, ...sampleLinks];
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template1', data);
    const steps = editorSteps(TEMPLATE_DEFINITIONS.template1, data);
    for (let index = 1; index < steps.length - 1; index += 1) {
      await pressNext(page, (next) => next.click());
    }
    const links = page.locator('form.editor__form .item-card');
    const n = sampleLinks.length;
    expect(n).toBeGreaterThan(1);
    await page.getByText(`${n} of ${n + 1} links are still the sample's.`).waitFor();
    mkdirSync('test-results', { recursive: true });
    // The contact details' own line (the sample's phone and address) is above this one.
    await page
      .locator('.sample-removal')
      .filter({ hasText: 'links are still' })
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/editor-sample-links.png' });
    await page
      .getByRole('button', { name: `Remove the ${n} sample links from Social links` })
      .click();
    await expect.poll(() => links.count()).toBe(1);
    await expect
      .poll(async () => (await storedDraft(page)).data.contactDetails.socialLinks)
      .toEqual([own]);
    await page
      .getByRole('status')
      .filter({ hasText: `Removed ${n} sample links.` })
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toMatch(/^Undo/);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await storedDraft(page)).data.contactDetails.socialLinks.length)
      .toBe(n + 1);
    await page.close();
  });

  it("removes the sample's contact details the person left, keeps their own, and undoes it", async () => {
    // The review: Mini-port's sample phone number and address, to be cleared field by field.
    const data = sample('template1');
    const own = 'nila.menon@example.org';
    const { tel, address } = data.contactDetails;
    data.contactDetails.email = own;
    expect(tel && address).toBeTruthy();
    for (const [device, viewport, options] of [
      ['phone', { width: 375, height: 812 }, { hasTouch: true, isMobile: true }],
      ['computer', { width: 1280, height: 900 }, {}],
    ] as const) {
      const page = await session.newPage(viewport, options);
      await storeDraft(page, { templateId: 'template1', data });
      await page.goto('/edit');
      await page.locator('#editor-step-heading').waitFor();
      const steps = editorSteps(TEMPLATE_DEFINITIONS.template1, data);
      for (let index = 1; index < steps.length - 1; index += 1) {
        await pressNext(page, (next) => next.click());
      }
      const contact = async () => (await storedDraft(page)).data.contactDetails;
      await page.getByText("The phone number and address are still the sample's.").waitFor();
      const remove = page.getByRole('button', { name: 'Remove the 2 sample contact details' });
      await remove.scrollIntoViewIfNeeded();
      mkdirSync('test-results', { recursive: true });
      await page.screenshot({ path: `test-results/editor-sample-contact-${device}.png` });
      await remove.click();
      await expect.poll(async () => (await contact()).tel).toBe('');
      expect(await contact()).toMatchObject({ email: own, tel: '', address: '' });
      await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(own);
      await page
        .getByRole('status')
        .filter({ hasText: 'Removed 2 sample contact details.' })
        .waitFor();
      await page.screenshot({ path: `test-results/editor-sample-contact-removed-${device}.png` });
      // The button pressed is gone: focus is on Undo, in its place.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Undo removing the 2 sample contact details');
      await page.keyboard.press('Enter');
      await expect.poll(contact).toMatchObject({ email: own, tel, address });
      await expect(page.getByLabel('Phone', { exact: true }).inputValue()).resolves.toBe(tel);

      // One left: named as one. None left: the line goes.
      await page.getByLabel('Address', { exact: true }).fill('Kochi, India');
      await page.getByText("The phone number is still the sample's.").waitFor();
      await page.getByLabel('Phone', { exact: true }).fill('+91 90000 12345');
      await expect.poll(() => page.locator('#contact-remove-samples').count()).toBe(0);
      await expect(page.getByText(/^The .* still the sample's\.$/).count()).resolves.toBe(0);
      await page.close();
    }
  });

  it('keeps the phone number whole in the WhatsApp button at 375, 320 and 1280 px', async () => {
    const data = sample('template1');
    data.contactDetails.socialLinks = [];
    for (const tel of ['+91 98765 43210', '+44 (0) 20 7946 0958']) {
      data.contactDetails.tel = tel;
      for (const width of [375, 320, 1280]) {
        const page = await session.newPage(
          { width, height: 812 },
          width < 1000 ? { hasTouch: true, isMobile: true } : {},
        );
        await storeDraft(page, { templateId: 'template1', data });
        await page.goto('/edit');
        await page.locator('#editor-step-heading').waitFor();
        const steps = editorSteps(TEMPLATE_DEFINITIONS.template1, data);
        for (let index = 1; index < steps.length - 1; index += 1) {
          await pressNext(page, (next) => next.click());
        }
        const button = page.getByRole('button', { name: `Add a WhatsApp button for ${tel}` });
        await button.scrollIntoViewIfNeeded();
        // One line box for the number: the words before it wrap instead.
        await expect(
          button
            .locator('.list-editor__phone')
            .evaluate((number) => number.getClientRects().length),
        ).resolves.toBe(1);
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await expect(
          button.evaluate((element) => element.scrollWidth - element.clientWidth),
        ).resolves.toBeLessThanOrEqual(0);
        await expect(
          page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).resolves.toBeLessThanOrEqual(0);
        mkdirSync('test-results', { recursive: true });
        await page.screenshot({ path: `test-results/editor-whatsapp-${width}-${tel.length}.png` });
        await page.close();
      }
    }
  });

  it('ignores removing the last tile, adds up to 24 tiles and refuses the 25th with a message', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template2', oneTileEach('template2'));
    await page.getByRole('button', { name: /^Next/ }).click();
    const tiles = page.locator('form.editor__form .item-card');
    const status = page.locator('.list-editor__announce');
    await expect.poll(() => tiles.count()).toBe(1);

    const removeOnly = page.getByRole('button', { name: 'Remove tile 1', exact: true });
    await expect.poll(() => removeOnly.getAttribute('aria-disabled')).toBe('true');
    // Still focusable and pressable (it says why it does nothing), as a keyboard user would.
    await removeOnly.press('Enter');
    await expect.poll(() => tiles.count()).toBe(1);
    await expect.poll(() => status.textContent()).toContain('keeps at least one tile');
    // The reason shows beside the refused control, not only to screen readers.
    const keepOne = tiles.first().locator('.list-editor__refusal');
    await expect.poll(() => keepOne.isVisible()).toBe(true);
    await expect.poll(() => keepOne.textContent()).toContain('keeps at least one tile');
    await expect
      .poll(async () => (await storedDraft(page)).data.section!.sectionTiles)
      .toHaveLength(1);

    // Named by the section's title on the page, as its step is.
    const add = page.getByRole('button', {
      name: `Add a tile to ${SAMPLE_DATA.template2.section!.sectionTitle}`,
    });
    for (let count = 2; count <= LIMITS.maxTiles; count += 1) {
      await add.click();
      await expect.poll(() => tiles.count()).toBe(count);
    }
    // The new tile's first field has focus, ready to type in.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe(`f-section-tile-${LIMITS.maxTiles}-title`);
    await expect.poll(() => page.locator('.list-editor__count').textContent()).toBe('24 of 24');
    await expect.poll(() => add.getAttribute('aria-disabled')).toBe('true');
    await add.press('Enter');
    await expect.poll(() => status.textContent()).toContain('at most 24 tiles');
    const full = page.locator('.list-editor__foot .list-editor__refusal');
    await expect.poll(() => full.isVisible()).toBe(true);
    await expect.poll(() => full.textContent()).toContain('at most 24 tiles');
    await expect.poll(() => tiles.count()).toBe(LIMITS.maxTiles);
    await expect
      .poll(async () => (await storedDraft(page)).data.section!.sectionTiles)
      .toHaveLength(LIMITS.maxTiles);

    // Moving and removing (now allowed) work on the right tiles and keep focus in place.
    await page.getByLabel('Tile 1 Title').fill('First');
    await page.getByLabel('Tile 2 Title').fill('Second');
    await page.getByRole('button', { name: 'Move tile 2 up', exact: true }).click();
    await expect
      .poll(async () =>
        (await storedDraft(page)).data.section!.sectionTiles.slice(0, 2).map((t) => t.title),
      )
      .toEqual(['Second', 'First']);
    await expect.poll(() => page.getByLabel('Tile 1 Title').inputValue()).toBe('Second');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('f-section-tile-1-down');
    await page.getByRole('button', { name: 'Move tile 1 down', exact: true }).click();
    await expect.poll(() => page.getByLabel('Tile 2 Title').inputValue()).toBe('Second');
    await page.getByRole('button', { name: 'Remove tile 1', exact: true }).click();
    await expect.poll(() => tiles.count()).toBe(LIMITS.maxTiles - 1);
    await expect.poll(() => page.getByLabel('Tile 1 Title').inputValue()).toBe('Second');
    await expect.poll(() => add.getAttribute('aria-disabled')).toBeNull();
  });

  it("names the sample's picture as the sample's, never by its path, and removes it on request", async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template5', SAMPLE_DATA.template5);
    const profile = page.getByRole('group', { name: /^Profile picture/ });
    await profile.getByText('The template’s sample picture').waitFor();
    const address = page.getByLabel('Profile image URL', { exact: true });
    await expect(address.inputValue()).resolves.toBe('');
    await expect(page.locator('body').textContent()).resolves.not.toContain('/templates/art/');
    await profile
      .getByRole('button', { name: /^Remove it \(the sample profile picture\)$/ })
      .click();
    await expect
      .poll(async () => (await storedDraft(page)).data.personalDetails.profileImage)
      .toBe('');
    await expect(profile.getByText('The template’s sample picture').count()).resolves.toBe(0);
    // Focus stays in the field, on Upload (signed out here, it asks for a sign-in first), and the
    // removal is announced.
    await expect(
      page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''),
    ).resolves.toMatch(/^Sign in to upload/);
    await profile.getByRole('status').filter({ hasText: 'was removed' }).waitFor();
  });

  it('refuses a javascript: URL with a message beside the field, keeps the input, and never shows it', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template5', oneTileEach('template5'));
    const frame = page.frameLocator('iframe');
    const image = page.getByLabel('Profile image URL', { exact: true });
    await image.fill('javascript:alert(document.domain)');
    const imageProblem = page.locator('#f-profileImage-problem');
    await expect(imageProblem.textContent()).resolves.toContain('http:// or https://');
    await expect(image.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(image.getAttribute('aria-describedby')).resolves.toContain(
      'f-profileImage-problem',
    );
    await page.getByLabel('Name', { exact: true }).fill('Still Shown');
    await expect.poll(() => previewText(page)).toContain('Still Shown');

    await page.getByRole('button', { name: /^Next/ }).click();
    const link = page.getByLabel('Tile 1 Link');
    await link.fill('javascript:alert(1)');
    await expect(page.locator('#f-section-tile-1-link-problem').textContent()).resolves.toBe(
      'This link must be a web address like example.com/work, or start with https://, mailto: or tel:',
    );
    await page.getByLabel('Tile 1 Title').fill('Valid title beside a bad link');
    await expect.poll(() => previewText(page)).toContain('Valid title beside a bad link');
    // The preview shows every valid field and no trace of the refused ones.
    await expect(
      frame.locator('[href^="javascript:" i], [src^="javascript:" i]').count(),
    ).resolves.toBe(0);
    await expect(frame.locator('.phantom-portrait').count()).resolves.toBe(0);
    // The input itself is kept, so nothing typed is lost.
    const draft = await storedDraft(page);
    expect(draft.data.personalDetails.profileImage).toBe('javascript:alert(document.domain)');
    expect(draft.data.section!.sectionTiles[0]!.link).toBe('javascript:alert(1)');

    // 'Review and publish' does not go on with refused fields; it lists them, each a way to the field.
    await stepsNav(page).getByRole('button', { name: /Style/ }).click();
    await page.getByRole('button', { name: 'Review and publish' }).click();
    const problems = page.locator('.problems');
    await expect(problems.getByRole('heading').textContent()).resolves.toBe(
      '2 fields need fixing before the preview',
    );
    expect(page.url()).toMatch(/\/edit$/);
    await problems.getByRole('button', { name: /Profile image URL/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('f-profileImage');
    await image.fill('/templates/art/portrait-phantom.svg');
    await expect(image.getAttribute('aria-invalid')).resolves.toBeNull();
    await expect(page.locator('.problems li').count()).resolves.toBe(1);
    await problems.getByRole('button', { name: /tile 1: Link/ }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('f-section-tile-1-link');
    await link.fill('mailto:asha@example.com');
    await expect(
      frame.locator('a[href="mailto:asha@example.com"]').count(),
    ).resolves.toBeGreaterThan(0);
    await stepsNav(page).getByRole('button', { name: /Style/ }).click();
    await page.getByRole('button', { name: 'Review and publish' }).click();
    await page.waitForURL('**/final-preview');
  });

  it('completes a link typed without https://, picks its icon from the address, and makes a WhatsApp button of the phone', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    const data = sample('template5');
    data.contactDetails.socialLinks = [];
    data.contactDetails.tel = '';
    await openEditor(page, 'template5', data);
    const steps = editorSteps(TEMPLATE_DEFINITIONS.template5, sample('template5'));
    // To the contact step, the one before the look.
    for (let index = 1; index < steps.length - 1; index += 1) {
      await pressNext(page, (next) => next.click());
    }
    await page.getByLabel('Phone', { exact: true }).fill('98765 43210');
    await page.getByRole('button', { name: 'Add a WhatsApp button for 98765 43210' }).click();
    await page.getByRole('button', { name: 'Add a social link' }).click();
    const second = page.locator('.item-card').nth(1);
    await second.getByLabel('Social link 2 Label').fill('Studio page');
    await second.getByLabel('Social link 2 URL').fill('facebook.com/priya.studio');
    await expect(second.locator('.social-icon-note').textContent()).resolves.toBe(
      'Shows the Facebook icon.',
    );
    // No refusal: the address is completed, not rejected.
    await expect(page.locator('#f-social-2-url-problem').count()).resolves.toBe(0);

    const frame = page.frameLocator('iframe');
    await expect
      .poll(() => frame.locator('a[href="https://facebook.com/priya.studio"]').count())
      .toBe(1);
    await expect(frame.locator('a[href="https://wa.me/919876543210"]').count()).resolves.toBe(1);
    const draft = await storedDraft(page);
    expect(draft.data.contactDetails.socialLinks).toEqual([
      { url: 'https://wa.me/919876543210', label: 'WhatsApp', iconClass: 'whatsapp' },
      { url: 'facebook.com/priya.studio', label: 'Studio page', iconClass: 'facebook' },
    ]);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/editor-social-links.png', fullPage: false });
    await page.close();
  });

  it('offers the greeting right under the name, unfolded, and the preview follows', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template1', sample('template1'));
    const greeting = page.getByLabel('Greeting before your name');
    // Found where the name is edited, with nothing to open first.
    await expect(greeting.isVisible()).resolves.toBe(true);
    await expect(greeting.getAttribute('placeholder')).resolves.toBe('Hi. I’m');
    const name = (await page.getByLabel('Name', { exact: true }).boundingBox())!;
    const box = (await greeting.boundingBox())!;
    expect(box.y).toBeGreaterThan(name.y);
    expect(box.y - (name.y + name.height)).toBeLessThan(120);
    await greeting.fill('Namaste, I am');
    await expect.poll(() => previewText(page)).toContain('Namaste, I am');
    expect((await storedDraft(page)).data.phrases).toEqual({ greeting: 'Namaste, I am' });
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/editor-phrases.png' });
    await greeting.fill('');
    await expect.poll(() => previewText(page)).toContain('Hi. I’m');
    await page.close();
  });

  it('shows a new accent where it took effect: the preview brings an accent-coloured part into view', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await openEditor(page, 'template1', sample('template1'));
    await page.locator('.steps').getByText('Style').click();
    await expect.poll(() => stepHeading(page)).toBe('Colours and type');
    const frame = previewFrame(page);
    // The Style step shows the page's top, where Mini-port has nothing in its accent.
    await expect.poll(() => frame.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('radio', { name: 'Teal' }).check();
    // Some part drawn in teal (#0f766e) is within the preview's view.
    const tealInView = () =>
      frame.evaluate(() =>
        [...document.querySelectorAll('body *')].some((element) => {
          const style = getComputedStyle(element);
          const teal = 'rgb(15, 118, 110)';
          if (style.color !== teal && style.backgroundColor !== teal) return false;
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      );
    await expect.poll(tealInView, { timeout: 5000 }).toBe(true);
    // And it is pointed out for a moment.
    await frame.locator('.accent-spotlight').first().waitFor({ state: 'attached' });
  });

  it('keeps the preview document and its scroll position while typing', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await openEditor(page, 'template3', oneTileEach('template3'));
    const frame = previewFrame(page);
    await frame.evaluate(() => {
      (window as unknown as { keptAlive: boolean }).keptAlive = true;
      window.scrollTo({ top: 900, behavior: 'instant' });
    });
    await page.getByLabel('Intro', { exact: true }).pressSequentially(' More.');
    await expect.poll(() => previewText(page)).toContain('More.');
    await expect(frame.evaluate(() => window.scrollY)).resolves.toBe(900);
    await expect(
      frame.evaluate(() => (window as unknown as { keptAlive?: boolean }).keptAlive),
    ).resolves.toBe(true);
  });

  it('ignores scroll and draft messages from another origin', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await openEditor(page, 'template5', sample('template5'));
    const frame = previewFrame(page);
    await expect.poll(() => frame.evaluate(() => window.scrollY)).toBe(0);
    // Counts the foreign messages as they arrive, after the preview's own listener (added first)
    // has handled each one, and notes whether the injected draft is ever drawn.
    await frame.evaluate(() => {
      const seen = window as unknown as { injectedDrawn: boolean };
      seen.injectedDrawn = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('Injected by another site')) {
          seen.injectedDrawn = true;
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      (window as unknown as { foreignMessages: Promise<void> }).foreignMessages = new Promise(
        (resolve) => {
          let seen = 0;
          window.addEventListener('message', (event) => {
            if (event.origin !== window.location.origin && (seen += 1) === 2) resolve();
          });
        },
      );
    });

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => void window.open(url, 'another-site'), otherUrl),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).origin).not.toBe(new URL(page.url()).origin);
    const sent = await popup.evaluate(() => {
      const preview = window.opener?.frames[0] as Window | undefined;
      if (!preview) return false;
      const channel = 'portfolio-builder-preview';
      preview.postMessage({ channel, type: 'scroll', tab: 'contactDetails', instant: true }, '*');
      preview.postMessage(
        {
          channel,
          type: 'draft',
          raw: JSON.stringify({
            templateId: 'template5',
            data: { personalDetails: { name: 'Injected by another site' } },
          }),
        },
        '*',
      );
      return true;
    });
    expect(sent).toBe(true);
    // Both arrived and were handled. A draft the preview had taken would be drawn before one the
    // editor sends after them: once the editor's draft is on screen, the foreign one had its turn.
    await frame.evaluate(
      () => (window as unknown as { foreignMessages: Promise<void> }).foreignMessages,
    );
    const later = await storedDraft(page);
    later.data.personalDetails.name = 'Sent by the editor';
    await page.evaluate((raw) => {
      const preview = document.querySelector('iframe')!.contentWindow!;
      preview.postMessage(
        { channel: 'portfolio-builder-preview', type: 'draft', raw },
        window.location.origin,
      );
    }, JSON.stringify(later));
    await expect.poll(() => previewText(page)).toContain('Sent by the editor');
    await expect(
      frame.evaluate(() => (window as unknown as { injectedDrawn: boolean }).injectedDrawn),
    ).resolves.toBe(false);
    await expect(frame.evaluate(() => window.scrollY)).resolves.toBe(0);
    await expect(previewText(page)).resolves.not.toContain('Injected by another site');

    // The same messages from the editor around the frame (same origin) do take effect.
    await page.evaluate(() => {
      const preview = document.querySelector('iframe')!.contentWindow!;
      preview.postMessage(
        {
          channel: 'portfolio-builder-preview',
          type: 'scroll',
          tab: 'contactDetails',
          instant: true,
        },
        window.location.origin,
      );
    });
    await expect.poll(() => frame.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  it('sends /edit with no navigation state and no draft to /choose', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await page.goto('/about-us');
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/edit');
    await page.waitForURL('**/choose');
  });

  it('goes to /screen-error below 320 px only, while the preview pages never redirect', async () => {
    const page = await session.newPage({ width: 300, height: 900 });
    await storeDraft(page, { templateId: 'template1', data: sample('template1') });
    await page.goto('/edit');
    await page.waitForURL('**/screen-error');
    for (const id of TEMPLATE_IDS) {
      await storeDraft(page, { templateId: id, data: sample(id) });
      await page.goto(`/edit-${id}`);
      // The template is drawn only after the page's mount effects (where a redirect would run)
      // and the template's chunk: by then a redirect would have changed the address.
      await page.locator('#personalDetails').waitFor();
      expect(new URL(page.url()).pathname).toBe(`/edit-${id}`);
    }
    const wide = await session.newPage({ width: 320, height: 700 });
    await storeDraft(wide, { templateId: 'template1', data: sample('template1') });
    await wide.goto('/edit');
    await wide.locator('#editor-step-heading').waitFor();
    expect(new URL(wide.url()).pathname).toBe('/edit');
  });

  it('stays, its dialog open, when a window narrows below 320 px for a moment', async () => {
    const page = await session.newPage({ width: 375, height: 812 });
    await storeDraft(page, { templateId: 'template1', data: sample('template1') });
    await page.goto('/edit');
    await page.locator('#editor-step-heading').waitFor();
    await page.getByRole('button', { name: /draft actions/ }).click();
    await page.getByRole('menuitem', { name: 'Change template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change template' });
    await dialog.waitFor();
    await page.setViewportSize({ width: 300, height: 812 });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.setViewportSize({ width: 375, height: 812 });
    expect(new URL(page.url()).pathname).toBe('/edit');
    await expect(dialog.isVisible()).resolves.toBe(true);
  });

  it('fits the window at every step: only the form and the preview scroll, never the page', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      const page = await session.newPage(viewport);
      await storeDraft(page, { templateId: 'template5', data: sample('template5') });
      await page.goto('/edit');
      for (const step of editorSteps(TEMPLATE_DEFINITIONS.template5, sample('template5'))) {
        await expect.poll(() => stepHeading(page)).toBe(step.title);
        // The form's visually hidden parts are absolutely placed: outside a positioned scroll
        // box they once sat at the foot of the form and stretched the page below the editor.
        await expect(
          page.evaluate(() => document.scrollingElement!.scrollHeight),
          `${viewport.width} px, ${step.id}`,
        ).resolves.toBe(viewport.height);
        const next = page.getByRole('button', { name: /^Next/ });
        if (await next.count()) await next.click();
      }
    }
  });

  it.each(TEMPLATE_IDS)(
    "shows %s's whole name in the bar and the first field on the first screen at 375x812",
    async (templateId) => {
      const page = await session.newPage({ width: 375, height: 812 }, { bypassCSP: true });
      await storeDraft(page, { templateId, data: sample(templateId) });
      await page.goto('/edit');
      await page.locator('#editor-step-heading').waitFor();
      const title = page.getByRole('heading', { level: 1 });
      // "Editing" is read out; the eye gets the template's name, uncut.
      await expect(title.textContent()).resolves.toBe(`Editing ${templateName(templateId)}`);
      await expect(
        title.evaluate((heading) => heading.scrollWidth - heading.clientWidth),
      ).resolves.toBeLessThanOrEqual(0);
      // Share says its word beside its icon.
      const share = page.locator('.editor__bar .plink__open');
      await expect(
        share
          .locator('.plink__open-label')
          .evaluate((label) => label.getBoundingClientRect().width),
      ).resolves.toBeGreaterThan(30);
      const bar = (await page.locator('.editor__bar').boundingBox())!;
      expect(bar.height).toBeLessThanOrEqual(64);
      // The first field starts high (it was at 344 px under the bars and the step's heading).
      const field = (await page.getByLabel('Name', { exact: true }).boundingBox())!;
      expect(field.y).toBeLessThanOrEqual(300);
      await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
    },
  );

  it('fits the bottom bar’s three buttons at 375 and 320 px on every step, icons whole', async () => {
    for (const width of [375, 320]) {
      const page = await session.newPage({ width, height: 740 });
      await storeDraft(page, { templateId: 'template1', data: sample('template1') });
      await page.goto('/edit');
      for (const step of editorSteps(TEMPLATE_DEFINITIONS.template1, sample('template1'))) {
        await expect.poll(() => stepHeading(page)).toBe(step.title);
        // Per button: does its content overflow it, how close do the drawn icon and words come to
        // its edges, and how wide is each icon against the 1em it is drawn at.
        const buttons = await page.locator('.editor__buttons > *').evaluateAll((elements) =>
          elements.map((button) => {
            const box = button.getBoundingClientRect();
            const drawn: DOMRect[] = [];
            const icons = [...button.querySelectorAll('svg')].map((icon) => {
              drawn.push(icon.getBoundingClientRect());
              return (
                icon.getBoundingClientRect().width / parseFloat(getComputedStyle(icon).fontSize)
              );
            });
            const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              // Words kept for screen readers only are clipped to a pixel: not drawn.
              if (
                !node.textContent?.trim() ||
                node.parentElement!.getBoundingClientRect().width <= 1
              )
                continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              drawn.push(range.getBoundingClientRect());
            }
            return {
              name: button.textContent,
              overflow: button.scrollWidth - button.clientWidth,
              left: Math.min(...drawn.map((rect) => rect.left)) - box.left,
              right: box.right - Math.max(...drawn.map((rect) => rect.right)),
              icons,
              fits: box.right <= window.innerWidth,
            };
          }),
        );
        expect(buttons).toHaveLength(3);
        for (const button of buttons) {
          const where = `${width} px, ${step.id}, ${button.name}`;
          expect(button.overflow, where).toBeLessThanOrEqual(0);
          expect(button.left, where).toBeGreaterThanOrEqual(8);
          expect(button.right, where).toBeGreaterThanOrEqual(8);
          expect(button.fits, where).toBe(true);
          for (const icon of button.icons) expect(icon, where).toBeCloseTo(1, 2);
        }
        const next = page.getByRole('button', { name: /^Next/ });
        if (await next.count()) await next.click();
      }
      // The last step's buttons keep their full names for screen readers.
      await expect(page.getByRole('button', { name: 'Review and publish' }).count()).resolves.toBe(
        1,
      );
      await expect(page.getByRole('button', { name: 'Back', exact: true }).count()).resolves.toBe(
        1,
      );
    }
  });

  it("keeps the browser's history sensible after a jump, and Review and publish's way back returns to the step", async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template3', sample('template3'));
    const steps = editorSteps(TEMPLATE_DEFINITIONS.template3, sample('template3'));
    const nav = page.getByRole('navigation', { name: 'Editor steps' });
    // Jump from the first step to the third, then the editor's Back: the second step.
    await nav.getByRole('button', { name: new RegExp(`Step 3: ${steps[2]!.label}`) }).click();
    await expect.poll(() => stepHeading(page)).toBe(steps[2]!.title);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(() => stepHeading(page)).toBe(steps[1]!.title);
    // The browser's Back goes to where the jump came from, not forward to the third step.
    await page.goBack();
    await expect.poll(() => stepHeading(page)).toBe(steps[0]!.title);

    // An entry rewritten behind a later one: the jump to the third step, Next to the fourth,
    // the browser's Back, the editor's Back (the third step's entry now shows the second),
    // Forward: the editor's Back from the fourth step still shows the third.
    await nav.getByRole('button', { name: new RegExp(`Step 3: ${steps[2]!.label}`) }).click();
    await expect.poll(() => stepHeading(page)).toBe(steps[2]!.title);
    await page.getByRole('button', { name: /^Next/ }).click();
    await expect.poll(() => stepHeading(page)).toBe(steps[3]!.title);
    await page.goBack();
    await expect.poll(() => stepHeading(page)).toBe(steps[2]!.title);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(() => stepHeading(page)).toBe(steps[1]!.title);
    await page.goForward();
    await expect.poll(() => stepHeading(page)).toBe(steps[3]!.title);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(() => stepHeading(page)).toBe(steps[2]!.title);

    // From the last step to the final preview and back to the editor: the last step again.
    const last = steps.at(-1)!;
    await nav
      .getByRole('button', { name: new RegExp(`Step ${steps.length}: ${last.label}`) })
      .click();
    await expect.poll(() => stepHeading(page)).toBe(last.title);
    await page.getByRole('button', { name: 'Review and publish' }).click();
    await page.waitForURL('**/final-preview');
    await page.getByRole('link', { name: 'Back to the editor' }).click();
    await page.waitForURL('**/edit');
    await expect.poll(() => stepHeading(page)).toBe(last.title);
  });

  it('opens the template chosen on /choose, from navigation state', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.goto('/choose');
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Solid-State' }) })
      .getByRole('button', { name: 'Select Solid-State' })
      .click();
    await page.waitForURL('**/edit');
    // The editor's chunk loads after the address changes: wait for its heading.
    await page.getByRole('heading', { level: 1, name: /Solid-State/ }).waitFor();
    await expect(page.locator('iframe').getAttribute('src')).resolves.toBe('/edit-template4');
    await page.frameLocator('iframe').locator('#personalDetails').waitFor();
  });

  it('labels every control and passes axe with no serious or critical violations', async () => {
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openEditor(page, 'template2', sample('template2'));
    for (const step of editorSteps(TEMPLATE_DEFINITIONS.template2, sample('template2'))) {
      await expect.poll(() => stepHeading(page)).toBe(step.title);
      const violations = await seriousAxeViolations(page, 'iframe');
      expect(violations, step.id).toEqual([]);
      const unlabelled = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            '.editor input, .editor textarea, .editor button, .editor a',
          ),
        ]
          .filter((control) => {
            const labels = (control as HTMLInputElement).labels;
            const named =
              (labels && labels.length > 0 && labels[0]!.textContent!.trim() !== '') ||
              control.getAttribute('aria-label') ||
              control.textContent!.trim() !== '';
            return !named;
          })
          .map((control) => control.outerHTML.slice(0, 80)),
      );
      expect(unlabelled, step.id).toEqual([]);
      const next = page.getByRole('button', { name: /^Next/ });
      if (await next.count()) await next.click();
    }
    // Keyboard: Tab from the step heading reaches the first field, with a visible focus ring.
    await page.getByRole('button', { name: 'Step 1: About you' }).click();
    // Focus the heading of the step jumped to, not of the one being left.
    await expect
      .poll(() => stepHeading(page))
      .toBe(editorSteps(TEMPLATE_DEFINITIONS.template2, sample('template2'))[0]!.title);
    await page.locator('#editor-step-heading').focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('f-name');
    await expect(
      page.evaluate(() => getComputedStyle(document.activeElement!).boxShadow),
    ).resolves.not.toBe('none');
  });
});

describe('the editor before the server says who is signed in', () => {
  const session = useBrowser();

  /** A draft opened with Edit on Meera's live page, stored as the account page stores it. */
  async function storeEditOfMeerasPage(page: Page): Promise<void> {
    await storeDraft(page, { templateId: 'template2', data: sample('template2') });
    await page.evaluate(() =>
      window.localStorage.setItem(
        'templateDataEditing',
        JSON.stringify({
          username: 'meera-pillai',
          templateId: 'template2',
          owner: 'meera@example.com',
        }),
      ),
    );
  }

  /** Holds /api/me until the returned function is called. */
  async function holdSessionAnswer(page: Page): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/me', async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  /** Opens `path` with /api/me held, once the app has asked and drawn its first frames. */
  async function openWithSessionHeld(page: Page, path: string): Promise<() => void> {
    const release = await holdSessionAnswer(page);
    // The app asks at its start, and draws its first frame meanwhile.
    const asked = page.waitForRequest('**/api/me');
    await page.goto(path);
    await asked;
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    return release;
  }

  it('draws a stored draft at once, and the final preview its title and lead', async () => {
    const page = await session.newPage({ width: 375, height: 812 }, { isMobile: true });
    await storeDraft(page, { templateId: 'template2', data: sample('template2') });
    const release = await holdSessionAnswer(page);
    await page.goto('/edit');
    await page.locator('#editor-step-heading').waitFor();
    await page.goto('/final-preview');
    await page.getByRole('heading', { name: 'Final preview' }).waitFor();
    await expect(page.locator('.fp-panel__lead').textContent()).resolves.toBe(
      'Your Directive page as visitors will see it.',
    );
    // The cards and the page wait for the answer.
    await expect(page.getByRole('button', { name: 'Use this username' }).count()).resolves.toBe(0);
    release();
    await page.getByRole('button', { name: 'Use this username' }).waitFor();
    await page.frameLocator('.browser__frame').locator('#personalDetails').waitFor();
  });

  it('keeps an edit of a live page hidden until then, and forgets it when its owner is not signed in', async () => {
    const page = await session.newPage({ width: 1280, height: 860 });
    await storeEditOfMeerasPage(page);
    const release = await openWithSessionHeld(page, '/edit');
    await expect(page.locator('#editor-step-heading').count()).resolves.toBe(0);
    // Nobody is signed in: Meera's words are not shown here, and the editor has nothing to open.
    release();
    await page.waitForURL('**/choose');
    await expect(storedDraft(page)).resolves.toBeNull();
  });

  it('draws nothing of an edit of a live page on the final preview until then', async () => {
    const page = await session.newPage({ width: 1280, height: 860 });
    await storeEditOfMeerasPage(page);
    const release = await openWithSessionHeld(page, '/final-preview');
    await expect(page.locator('.fp-panel__lead').count()).resolves.toBe(0);
    release();
    await page.getByRole('heading', { name: 'Nothing to publish yet' }).waitFor();
  });
});
