import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { accentReason } from '../src/shared/appearance/accent-message.js';
import { contrast } from '../src/shared/appearance/colour.js';
import { guardAccent } from '../src/shared/appearance/look.js';
import { FONT_PAIRING_IDS, FONT_PAIRINGS } from '../src/shared/appearance/pairings.js';
import { TEMPLATE_IDS } from '../src/shared/templates/catalog.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../src/shared/templates/registry.js';
import { publishDirectly } from '../test/publish-directly.js';
import { seriousAxeViolations } from './axe.js';
import { useBrowser } from './browser.js';
import {
  openEditor,
  serverDatabase,
  signInOnAccountPage,
  showDraft,
  signInThroughPopup,
  storeDraft,
  storedDraft,
} from './fixtures.js';
import { step } from './step.js';

const run = randomUUID().slice(0, 6);

/** `#rrggbb` as getComputedStyle writes it. */
const rgbOf = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

/** A custom property as the template's root computes it. */
const rootVar = (page: Page, root: string, name: string) =>
  page
    .locator(root)
    .evaluate((element, prop) => getComputedStyle(element).getPropertyValue(prop).trim(), name);

/** Opens the editor's "Colours and type" step from the step list. */
async function openLookStep(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Editor steps' });
  await nav.getByRole('button', { name: /Style/ }).click();
  await page.getByRole('heading', { level: 2, name: 'Colours and type' }).waitFor();
  // The step's fields come in their own code, most often fetched ahead while the editor idled.
  await page.getByRole('radiogroup', { name: /Accent/ }).waitFor();
}

