import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PortfolioData } from '../src/shared/domain/portfolio.js';
import { SAMPLE_LINK_HINT } from '../src/client/editor/TileListEditor.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import { storeDraft } from './fixtures.js';

/** Everything the person's own except one Services tile: new words, the sample's link. */
function filmMakerData(): PortfolioData {
  const sample = SAMPLE_DATA.template1;
  const [services, work] = [sample.section!, sample.section2!];
  return {
    personalDetails: {
      ...sample.personalDetails,
      name: 'Asha Rao',
      headline: 'Film maker, Kochi',
      intro: 'I make short films about food and the people who cook it.',
      profileImage: '',
    },
    section: {
      ...services,
      sectionSubTitle: 'Films for kitchens and families.',
      sectionFooterText: 'Every film starts over a cup of tea.',
      sectionTiles: [
        {
          ...services.sectionTiles[0]!,
          title: 'Wedding films',
          desc: 'Whole days, told in ten minutes.',
        },
      ],
    },
    section2: {
      ...work,
      sectionSubTitle: 'Recent films.',
      sectionFooterText: 'More on request.',
      sectionTiles: [{ img: '', title: 'Backwater kitchens', desc: 'Kerala.', link: '' }],
    },
    contactDetails: {
      ...sample.contactDetails,
      email: 'asha.rao@example.net',
      tel: '',
      address: '',
      socialLinks: [],
    },
  };
}

/** Every part the person's own and every expected field filled: nothing to note. */
function cleanData(): PortfolioData {
  const data = filmMakerData();
  data.section!.sectionTiles = [{ ...data.section!.sectionTiles[0]!, link: '' }];
  data.contactDetails = {
    ...data.contactDetails,
    tel: '+91 98450 12345',
    address: 'Kochi, Kerala',
  };
  return data;
}

