import { randomUUID } from 'node:crypto';
import { faCamera, faHeart, faPaintbrush } from '@fortawesome/free-solid-svg-icons';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Draft } from '../src/shared/draft.js';
import { parsePortfolio, type PortfolioData } from '../src/shared/domain/portfolio.js';
import { pickTemplateFields } from '../src/shared/templates/pick-fields.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../src/shared/templates/registry.js';
import type { UploadedImage } from '../src/shared/uploads.js';
import { webpImage } from '../test/images.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import {
  pressNext,
  serverDatabase,
  signInOnAccountPage,
  storeDraft,
  storedDraft,
  uploadFromPage,
} from './fixtures.js';
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

/** Opens the editor on `draft` and picks `target` in Change template: the dialog asking to switch. */
async function askToSwitch(page: Page, draft: Draft, target: string): Promise<Locator> {
  await storeDraft(page, draft);
  await page.goto('/edit');
  await page.frameLocator('iframe').locator('#personalDetails').waitFor();
  await page.getByRole('button', { name: 'Change template' }).click();
  await templateChoice(page.getByRole('dialog', { name: 'Change template' }), target).click();
  const confirm = page.getByRole('dialog', { name: `Switch to ${target}?` });
  await confirm.waitFor();
  return confirm;
}

describe('Change template in the editor', () => {
  const session = useBrowser();

  it('on a 375 phone offers Change template in the Style step, outside the More menu', async () => {
    const page = await session.newPage(
      { width: 375, height: 812 },
      { isMobile: true, hasTouch: true },
    );
    const data = structuredClone(SAMPLE_DATA.template4);
    data.personalDetails.name = 'Ravi Iyer';
    await storeDraft(page, { templateId: 'template4', data });
    await page.goto('/edit');
    await page.locator('#editor-step-heading').waitFor();
    // The step's own button, found without opening More.
    const change = page.locator('#content').getByRole('button', { name: 'Change template' });
    while ((await page.locator('#editor-step-heading').textContent()) !== 'Colours and type') {
      await expect(change.count()).resolves.toBe(0);
      await pressNext(page, (next) => next.tap());
    }
    await change.scrollIntoViewIfNeeded();
    const box = (await change.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expect(page.locator('.editor__template-choice').textContent()).resolves.toContain(
      'Template: Solid-State',
    );
    await change.tap();
    await page.getByRole('dialog', { name: 'Change template' }).waitFor();
  });

  it('carries the shared fields over, sets aside what the new template lacks, and brings it back', async () => {
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
        const kept = confirm.getByRole('list', { name: 'What is kept for later' });
        await expect(kept.getByRole('listitem').allTextContents()).resolves.toEqual([
          '“Selected work”: the footer text',
          'Address',
        ]);
        await expect(confirm.getByText('They stay with your draft').count()).resolves.toBe(1);
        await expect(
          confirm.getByRole('list', { name: 'What will be discarded' }).count(),
        ).resolves.toBe(0);
        await confirm.getByRole('button', { name: 'Back' }).click();
        await templateChoice(dialog, 'Phantom').waitFor();
        await dialog.getByRole('button', { name: 'Keep Directive' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(await storedDraft(page)).toEqual(draft);
      },
    );

    await step('Switch: the editor shows Phantom with everything shared', async () => {
      await page.getByRole('button', { name: 'Change template' }).click();
      await templateChoice(dialog, 'Phantom').click();
      await confirm.getByRole('button', { name: 'Switch', exact: true }).click();
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
      // A reload keeps what was set aside, as it keeps the draft.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Phantom/ }).waitFor();
    });

    await step(
      'back to Directive: no question, and the footer text and address are back',
      async () => {
        await page.getByRole('button', { name: 'Change template' }).click();
        await templateChoice(dialog, 'Directive').click();
        await page.getByRole('heading', { level: 1, name: /Directive/ }).waitFor();
        await expect(confirm.count()).resolves.toBe(0);
        const stored = await storedDraft(page);
        expect(stored.data.personalDetails.name).toBe('Kavya Menon');
        expect(stored.data.section?.sectionFooterText).toBe(draft.data.section?.sectionFooterText);
        expect(stored.data.contactDetails.address).toBe(draft.data.contactDetails.address);
        expect(stored.setAside).toBeUndefined();
        await page.frameLocator('iframe').getByText(draft.data.contactDetails.address).waitFor();
      },
    );
  });

  it('names the greeting Solid-State has no place for, and carries the phrases it has', async () => {
    // Mini-port's "Hi. I'm" before the name, reworded, and its contact heading, which
    // Solid-State also has.
    const miniport: Draft = {
      templateId: 'template1',
      data: portfolio({
        personalDetails: { name: 'Ishani Basu', intro: 'I draw picture books.' },
        contactDetails: { email: 'ishani@example.com' },
        phrases: { greeting: 'Namaste, I am', contactHeading: 'Write to me' },
      }),
    };
    const page = await session.newPage({ width: 1280, height: 900 });
    const confirm = await askToSwitch(page, miniport, 'Solid-State');
    const kept = confirm.getByRole('list', { name: 'What is kept for later' });
    await expect(kept.getByRole('listitem').allTextContents()).resolves.toEqual([
      'Greeting before your name',
    ]);
    await confirm.getByRole('button', { name: 'Switch', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /Solid-State/ }).waitFor();
    const stored = await storedDraft(page);
    expect(stored.templateId).toBe('template4');
    expect(stored.data.phrases).toEqual({ contactHeading: 'Write to me' });
  });

  it("carries a person's service icons into Solid-State's Features, which draw them", async () => {
    const services = [
      { title: 'Weddings', desc: 'Two days, every ritual.', icon: 'camera' },
      { title: 'Portraits', desc: 'Families in natural light.', icon: 'heart' },
      { title: 'Retouching', desc: 'Every picture by hand.', icon: 'paintbrush' },
    ] as const;
    const glyphs = { camera: faCamera, heart: faHeart, paintbrush: faPaintbrush };
    // The greeting makes the switch ask, so the question is there to read.
    const miniport: Draft = {
      templateId: 'template1',
      data: portfolio({
        personalDetails: { name: 'Meenakshi Sundaram', intro: 'I photograph weddings.' },
        section: { sectionTitle: 'Services', sectionTiles: services },
        phrases: { greeting: 'Vanakkam, I am' },
      }),
    };
    const page = await session.newPage({ width: 1280, height: 900 });
    const confirm = await askToSwitch(page, miniport, 'Solid-State');
    // Nothing about icons, neither kept for later nor discarded.
    const kept = confirm.getByRole('list', { name: 'What is kept for later' });
    await expect(kept.getByRole('listitem').allTextContents()).resolves.toEqual([
      'Greeting before your name',
    ]);
    await expect(
      confirm.getByRole('list', { name: 'What will be discarded' }).count(),
    ).resolves.toBe(0);
    await confirm.getByRole('button', { name: 'Switch', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /Solid-State/ }).waitFor();

    const stored = await storedDraft(page);
    expect(stored.data.section2?.sectionTiles.map((tile) => [tile.title, tile.icon])).toEqual(
      services.map((service) => [service.title, service.icon]),
    );
    const features = page.frameLocator('iframe').locator('#section2 article');
    await expect.poll(() => features.count()).toBe(services.length);
    for (const [index, service] of services.entries()) {
      const card = features.nth(index);
      await expect(card.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(
        service.title,
      );
      const icon = card.locator('.feature__icon svg');
      await icon.scrollIntoViewIfNeeded();
      await expect(icon.locator('path').first().getAttribute('d')).resolves.toBe(
        glyphs[service.icon].icon[4],
      );
      // Drawn, in its ring beside the title: not a zero-sized or hidden glyph.
      const box = (await icon.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(12);
      const ring = (await card.locator('.feature__icon').boundingBox())!;
      const title = (await card.locator('.feature__name').boundingBox())!;
      expect(ring.width).toBeGreaterThanOrEqual(36);
      expect(ring.x + ring.width).toBeLessThanOrEqual(title.x);
    }
  });

  it('names an address kept from before that the person has since replaced, and keeps theirs', async () => {
    // Kept from Phantom, which shows no address; the person has written another since.
    const hyperspace: Draft = {
      templateId: 'template3',
      data: portfolio({
        personalDetails: { name: 'Kavya Menon' },
        contactDetails: { address: 'Chennai' },
      }),
      setAside: { contactDetails: { address: 'Thrissur' } },
    };
    const page = await session.newPage({ width: 1280, height: 900 });
    await storeDraft(page, hyperspace);
    await page.goto('/edit');
    await page.frameLocator('iframe').locator('#personalDetails').waitFor();
    await page.getByRole('button', { name: 'Change template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change template' });
    await templateChoice(dialog, 'Directive').click();
    const confirm = page.getByRole('dialog', { name: 'Switch to Directive?' });
    await confirm.waitFor();
    const replaced = confirm.getByRole('list', { name: 'What you have replaced' });
    await expect(replaced.getByRole('listitem').allTextContents()).resolves.toEqual([
      'Your address',
    ]);
    await confirm.getByRole('button', { name: 'Switch', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /Directive/ }).waitFor();
    const stored = await storedDraft(page);
    expect(stored.data.contactDetails.address).toBe('Chennai');
    expect(stored.setAside).toBeUndefined();
  });
});

describe("Change template and the old template's sample", () => {
  const session = useBrowser();

  it("leaves Solid-State's sample tiles behind, keeps the person's, and names steps by their titles", async () => {
    // The review: a photographer kept Solid-State's sample Features (an architect's) and wrote
    // two projects of their own under the title "Photo stories", then chose Mini-port.
    const solid = pickTemplateFields(
      TEMPLATE_DEFINITIONS.template4,
      structuredClone(SAMPLE_DATA.template4),
    );
    solid.personalDetails.name = 'Anandita Menon';
    solid.section = {
      ...solid.section!,
      sectionTitle: 'Photo stories',
      sectionTiles: [
        { img: '', title: 'Fishing families', desc: 'Kochi, 2024', link: '' },
        { img: '', title: 'Temple festivals', desc: 'Thrissur', link: '' },
      ],
    };
    const page = await session.newPage({ width: 1280, height: 900 });
    await storeDraft(page, { templateId: 'template4', data: solid });
    await page.goto('/edit');
    await page.frameLocator('iframe').locator('#personalDetails').waitFor();
    const nav = page.getByRole('navigation', { name: 'Editor steps' });
    await nav.getByRole('button', { name: 'Step 2: Photo stories' }).waitFor();

    await page.getByRole('button', { name: 'Change template' }).click();
    await templateChoice(
      page.getByRole('dialog', { name: 'Change template' }),
      'Mini-port',
    ).click();
    // Nothing of the person's is lost and nothing joins: no question, straight to Mini-port.
    await page.getByRole('heading', { level: 1, name: /Mini-port/ }).waitFor();
    await expect(page.getByRole('dialog', { name: /Switch to/ }).count()).resolves.toBe(0);
    const stored = await storedDraft(page);
    expect(stored.data.section2?.sectionTitle).toBe('Photo stories');
    expect(stored.data.section2?.sectionTiles.map((tile) => tile.title)).toEqual([
      'Fishing families',
      'Temple festivals',
    ]);
    // Beside them a blank Services for the person to fill, which the page leaves out until
    // then: neither the architect's Features nor Mini-port's made-up services.
    expect(stored.data.section?.sectionTiles.map((tile) => tile.title)).toEqual(['']);
    const frame = page.frameLocator('iframe');
    await frame.getByText('Fishing families').first().waitFor();
    const sampleService = SAMPLE_DATA.template1.section!.sectionTiles[0]!.title;
    await expect(frame.getByText(sampleService).count()).resolves.toBe(0);
    await nav.getByRole('button', { name: 'Step 3: Photo stories' }).waitFor();
    await nav.getByRole('button', { name: 'Step 3: Photo stories' }).click();
    await expect
      .poll(() => page.locator('#editor-step-heading').textContent())
      .toBe('Photo stories');
  });
});

/** An image element has loaded real pixels. */
const loaded = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

describe('Change template by meaning', () => {
  const session = useBrowser();

  it(
    'Hyperspace to Mini-port: the highlight photos become Portfolio photos, not service cards',
    { timeout: 120_000 },
    async () => {
      // bypassCSP: axe is injected into the page.
      const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
      const db = serverDatabase();
      const projects = ['Lake house', 'Hill school', 'Tea estate'];
      const photos: UploadedImage[] = [];
      try {
        await signInOnAccountPage(page, db, {
          name: 'Ravi Iyer',
          email: `photos-${randomUUID().slice(0, 6)}@example.com`,
        });
        // The person's own photos, one at a time (uploads are processed on a busy machine).
        while (photos.length < projects.length) {
          photos.push(await uploadFromPage(page, await webpImage(900, 600)));
        }
      } finally {
        await db.destroy();
      }
      // Hyperspace's first section shows photos; Mini-port's first shows services with icons.
      const hyperspace: Draft = {
        templateId: 'template3',
        data: portfolio({
          personalDetails: { name: 'Ravi Iyer', headline: 'Architect', intro: 'I build.' },
          // Hyperspace's own button on a project with a link; Mini-port has none.
          phrases: { projectButton: 'See the build' },
          section: {
            sectionTitle: 'Projects',
            sectionTiles: projects.map((title, index) => ({
              title,
              desc: `${title}, in photos`,
              img: photos[index]!.ref,
            })),
          },
          section2: {
            sectionTiles: [
              { title: 'Site visits', icon: 'camera' },
              { title: 'Drawings', icon: 'paintbrush' },
            ],
          },
        }),
      };
      await storeDraft(page, hyperspace);
      await page.goto('/edit');
      await page.frameLocator('iframe').locator('#personalDetails').waitFor();

      const dialog = page.getByRole('dialog', { name: 'Change template' });
      const confirm = page.getByRole('dialog', { name: 'Switch to Mini-port?' });
      await step(
        'the question lists where the sections go and what is kept for later',
        async () => {
          await page.getByRole('button', { name: 'Change template' }).click();
          await templateChoice(dialog, 'Mini-port').click();
          await confirm.waitFor();
          const moves = confirm.getByRole('list', { name: 'Where your sections go' });
          await expect(moves.getByRole('listitem').allTextContents()).resolves.toEqual([
            'What I do → Services',
          ]);
          const kept = confirm.getByRole('list', { name: 'What is kept for later' });
          await expect(kept.getByRole('listitem').allTextContents()).resolves.toEqual([
            'Button on a project with a link',
          ]);
          await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
          await confirm.getByRole('button', { name: 'Switch', exact: true }).click();
          await page.getByRole('heading', { level: 1, name: /Mini-port/ }).waitFor();
        },
      );

      const preview = page.frameLocator('iframe');
      await step("the photos load in Mini-port's Portfolio; the services keep icons", async () => {
        const work = preview.locator('#section2');
        for (const [index, title] of projects.entries()) {
          const image = work.getByRole('img', { name: title });
          await image.scrollIntoViewIfNeeded();
          await expect.poll(() => loaded(image)).toBe(true);
          await expect(
            image.evaluate((element: HTMLImageElement) => element.currentSrc),
          ).resolves.toContain(photos[index]!.hash);
        }
        await expect(preview.locator('#section').getByText('Site visits').count()).resolves.toBe(1);
        const stored = await storedDraft(page);
        expect(stored.templateId).toBe('template1');
        expect(stored.data.section2?.sectionTitle).toBe('Projects');
        expect(stored.data.section2?.sectionTiles.map((tile) => tile.img)).toEqual(
          photos.map((photo) => photo.ref),
        );
        expect(stored.data.section?.sectionTiles.map((tile) => tile.icon)).toEqual([
          'camera',
          'paintbrush',
        ]);
      });

      const toDirective = page.getByRole('dialog', { name: 'Switch to Directive?' });
      await step(
        'to Directive: the services join Features, so it asks; the headline is back',
        async () => {
          await page.getByRole('button', { name: 'Change template' }).click();
          await templateChoice(dialog, 'Directive').click();
          await toDirective.waitFor();
          const moves = toDirective.getByRole('list', { name: 'Where your sections go' });
          await expect(moves.getByRole('listitem').allTextContents()).resolves.toEqual([
            'Services: 2 tiles join “Projects”',
          ]);
          await expect(
            toDirective.getByRole('list', { name: 'What will be discarded' }).count(),
          ).resolves.toBe(0);
          await toDirective.getByRole('button', { name: 'Switch', exact: true }).click();
          await page.getByRole('heading', { level: 1, name: /Directive/ }).waitFor();
          const stored = await storedDraft(page);
          expect(stored.data.section?.sectionTiles.map((tile) => tile.title)).toEqual([
            ...projects,
            'Site visits',
            'Drawings',
          ]);
          await preview.locator('#section').getByText('Drawings').waitFor();
          expect(stored.data.personalDetails.headline).toBe('Architect');
          // Directive has no such button either: the words stay set aside.
          expect(stored.setAside?.phrases).toEqual({ projectButton: 'See the build' });
        },
      );

      await step(
        'back to Mini-port: the services are a section of their own again, icons and all',
        async () => {
          await page.getByRole('button', { name: 'Change template' }).click();
          await templateChoice(dialog, 'Mini-port').click();
          // Mini-port's Portfolio shows no icons, but Services, where the services go back,
          // does: nothing is kept for later, so nothing is asked, and the editor says what
          // came back in a polite status.
          await page.getByRole('heading', { level: 1, name: /Mini-port/ }).waitFor();
          await expect(page.getByRole('dialog', { name: /Switch to/ }).count()).resolves.toBe(0);
          await expect(
            page.getByRole('status').filter({ hasText: 'Brought back' }).textContent(),
          ).resolves.toBe(
            'Brought back from before: the section with “Site visits” and tile details.',
          );
          const stored = await storedDraft(page);
          expect(stored.data.section?.sectionTiles.map((tile) => [tile.title, tile.icon])).toEqual([
            ['Site visits', 'camera'],
            ['Drawings', 'paintbrush'],
          ]);
          expect(stored.data.section2?.sectionTiles.map((tile) => tile.title)).toEqual(projects);
          await preview.locator('#section').getByText('Drawings').waitFor();
        },
      );
    },
  );
});