describe('colours and type', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  it('chooses a colour by keyboard and a font, sees them live, publishes, and the public page has them', async () => {
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    const frame = page.frameLocator('iframe');
    const emerald = '#117a5b';
    await step(
      'The step: swatches as a radio group, by keyboard, with a visible focus',
      async () => {
        await openEditor(page, 'template5', SAMPLE_DATA.template5);
        await openLookStep(page);
        const swatches = page.getByRole('radiogroup', { name: /Accent colours/ });
        await expect(swatches.getByRole('radio').count()).resolves.toBe(6);
        // The step says where the colour goes: on Phantom, the tiles too.
        await page
          .getByText('Links and buttons take this colour, and the tiles a cycle of its shades')
          .waitFor();
        await swatches.getByRole('radio', { name: /Rose/ }).focus();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await expect(swatches.getByRole('radio', { name: /Emerald/ }).isChecked()).resolves.toBe(
          true,
        );
        const label = page.locator('.swatch', { hasText: 'Emerald' });
        await expect(
          label.evaluate((element) => getComputedStyle(element).outlineStyle),
        ).resolves.toBe('solid');
        await expect
          .poll(() =>
            frame
              .locator('.tpl-phantom')
              .evaluate((element) =>
                getComputedStyle(element).getPropertyValue('--ph-accent').trim(),
              ),
          )
          .toBe(emerald);
        // The tiles turn to emerald and its shades, not Phantom's own six colours.
        const tileColours = () =>
          frame
            .locator('.phantom-tile')
            .evaluateAll((tiles) => tiles.map((tile) => getComputedStyle(tile).backgroundColor));
        await expect.poll(async () => (await tileColours())[0]).toBe('rgb(17, 122, 91)');
        const colours = await tileColours();
        expect(new Set(colours.slice(0, 6)).size).toBe(6);
        expect(colours).not.toContain('rgb(3, 93, 143)');
      },
    );

    await step(
      'A font pairing, its sample drawn in its own fonts, live in the preview',
      async () => {
        const pairings = page.getByRole('radiogroup', { name: /Font pairings/ });
        await pairings.getByRole('radio', { name: /Noto Sans/ }).check();
        const sample = page
          .locator('.pairing', { hasText: 'Noto Sans' })
          .locator('.pairing__heading');
        await expect(
          sample.evaluate((element) => getComputedStyle(element).fontFamily),
        ).resolves.toContain('Noto Sans');
        await expect
          .poll(() =>
            frame
              .locator('.tpl-phantom h1, .tpl-phantom h2')
              .first()
              .evaluate((element) => getComputedStyle(element).fontFamily),
          )
          .toMatch(/^"Indian Scripts", "Noto Sans"/);
        await expect(storedDraft(page)).resolves.toMatchObject({
          data: { appearance: { accent: emerald, fonts: 'noto-sans' } },
        });
        await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);
      },
    );

    const username = `look-${run}`;
    await step('Review, sign in, claim, pay', async () => {
      await page.getByRole('button', { name: 'Review and publish' }).click();
      await page.waitForURL('**/final-preview');
      await page.getByLabel('Username').fill(username);
      await signInThroughPopup(
        page,
        () => page.getByRole('button', { name: 'Use this username' }).click(),
        {
          name: 'Mira Look',
          email: `mira-${run}@example.com`,
        },
      );
      await page.getByRole('button', { name: 'Make Payment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Test payment' });
      await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
      await page.waitForURL('**/ack');
    });

    await step('The public page: the colour and the fonts, no script for them', async () => {
      const visitor = await session.newPage({ width: 1280, height: 900 });
      await visitor.goto(`/users/${username}`);
      await expect(rootVar(visitor, '.tpl-phantom', '--ph-accent')).resolves.toBe(emerald);
      const button = visitor.locator('.tpl-phantom button[type="submit"]').first();
      await button.hover();
      await expect
        .poll(() => button.evaluate((element) => getComputedStyle(element).backgroundColor))
        .toBe('rgb(17, 122, 91)');
      const heading = visitor.locator('.tpl-phantom h1').first();
      await expect(
        heading.evaluate((element) => getComputedStyle(element).fontFamily),
      ).resolves.toMatch(/^"Indian Scripts", "Noto Sans"/);
      await visitor.evaluate(() => document.fonts.ready);
      await expect(visitor.evaluate(() => document.fonts.check('16px "Noto Sans"'))).resolves.toBe(
        true,
      );
      await expect(
        visitor
          .locator('script[src]')
          .evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src'))),
      ).resolves.toEqual(['/portfolio-contact.js']);
    });
  });

  it('on a 375 phone, typing a colour code moves neither the field nor its label', async () => {
    const page = await session.newPage(
      { width: 375, height: 812 },
      { isMobile: true, hasTouch: true, bypassCSP: true },
    );
    await storeDraft(page, { templateId: 'template3', data: SAMPLE_DATA.template3 });
    await page.goto('/edit');
    await page.locator('#editor-step-heading').waitFor();
    await openLookStep(page);
    const code = page.getByLabel('Colour code');
    await code.scrollIntoViewIfNeeded();
    const before = (await code.boundingBox())!;
    // A palette colour is chosen: the code's room beside the label is kept, unseen.
    await expect(page.locator('.custom-colour__now').isVisible()).resolves.toBe(false);
    await code.fill('');
    await code.pressSequentially('#c0741f');
    await expect.poll(() => page.getByText('Your own colour: #c0741f').count()).toBe(1);
    const after = (await code.boundingBox())!;
    expect([after.x, after.y]).toEqual([before.x, before.y]);
  });

  it('adjusts a colour too light to read, shows both and why, and stores the shade with the choice', async () => {
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    await openEditor(page, 'template1', SAMPLE_DATA.template1);
    await openLookStep(page);
    await page.getByLabel('Colour code').fill('#ffff00');
    const expected = guardAccent(TEMPLATE_DEFINITIONS.template1.look, '#ffff00');
    expect(expected.status).toBe('adjusted');
    if (expected.status !== 'adjusted') return;
    const notice = page.getByRole('status').filter({ hasText: 'Adjusted to stay readable.' });
    await expect(notice.textContent()).resolves.toContain(accentReason(expected));
    expect(accentReason(expected)).toMatch(
      /^#ffff00 is hard to read as .* \(1\.\d\d:1; text needs 4\.5:1\), so it was darkened to #[0-9a-f]{6}/,
    );
    // The person's own colour is kept beside it, for a change of template to start from.
    await expect
      .poll(async () => (await storedDraft(page)).data.appearance)
      .toEqual({ accent: expected.accent, chosenAccent: '#ffff00' });
    await expect
      .poll(() =>
        page
          .frameLocator('iframe')
          .locator('.tpl-miniport')
          .evaluate((element) => getComputedStyle(element).getPropertyValue('--mp-link').trim()),
      )
      .toBe(expected.accent);
    await expect(page.getByText(`Your own colour: ${expected.accent}`).count()).resolves.toBe(1);
    // The colour control shows the shade on the page, not the one it replaced.
    await expect(page.locator('input[type="color"]').inputValue()).resolves.toBe(expected.accent);
    await expect(seriousAxeViolations(page, 'iframe')).resolves.toEqual([]);

    // A code that is no colour says so when the field is left, and the earlier notice goes.
    const code = page.getByLabel('Colour code');
    await code.fill('#ffz');
    await expect(notice.count()).resolves.toBe(0);
    await code.blur();
    await page.getByText('#ffz is not a colour like #1b75a6.').waitFor();
    await expect(code.getAttribute('aria-invalid')).resolves.toBe('true');
    // Three digits, and a code without its #, are read as people mean them.
    await code.fill('#036');
    await expect
      .poll(async () => (await storedDraft(page)).data.appearance)
      .toEqual({ accent: '#003366' });
    await code.fill('205080');
    await expect
      .poll(async () => (await storedDraft(page)).data.appearance?.accent)
      .toBe('#205080');
  });

  it('refuses to publish an unreadable colour sent past the editor, naming the field', async () => {
    session.allowConsoleError(/status of 400/);
    const page = await session.newPage({ width: 1280, height: 900 });
    await signInOnAccountPage(page, db, { name: 'Ravi Look', email: `ravi-${run}@example.com` });
    const answer = await page.evaluate(
      async (claim) => {
        const response = await fetch('/api/claims', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(claim),
        });
        return { status: response.status, body: await response.json() };
      },
      {
        username: `ravi-${run}`,
        templateId: 'template1',
        data: { ...SAMPLE_DATA.template1, appearance: { accent: '#ffff00' } },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('data.appearance.accent');
    expect(answer.body.error.message).toMatch(/not readable on Mini-port: #ffff00 is hard to read/);
  });

  it('lifts a near-black accent on Solid-State until its rules show against the dark page', async () => {
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    await openEditor(page, 'template4', SAMPLE_DATA.template4);
    await openLookStep(page);
    await page.getByLabel('Colour code').fill('#000000');
    const expected = guardAccent(TEMPLATE_DEFINITIONS.template4.look, '#000000');
    expect(expected).toMatchObject({ status: 'adjusted', direction: 'lighter' });
    if (expected.status !== 'adjusted') return;
    const notice = page.getByRole('status').filter({ hasText: 'Adjusted to stay readable.' });
    await expect(notice.textContent()).resolves.toContain(accentReason(expected));
    expect(accentReason(expected)).toMatch(
      /^#000000 barely shows as a rule on the dark page \(darker than the page; it needs to be 1\.5:1 lighter\), so it was lightened to #[0-9a-f]{6}/,
    );
    await expect
      .poll(async () => (await storedDraft(page)).data.appearance?.accent)
      .toBe(expected.accent);
    // In the preview the rule under the name is lighter than the page around it, by 1.5:1 or more.
    const luminance = (rgb: string) => {
      const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((channel) => {
        const c = Number(channel) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const frame = page.frameLocator('iframe');
    const page_ = await frame
      .locator('.tpl-solid-state')
      .evaluate((root) => getComputedStyle(root).backgroundColor);
    await expect
      .poll(() =>
        frame
          .locator('.tpl-solid-state')
          .evaluate((root) => getComputedStyle(root).getPropertyValue('--ss-accent').trim()),
      )
      .toBe(expected.accent);
    const rule = await frame
      .locator('.ss-banner__title')
      .evaluate((element) => getComputedStyle(element).borderBottomColor);
    expect((luminance(rule) + 0.05) / (luminance(page_) + 0.05)).toBeGreaterThanOrEqual(1.5);
  });

  // The review: "every band flooded in the accent", competing with the person's photos. The
  // original uses its colour for emphasis; the bands behind the photos stay slate.
  it('Solid-State: a chosen accent marks rules, rings and the button, at most one band', async () => {
    const look = TEMPLATE_DEFINITIONS.template4.look;
    for (const requested of ['#c0741f', '#0f766e', '#db2777']) {
      const verdict = guardAccent(look, requested);
      if (verdict.status === 'refused') throw new Error(`${requested} refused`);
      const accent = rgbOf(verdict.accent);
      const page = await session.newPage({ width: 1280, height: 800 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await showDraft(page, 'template4', {
        ...structuredClone(SAMPLE_DATA.template4),
        appearance: { accent: verdict.accent },
      });
      const bands = await page
        .locator('.tpl-solid-state section, .tpl-solid-state .ss-band')
        .evaluateAll((elements) => elements.map((band) => getComputedStyle(band).backgroundColor));
      expect(bands.length, requested).toBeGreaterThanOrEqual(4);
      expect(bands.filter((colour) => colour === accent).length, requested).toBeLessThanOrEqual(1);
      const painted = await page.evaluate(() => {
        const at = (selector: string, pseudo: string | null, property: string) =>
          getComputedStyle(document.querySelector(selector)!, pseudo).getPropertyValue(property);
        return [
          at('.ss-banner__title', null, 'border-bottom-color'),
          at('.ss-eyebrow', '::after', 'background-color'),
          at('#section2 h2.ss-major', null, 'border-bottom-color'),
          at('#contactDetails h2.ss-major', null, 'border-bottom-color'),
          at('.spotlight .ss-special__circle', null, 'border-top-color'),
          at('.ss-button', null, 'background-color'),
        ];
      });
      expect(painted, requested).toEqual(painted.map(() => accent));
    }
  });

  // At 1280 px a spotlight's photo was some 400 px wide in its band; the original gives its
  // pictures about half the row. On a 2x screen the file the browser picks is as sharp as that.
  it('Solid-State: a spotlight photo is more than 560 px wide at 1280, from a file wide enough', async () => {
    const photo = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: '#d08040' },
    })
      .jpeg()
      .toBuffer();
    const page = await session.newPage({ width: 1280, height: 800 }, { deviceScaleFactor: 2 });
    await page.route('**/media/**', (route) =>
      route.fulfill({ body: photo, contentType: 'image/jpeg' }),
    );
    const data = structuredClone(SAMPLE_DATA.template4);
    data.section!.sectionTiles[0]!.img = `upload:${'ab'.repeat(32)}:2400x1600`;
    await showDraft(page, 'template4', data);
    const image = page.locator('#section .spotlight__image img').first();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\d+\.\w+$/);
    const { width, file } = await image.evaluate((img: HTMLImageElement) => ({
      width: img.getBoundingClientRect().width,
      file: Number(/(\d+)\.\w+$/.exec(img.currentSrc)![1]),
    }));
    expect(width).toBeGreaterThanOrEqual(560);
    expect(file).toBeGreaterThanOrEqual(width * 2);
  });

  // The review: on Hyperspace an ochre accent was "only a thin rule on the purple". A chosen colour
  // now fills the buttons, rules the headings and tints the highlights band, all under readable
  // text; with the template's own colour the page is as it was.
  it('Hyperspace: a chosen accent rings the buttons, rules the headings, tints the band', async () => {
    const look = TEMPLATE_DEFINITIONS.template3.look;
    const verdict = guardAccent(look, '#c0741f');
    if (verdict.status === 'refused') throw new Error('ochre refused');
    const vars = look.accentVars(verdict.accent);
    const roles = async (accent?: string) => {
      const page = await session.newPage({ width: 1280, height: 800 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await showDraft(page, 'template3', {
        ...structuredClone(SAMPLE_DATA.template3),
        ...(accent && { appearance: { accent } }),
      });
      return page.evaluate(() => {
        const style = (element: Element, pseudo: string | null = null) =>
          getComputedStyle(element, pseudo);
        const buttons = [...document.querySelectorAll('.hs-button:not(.hs-button--primary)')];
        return {
          buttons: buttons.map((button) => style(button).backgroundColor),
          buttonText: buttons.map((button) => style(button).color),
          rule: style(document.querySelector('#section .hs-major')!, '::after').backgroundColor,
          band: style(document.querySelector('#section')!).backgroundImage,
          mark: style(document.querySelector('.hs-nav a')!, '::after').backgroundImage,
        };
      });
    };
    const own = await roles();
    expect(own.buttons).toEqual(own.buttons.map(() => 'rgba(0, 0, 0, 0)'));
    expect(own.rule).toBe('rgba(255, 255, 255, 0.4)');
    expect(own.band).toBe(
      'linear-gradient(to right bottom, rgb(80, 82, 181) 15%, rgb(80, 82, 181))',
    );

    const ochre = await roles(verdict.accent);
    expect(ochre.buttons.length).toBeGreaterThanOrEqual(2);
    expect(ochre.buttons).toEqual(ochre.buttons.map(() => rgbOf(vars['--hs-button']!)));
    expect(ochre.buttonText).toEqual(ochre.buttonText.map(() => 'rgb(255, 255, 255)'));
    expect(contrast('#ffffff', vars['--hs-button']!)).toBeGreaterThanOrEqual(4.5);
    expect(ochre.rule).toBe(rgbOf(vars['--hs-rule']!));
    expect(ochre.band).toContain(rgbOf(vars['--hs-indigo-accent']!));
    expect(contrast('#ffffffcc', vars['--hs-indigo-accent']!)).toBeGreaterThanOrEqual(4.5);
    expect(ochre.mark).toContain(rgbOf(verdict.accent));
  });

  // Solid-State's first screen is slate with one thin rule in the accent: a chosen colour must
  // change a good part of it (the glow behind the banner, the portrait's ring), wide and narrow.
  it('Solid-State: a chosen accent tints a good part of the first screen', async () => {
    const look = TEMPLATE_DEFINITIONS.template4.look;
    const names = [`ss-own-${run}`, `ss-rust-${run}`];
    const accents = [look.palette[0]!.value, look.palette[4]!.value];
    for (const [index, username] of names.entries()) {
      await publishDirectly(db, {
        username,
        templateId: 'template4',
        data: { ...SAMPLE_DATA.template4, appearance: { accent: accents[index] } },
      });
    }
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 812 },
    ]) {
      const shots: Buffer[] = [];
      for (const username of names) {
        const page = await session.newPage(viewport);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(`/users/${username}`);
        await page.evaluate(() => document.fonts.ready);
        // The banner only: the band below it shows the accent anyway when it reaches the screen.
        const banner = (await page.locator('#personalDetails').boundingBox())!;
        shots.push(
          await page.screenshot({
            clip: {
              x: 0,
              y: 0,
              width: viewport.width,
              height: Math.min(banner.y + banner.height, viewport.height),
            },
          }),
        );
      }
      const [own, rust] = await Promise.all(
        shots.map((png) => sharp(png).removeAlpha().raw().toBuffer()),
      );
      let changed = 0;
      for (let at = 0; at < own!.length; at += 3) {
        const diff = Math.max(
          Math.abs(own![at]! - rust![at]!),
          Math.abs(own![at + 1]! - rust![at + 1]!),
          Math.abs(own![at + 2]! - rust![at + 2]!),
        );
        if (diff > 8) changed += 1;
      }
      expect(changed / (own!.length / 3), `${viewport.width} px`).toBeGreaterThan(0.1);
    }
  });

  // The accent shows on the first screen of every template, wide and narrow: some element in the
  // first viewport (or its ::before/::after) is drawn in one of the shades the accent sets.
  it.each(TEMPLATE_IDS)('%s: the chosen accent shows on the first screen', async (id) => {
    const look = TEMPLATE_DEFINITIONS[id].look;
    const accent = look.palette[3]!.value;
    const username = `first-${id}-${run}`;
    await publishDirectly(db, {
      username,
      templateId: id,
      data: { ...SAMPLE_DATA[id], appearance: { accent } },
    });
    const rgb = (hex: string) =>
      `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
    const shades = [
      ...new Set(
        Object.values(look.accentVars(accent))
          .filter((value) => /^#[0-9a-f]{6}$/.test(value))
          .map(rgb),
      ),
    ];
    const defaults = Object.values(look.accentVars(look.palette[0]!.value)).map(String);
    expect(shades.some((shade) => defaults.includes(shade))).toBe(false);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 740 },
    ]) {
      const page = await session.newPage(viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`/users/${username}`);
      const found = await page.evaluate((shades) => {
        const drawn: string[] = [];
        for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
          if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
            continue;
          const box = element.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) continue;
          if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth)
            continue;
          for (const pseudo of [null, '::before', '::after']) {
            const style = getComputedStyle(element, pseudo);
            if (pseudo && style.content === 'none') continue;
            const ownText = [...element.childNodes].some(
              (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
            );
            const colours = [
              style.backgroundColor,
              ...(['Top', 'Right', 'Bottom', 'Left'] as const)
                .filter((side) => parseFloat(style[`border${side}Width`]) > 0)
                .map((side) => style[`border${side}Color`]),
              ...(ownText && !pseudo ? [style.color] : []),
            ];
            const match = colours.find((colour) => shades.includes(colour));
            if (match) drawn.push(`${element.tagName.toLowerCase()}${pseudo ?? ''} ${match}`);
          }
        }
        return drawn;
      }, shades);
      expect(found, `${id} at ${viewport.width}px`).not.toEqual([]);
    }
  });

  // Every template with every colour of its palette and one extreme colour of one's own, each
  // with one of its pairings in turn: axe finds nothing serious.
  const cases = TEMPLATE_IDS.flatMap((id) => {
    const look = TEMPLATE_DEFINITIONS[id].look;
    return [...look.palette.map((colour) => colour.value), '#ffff00', '#000000'].map(
      (accent, index) => [id, accent, look.pairings[index % look.pairings.length]!] as const,
    );
  });
  it.each(cases)('%s with %s and %s: axe clean', async (id, accent, fonts) => {
    const username = `axe-${id}-${accent.slice(1)}-${run}`;
    const verdict = guardAccent(TEMPLATE_DEFINITIONS[id].look, accent);
    const stored = verdict.status === 'refused' ? undefined : verdict.accent;
    await publishDirectly(db, {
      username,
      templateId: id,
      data: { ...SAMPLE_DATA[id], appearance: { ...(stored && { accent: stored }), fonts } },
    });
    const page = await session.newPage({ width: 1280, height: 900 }, { bypassCSP: true });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/users/${username}`);
    await page.evaluate(() => document.fonts.ready);
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  });

  // Each pairing a template offers: every weight its text uses is a face it declares, and the
  // first visit stays under 60 KB brotli without the person's images.
  const pairingCases = TEMPLATE_IDS.flatMap((id) =>
    TEMPLATE_DEFINITIONS[id].look.pairings.map((fonts) => [id, fonts] as const),
  );
  it.each(pairingCases)('%s set in %s: its own faces, under 60 KB', async (id, fonts) => {
    // The pairing's place in FONT_PAIRING_IDS: a long id would not fit a username.
    const username = `f${id.slice(-1)}-${FONT_PAIRING_IDS.indexOf(fonts)}-${run}`;
    await publishDirectly(db, {
      username,
      templateId: id,
      data: { ...SAMPLE_DATA[id], appearance: { fonts } },
    });
    const page = await session.newPage({ width: 375, height: 740 });
    const urls = new Map<string, boolean>();
    page.on('request', (request) => {
      urls.set(request.url(), (request.headers()['referer'] ?? '').endsWith('.css'));
    });
    await page.goto(`/users/${username}`, { waitUntil: 'load' });
    const misses = await page.evaluate(
      async (families) => {
        await document.fonts.ready;
        const faces = [...document.fonts];
        const unquote = (family: string) => family.trim().replace(/^["']|["']$/g, '');
        const found: string[] = [];
        for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
          const own = [...element.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .map((node) => node.textContent ?? '')
            .join('')
            .trim();
          if (!own || !element.checkVisibility()) continue;
          const style = getComputedStyle(element);
          const family = style.fontFamily
            .split(',')
            .map(unquote)
            .find((name) => families.includes(name));
          if (!family) continue;
          const weight = Number(style.fontWeight);
          const italic = style.fontStyle !== 'normal';
          const matching = faces.filter((face) => {
            const [low, high = low] = face.weight.split(' ').map(Number);
            return (
              unquote(face.family) === family &&
              (face.style !== 'normal') === italic &&
              low! <= weight &&
              weight <= high!
            );
          });
          if (!matching.some((face) => face.status === 'loaded'))
            found.push(`${family} ${weight}${italic ? ' italic' : ''}`);
        }
        return [...new Set(found)];
      },
      [FONT_PAIRINGS[fonts].heading, FONT_PAIRINGS[fonts].body].filter(
        (family) => family !== 'Arial',
      ),
    );
    expect(misses).toEqual([]);
    // Counted as bench/public-page.ts counts: what the HTML asks for besides its stylesheets,
    // scripts and fonts is the person's own images, which the target leaves out.
    let total = 0;
    for (const [url, fromStylesheet] of urls) {
      const counted = /\.(css|woff2|js)$/.test(url) || url.includes('/users/') || fromStylesheet;
      if (!counted) continue;
      const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
      const body = Buffer.from(await response.arrayBuffer());
      total += Number(response.headers.get('content-length') ?? 0) || body.length;
    }
    expect(total / 1024).toBeLessThanOrEqual(60);
  });
});