describe('the final preview’s publishing cards', () => {
  const session = useBrowser();

  it.each([375, 1280])(
    'shows a whole 20-character username and its button at %i px',
    async (width) => {
      const page = await session.newPage({ width, height: 900 }, { bypassCSP: true });
      await storeDraft(page, { templateId: 'template2', data: SAMPLE_DATA.template2 });
      await page.goto('/final-preview');
      const input = page.getByLabel('Username');
      const button = page.getByRole('button', { name: 'Use this username' });
      // Names as people choose them, the widest (m, w, digits) last.
      for (const name of ['priya-raghunathan-22', 'muhammad-mumtaz-4444']) {
        expect(name).toHaveLength(20);
        await input.fill(name);
        // Nothing scrolled out of sight inside the field.
        await expect(
          input.evaluate((element) => element.scrollWidth - element.clientWidth),
        ).resolves.toBeLessThanOrEqual(0);
      }
      const field = (await page.locator('.fp-username__field').boundingBox())!;
      const box = (await button.boundingBox())!;
      const card = (await page.locator('.fp-username').boundingBox())!;
      // The button under the field, both inside the card and the window.
      expect(box.y).toBeGreaterThanOrEqual(field.y + field.height);
      for (const part of [field, box]) {
        expect(part.x).toBeGreaterThanOrEqual(card.x);
        expect(part.x + part.width).toBeLessThanOrEqual(Math.min(card.x + card.width, width));
      }
      expect(box.height).toBeGreaterThanOrEqual(44);
      await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
      mkdirSync('test-results', { recursive: true });
      await page
        .locator('.fp-card')
        .first()
        .screenshot({ path: `test-results/username-field-${width}.png` });
    },
  );

  it('shows the price and Make Payment on the first screen at 1280x800, the sample parts listed open', async () => {
    const page = await session.newPage({ width: 1280, height: 800 }, { bypassCSP: true });
    await storeDraft(page, { templateId: 'template2', data: SAMPLE_DATA.template2 });
    await page.goto('/final-preview');
    const pay = page.getByRole('button', { name: 'Make Payment' });
    await pay.waitFor();
    const inFirstScreen = async (selector: string) => {
      const box = (await page.locator(selector).first().boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 800;
    };
    await expect(inFirstScreen('.fp-price__amount')).resolves.toBe(true);
    await expect(inFirstScreen('.fp-pay')).resolves.toBe(true);

    // The sample's eleven parts: a count, then the list, open, one line per step.
    const warning = page.getByRole('region', { name: /parts still show the sample/ });
    const groups = warning.locator('.fp-warning__groups');
    await expect(groups.isVisible()).resolves.toBe(true);
    await expect(groups.textContent()).resolves.toContain('About you');
    await expect(warning.getByText('Which parts').count()).resolves.toBe(0);
    await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
  });

  it('shows the page itself on the first screen at 375x812, the notes in one line that opens', async () => {
    // The review: Mini-port after a switch, some fields empty and nine parts of the sample kept.
    const data = structuredClone(SAMPLE_DATA.template1);
    data.personalDetails.name = 'Anandita Menon';
    data.section!.sectionSubTitle = '';
    data.section!.sectionFooterText = '';
    data.section2!.sectionSubTitle = '';
    const page = await session.newPage(
      { width: 375, height: 812 },
      { isMobile: true, hasTouch: true, bypassCSP: true },
    );
    await storeDraft(page, { templateId: 'template1', data });
    await page.goto('/final-preview');
    const frame = page.getByRole('region', { name: 'Your portfolio as visitors will see it' });
    await page.frameLocator('.browser__frame').locator('#personalDetails').waitFor();
    // The frame's top, its address bar, and at least 300 px of the page without scrolling.
    const box = (await frame.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(Math.min(box.y + box.height, 812) - box.y).toBeGreaterThanOrEqual(300);

    // The notes: one control, folded, a line high, above the page.
    const toggle = page.getByRole('button', { name: /sample parts left/ });
    await expect(page.locator('.fp-notes button').count()).resolves.toBe(1);
    const said = await toggle.textContent();
    expect(said).toContain('10 sample parts left');
    expect(said).toContain('3 empty fields');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    const line = (await toggle.boundingBox())!;
    expect(line.height).toBeLessThanOrEqual(48);
    expect(line.y + line.height).toBeLessThanOrEqual(box.y);
    const sample = page.getByRole('region', { name: '10 parts still show the sample' });
    const empty = page.getByRole('region', { name: '3 expected fields are empty' });
    await expect(sample.count()).resolves.toBe(0);
    await expect(empty.count()).resolves.toBe(0);

    // One tap opens every note, in full, as the wide panel lists them.
    await toggle.tap();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(sample.locator('.fp-warning__groups').isVisible()).resolves.toBe(true);
    await expect(sample.textContent()).resolves.toContain('About you');
    await expect(sample.getByRole('link', { name: 'Replace them' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(empty.textContent()).resolves.toContain('Your page shows without them.');
    await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
    // And folds again from the keyboard.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(sample.count()).resolves.toBe(0);
  });

  it.each(['template1', 'template2', 'template3', 'template4', 'template5'] as const)(
    'on a 375 phone shows %s as the page itself: the window alone scrolls, Edit and Choose at hand',
    async (templateId) => {
      const data = structuredClone(SAMPLE_DATA[templateId]);
      data.personalDetails.name = 'Ravi Iyer';
      const page = await session.newPage(
        { width: 375, height: 812 },
        { isMobile: true, hasTouch: true, bypassCSP: true },
      );
      await storeDraft(page, { templateId, data });
      await page.goto('/final-preview');
      const frame = page.locator('.browser__frame');
      await page.frameLocator('.browser__frame').locator('#personalDetails').waitFor();
      const sizes = () =>
        frame.evaluate((element: HTMLIFrameElement) => {
          const doc = element.contentDocument!.documentElement;
          return {
            frame: Math.round(element.getBoundingClientRect().height),
            page: doc.scrollHeight,
            inner: doc.scrollHeight - doc.clientHeight,
          };
        });
      // The frame is as tall as its page, so nothing scrolls inside it; a screen-tall part of
      // the template stays a screen tall rather than growing with the frame.
      await expect.poll(async () => (await sizes()).inner).toBe(0);
      const { frame: height, page: pageHeight } = await sizes();
      expect(height).toBe(pageHeight);
      expect(height).toBeGreaterThan(1600);
      expect(height).toBeLessThan(20_000);
      // Stable: measured again a few frames later it has not grown.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      expect((await sizes()).frame).toBe(height);

      // Midway down the page, the way back and the way on are on screen.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      const dock = page.getByRole('navigation', { name: 'Final preview' });
      for (const name of ['Edit', 'Choose address and pay']) {
        const box = (await dock.getByRole('link', { name }).boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(812);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
      await dock.getByRole('link', { name: 'Choose address and pay' }).tap();
      await expect
        .poll(
          async () => (await page.getByRole('heading', { name: /Your address/ }).boundingBox())!.y,
        )
        .toBeLessThan(812);
    },
  );

  it.each([
    ['template1', '.mp-nav'],
    ['template4', '.ss-header'],
  ] as const)(
    "on a 375 phone keeps %s's fixed bar at the window's top as the page scrolls by",
    async (templateId, bar) => {
      const page = await session.newPage(
        { width: 375, height: 812 },
        { isMobile: true, hasTouch: true },
      );
      await storeDraft(page, { templateId, data: structuredClone(SAMPLE_DATA[templateId]) });
      await page.goto('/final-preview');
      const frame = page.locator('.browser__frame');
      await page.frameLocator('.browser__frame').locator('#personalDetails').waitFor();
      await expect.poll(() => frame.getAttribute('data-fit')).toBe('page');
      /** The bar's top in the window, and the frame's. */
      const tops = () =>
        frame.evaluate((element: HTMLIFrameElement, selector) => {
          const frameTop = element.getBoundingClientRect().top;
          const barTop = element
            .contentDocument!.querySelector(selector)!
            .getBoundingClientRect().top;
          return { frame: Math.round(frameTop), bar: Math.round(frameTop + barTop) };
        }, bar);
      // Before scrolling, the bar is at the top of the page, under the builder's own bar.
      const start = await tops();
      expect(start.bar).toBe(start.frame);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await expect.poll(async () => (await tops()).bar).toBe(0);
      expect((await tops()).frame).toBeLessThan(-500);
      // And back at the top, with the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect
        .poll(async () => {
          const { frame: frameTop, bar: barTop } = await tops();
          return barTop - frameTop;
        })
        .toBe(0);
    },
  );

  it('on a 375 phone, fitting the frame to its page moves nothing already drawn', async () => {
    const page = await session.newPage(
      { width: 375, height: 812 },
      { isMobile: true, hasTouch: true },
    );
    await storeDraft(page, { templateId: 'template1', data: cleanData() });
    // Every layout shift of the page from its first paint on, as Lighthouse counts them.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as Window & { shifts?: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as { value?: number }).value ?? 0);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/final-preview');
    const frame = page.locator('.browser__frame');
    await page.frameLocator('.browser__frame').locator('#personalDetails').waitFor();
    await expect
      .poll(() =>
        frame.evaluate((element: HTMLIFrameElement) => {
          const doc = element.contentDocument!.documentElement;
          return doc.scrollHeight - doc.clientHeight;
        }),
      )
      .toBe(0);
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const shifted = await page.evaluate(() =>
      ((window as Window & { shifts?: number[] }).shifts ?? []).reduce((sum, v) => sum + v, 0),
    );
    expect(shifted).toBeLessThan(0.05);
  });

  it('keeps the page loaded when a phone turns sideways past the two-column width', async () => {
    const page = await session.newPage({ width: 375, height: 812 });
    await storeDraft(page, { templateId: 'template1', data: cleanData() });
    await page.goto('/final-preview');
    const frame = page.locator('.browser__frame');
    await page.frameLocator('.browser__frame').locator('#personalDetails').waitFor();
    // A mark on the frame's document: a reloaded frame has a new document without it.
    await frame.evaluate((element: HTMLIFrameElement) => {
      (element.contentWindow as Window & { kept?: boolean }).kept = true;
    });
    const kept = () =>
      frame.evaluate(
        (element: HTMLIFrameElement) =>
          (element.contentWindow as (Window & { kept?: boolean }) | null)?.kept === true,
      );
    const preview = page.locator('#your-page');
    const steps = page.locator('#publish-steps');
    // On the phone: the page above the cards.
    expect((await preview.boundingBox())!.y).toBeLessThan((await steps.boundingBox())!.y);
    await page.setViewportSize({ width: 812, height: 375 });
    // Sideways: beside the cards, the same document.
    await expect
      .poll(async () => (await preview.boundingBox())!.x)
      .toBeGreaterThanOrEqual((await steps.boundingBox())!.x + 300);
    await expect(kept()).resolves.toBe(true);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(async () => (await preview.boundingBox())!.x).toBeLessThan(20);
    await expect(kept()).resolves.toBe(true);
  });

  it('has no notes line at 375 for a draft with nothing to note, nor a second list at 1280', async () => {
    const phone = await session.newPage(
      { width: 375, height: 812 },
      { isMobile: true, hasTouch: true },
    );
    await storeDraft(phone, { templateId: 'template1', data: cleanData() });
    await phone.goto('/final-preview');
    await phone.getByRole('button', { name: 'Make Payment' }).waitFor();
    await expect(phone.locator('.fp-notes').count()).resolves.toBe(0);
    await expect(phone.locator('.fp-warning').count()).resolves.toBe(0);
    const box = (await phone.locator('.fp-preview').boundingBox())!;
    expect(812 - box.y).toBeGreaterThanOrEqual(500);

    // Beside the page the notes stay listed open in the Publish card, with no folded line.
    const wide = await session.newPage({ width: 1280, height: 800 });
    const sample = SAMPLE_DATA.template2;
    await storeDraft(wide, {
      templateId: 'template2',
      data: { ...sample, personalDetails: { ...sample.personalDetails, intro: '' } },
    });
    await wide.goto('/final-preview');
    await wide.getByRole('region', { name: /parts still show the sample/ }).waitFor();
    await expect(wide.locator('.fp-notes').count()).resolves.toBe(0);
    await expect(wide.locator('.fp-card .fp-warning').count()).resolves.toBe(2);
  });

  // Two sample parts under a note of empty fields, or the whole sample folded.
  const keptSample = {
    'two parts': {
      templateId: 'template1' as const,
      data: {
        ...filmMakerData(),
        section: { ...filmMakerData().section!, sectionSubTitle: '', sectionFooterText: '' },
        section2: { ...filmMakerData().section2!, sectionSubTitle: '', sectionFooterText: '' },
        contactDetails: {
          ...filmMakerData().contactDetails,
          tel: SAMPLE_DATA.template1.contactDetails.tel,
        },
      },
    },
    'the whole sample': { templateId: 'template2' as const, data: SAMPLE_DATA.template2 },
  };
  it.each(Object.keys(keptSample) as (keyof typeof keptSample)[])(
    'keeps Make Payment off the sample warning at 1280x800 with %s kept, at the panel’s top and end',
    async (kept) => {
      const page = await session.newPage({ width: 1280, height: 800 }, { bypassCSP: true });
      await storeDraft(page, keptSample[kept]);
      await page.goto('/final-preview');
      const warning = page.getByRole('region', { name: /parts still show the sample/ });
      await warning.waitFor();
      // Scrolls the warning's panel to its top or end, then measures how many pixels of height
      // the part of the warning the panel shows shares with the bar.
      const overlapAt = (to: 'top' | 'end') =>
        warning.evaluate((box, to) => {
          let panel = box.parentElement!;
          while (!/auto|scroll/.test(getComputedStyle(panel).overflowY)) {
            panel = panel.parentElement!;
          }
          panel.scrollTo(0, to === 'top' ? 0 : panel.scrollHeight);
          const shown = panel.getBoundingClientRect();
          const own = box.getBoundingClientRect();
          const bar = document.querySelector('.fp-pay__bar')!.getBoundingClientRect();
          const top = Math.max(own.top, shown.top, bar.top);
          const bottom = Math.min(own.bottom, shown.bottom, bar.bottom);
          return Math.max(0, bottom - top);
        }, to);
      await expect(overlapAt('top')).resolves.toBe(0);
      await expect(overlapAt('end')).resolves.toBe(0);
    },
  );

  it.each([1280, 375])(
    'keeps "Loading the preview" until the template is drawn in the frame at %i px',
    async (width) => {
      const page = await session.newPage({ width, height: 800 });
      await storeDraft(page, { templateId: 'template1', data: SAMPLE_DATA.template1 });
      // Watches from the document's start: when the note goes, is the template drawn yet?
      await page.addInitScript(() => {
        if (window.top !== window) return;
        const state = window as unknown as { drawnWhenNoteWent?: boolean };
        let noteSeen = false;
        const watcher = new MutationObserver(() => {
          if (document.querySelector('.fp-preview__loading')) {
            noteSeen = true;
            return;
          }
          if (!noteSeen) return;
          watcher.disconnect();
          const frame = document.querySelector<HTMLIFrameElement>('.browser__frame');
          const part = frame?.contentDocument?.getElementById('personalDetails');
          state.drawnWhenNoteWent = !!part && part.getBoundingClientRect().height > 0;
        });
        watcher.observe(document, { childList: true, subtree: true });
      });
      await page.goto('/final-preview');
      const drawnWhenNoteGoes = await page
        .waitForFunction(
          () =>
            (window as unknown as { drawnWhenNoteWent?: boolean }).drawnWhenNoteWent !== undefined,
          undefined,
          { polling: 50 },
        )
        .then(() =>
          page.evaluate(
            () => (window as unknown as { drawnWhenNoteWent?: boolean }).drawnWhenNoteWent,
          ),
        );
      expect(drawnWhenNoteGoes).toBe(true);
    },
  );

  it('takes "Loading the preview" away when the frame’s page does not load, showing why', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await storeDraft(page, { templateId: 'template1', data: SAMPLE_DATA.template1 });
    // The frame's page code does not arrive: the frame draws the app's error page.
    session.allowConsoleError(/net::ERR_FAILED|Failed to fetch dynamically imported module/);
    await page.route(/\/assets\/DraftPreviewPage-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/final-preview');
    const frame = page.frameLocator('.browser__frame');
    await expect
      .poll(() => frame.getByRole('heading', { name: 'This page did not load' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await expect
      .poll(() => page.locator('.fp-preview__loading').count(), { timeout: 15_000 })
      .toBe(0);
  });

  it('on a phone, Choose address and pay brings the cards under the page into view', async () => {
    const page = await session.newPage(
      { width: 375, height: 812 },
      { isMobile: true, hasTouch: true },
    );
    await storeDraft(page, { templateId: 'template1', data: SAMPLE_DATA.template1 });
    await page.goto('/final-preview');
    const card = page.getByRole('region', { name: 'Your address' });
    const inView = () =>
      card.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight / 2;
      });
    await expect(inView()).resolves.toBe(false);
    await page.getByRole('link', { name: 'Choose address and pay' }).tap();
    await expect.poll(inView).toBe(true);
    // Make Payment in its card, and nothing of the page's own stands over the notes' line.
    await page.getByRole('button', { name: 'Make Payment' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Make Payment' }).isVisible()).resolves.toBe(
      true,
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    const toggle = page.getByRole('button', { name: /sample parts left/ });
    const hit = await toggle.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return element.contains(top);
    });
    expect(hit).toBe(true);
  });

  it("names a sample link kept on a tile the person rewrote, and leads to that tile's step", async () => {
    const data = filmMakerData();
    const page = await session.newPage({ width: 1280, height: 900 });
    await storeDraft(page, { templateId: 'template1', data });
    await page.goto('/final-preview');
    const warning = page.getByRole('region', { name: '1 part still shows the sample' });
    await warning.waitFor();
    // Named by the section's title on the page ("Here's what I do."), as its step is.
    await expect(warning.locator('.fp-warning__parts').textContent()).resolves.toBe(
      "Here's what I do: 1 tile link",
    );
    await expect(warning.textContent()).resolves.toContain('published as they are');
    await warning.getByRole('link', { name: 'Replace them' }).click();
    await page.waitForURL('**/edit');
    await expect
      .poll(() => page.locator('#editor-step-heading').textContent())
      .toContain("Here's what I do");
    // There, the tile's link field says it is still the sample's, until the person changes it.
    const link = page.getByRole('textbox', { name: /Tile 1.*Link/ });
    const hintId = `${await link.getAttribute('id')}-hint`;
    await expect.poll(() => page.locator(`#${hintId}`).textContent()).toBe(SAMPLE_LINK_HINT);
    await expect(link.getAttribute('aria-describedby')).resolves.toContain(hintId);
    await link.fill('https://asha-rao.example.net/wedding-films');
    await expect.poll(() => page.getByText(SAMPLE_LINK_HINT).count()).toBe(0);
  });

  it("names another template's sample words and links that a change of template brought along", async () => {
    // Started on Mini-port, switched to Directive: Mini-port's footer line, a project link and a
    // profile came along; the rest is the person's own.
    const [miniport, directive] = [SAMPLE_DATA.template1, SAMPLE_DATA.template2];
    const data: PortfolioData = {
      personalDetails: {
        ...directive.personalDetails,
        name: 'Asha Rao',
        headline: 'Illustrator',
        intro: 'I draw maps of the backwaters.',
        profileImage: '',
      },
      section: {
        ...directive.section!,
        sectionSubTitle: 'Maps and posters.',
        sectionFooterText: miniport.section2!.sectionFooterText,
        sectionTiles: [
          {
            img: '',
            title: 'Kerala atlas',
            desc: 'Forty hand-drawn maps.',
            link: miniport.section2!.sectionTiles[0]!.link,
          },
        ],
      },
      contactDetails: {
        ...directive.contactDetails,
        email: 'asha.rao@example.net',
        tel: '',
        address: '',
        socialLinks: [miniport.contactDetails.socialLinks[0]!],
      },
    };
    const page = await session.newPage({ width: 1280, height: 900 });
    await storeDraft(page, { templateId: 'template2', data });
    await page.goto('/final-preview');
    const warning = page.getByRole('region', { name: '3 parts still show the sample' });
    await warning.waitFor();
    await expect(warning.locator('.fp-warning__parts').textContent()).resolves.toBe(
      ['Footer text', '1 tile link']
        .map((part) => `${directive.section!.sectionTitle}: ${part}`)
        .concat('Social links: 1 link')
        .join(', '),
    );
  });

  it('lists empty fields the template expects without calling them required, and still offers publishing', async () => {
    const sample = SAMPLE_DATA.template2;
    const data: PortfolioData = {
      ...sample,
      personalDetails: { ...sample.personalDetails, headline: '', intro: '' },
    };
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    await storeDraft(page, { templateId: 'template2', data });
    await page.goto('/final-preview');
    const note = page.getByRole('region', { name: '2 expected fields are empty' });
    await note.waitFor();
    const text = (await note.textContent()) ?? '';
    // One short line: where, and how many; the editor marks each field.
    expect(text).toContain('About you (2). Your page shows without them.');
    // Nothing enforces these fields: the note must not say otherwise.
    expect(text).not.toMatch(/required|must/i);
    await expect(page.getByRole('button', { name: 'Use this username' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
    await note.getByRole('link', { name: 'Fill them in' }).click();
    await page.waitForURL('**/edit');

    // One field: the note speaks of it, not of them.
    await storeDraft(page, {
      templateId: 'template2',
      data: { ...sample, personalDetails: { ...sample.personalDetails, intro: '' } },
    });
    await page.goto('/final-preview');
    const one = page.getByRole('region', { name: '1 expected field is empty' });
    await expect(one.textContent()).resolves.toContain(
      'About you (1). Your page shows without it.',
    );
    await expect(one.getByRole('link', { name: 'Fill it in' }).isVisible()).resolves.toBe(true);
  });
});
