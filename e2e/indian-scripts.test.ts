import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { PortfolioData } from '../src/shared/domain/portfolio.js';
import { renewPath } from '../src/shared/routes.js';
import { TEMPLATE_DEFINITIONS, TEMPLATE_IDS } from '../src/shared/templates/catalog.js';
import { pickTemplateFields } from '../src/shared/templates/pick-fields.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { publishDirectly } from '../test/publish-directly.js';
import { useBrowser } from './browser.js';
import { openEditor, serverDatabase, showDraft, signInThroughPopup } from './fixtures.js';

const HINDI_NAME = 'प्रिया शर्मा';
const HINDI_HEADLINE = 'डिज़ाइनर और चित्रकार';
const HINDI_TITLE = 'मेरा काम';
const TAMIL_TITLE = 'தமிழ் ஓவியங்கள்';
const HINDI_TILE = 'हिन्दी शीर्षक';
const MIXED_DESC = 'हिन्दी विवरण और தமிழ் விளக்கம்';
const INDIAN_LETTER = /[\u0900-\u0DFF]/u;

/** What drew one element's own text, as Chromium reports it (the fonts it really used). */
interface Drawn {
  text: string;
  weight: number;
  fonts: Array<{ familyName: string; postScriptName: string; glyphCount: number }>;
}

/**
 * Every visible element under `root` whose own text holds letters of India's scripts, with the
 * fonts Chromium drew its text with. A letter no font had shows as a box drawn from some other
 * font (the machine has none of these scripts, so it is the page's Latin font or a system one).
 */
async function drawnIndianText(page: Page, root: string): Promise<Drawn[]> {
  const marked = await page.locator(root).evaluate((element, pattern) => {
    const letters = new RegExp(pattern, 'u');
    const found: Array<{ text: string; weight: number }> = [];
    for (const node of [element, ...element.querySelectorAll('*')]) {
      const own = [...node.childNodes]
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent ?? '')
        .join('');
      // Words in a closed menu are not drawn at all: nothing to look at there.
      if (!letters.test(own) || !node.checkVisibility({ visibilityProperty: true })) continue;
      node.setAttribute('data-drawn', String(found.length));
      found.push({ text: own, weight: Number(getComputedStyle(node).fontWeight) });
    }
    return found;
  }, INDIAN_LETTER.source);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root: document } = await cdp.send('DOM.getDocument', { depth: -1 });
  const drawn: Drawn[] = [];
  for (const [index, element] of marked.entries()) {
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: document.nodeId,
      selector: `[data-drawn="${index}"]`,
    });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    drawn.push({
      ...element,
      fonts: fonts.map((font) => ({
        familyName: font.familyName,
        postScriptName: font.postScriptName ?? '',
        glyphCount: font.glyphCount,
      })),
    });
  }
  await cdp.detach();
  return drawn;
}

/**
 * Why an element's letters are not drawn as they should be, or '' when they are: every glyph not
 * drawn by a face whose family starts with `family` stands for a character outside these scripts
 * (a space, a comma), bold text (600 and up) is drawn from the bold files and light text (300 and
 * less) from the light ones.
 */
function problemWith({ text, weight, fonts }: Drawn, family = 'Noto Sans'): string {
  const others = [...text].filter((letter) => !INDIAN_LETTER.test(letter)).length;
  const ofScript = (name: string) => name.startsWith(family);
  const noto = fonts.filter((font) => ofScript(font.familyName));
  const elsewhere = fonts
    .filter((font) => !ofScript(font.familyName))
    .reduce((sum, font) => sum + font.glyphCount, 0);
  const summary = fonts.map((font) => `${font.postScriptName}:${font.glyphCount}`).join(', ');
  if (noto.length === 0 || elsewhere > others) return `boxes in "${text}" (${summary})`;
  const bold = noto.every((font) => /-Bold$/.test(font.postScriptName));
  if (weight >= 600 && !bold) return `"${text}" at ${weight} is not bold (${summary})`;
  if (weight < 600 && bold) return `"${text}" at ${weight} is bold (${summary})`;
  const light = noto.every((font) => /-Light$/.test(font.postScriptName));
  if (weight <= 300 && !light) return `"${text}" at ${weight} is not light (${summary})`;
  if (weight > 300 && light) return `"${text}" at ${weight} is light (${summary})`;
  return '';
}

/** A face of Noto Serif's own Latin files (NotoSerif-Light, NotoSerif-Italic...). */
const isLatinSerif = (font: { postScriptName: string }) => /^NotoSerif-/.test(font.postScriptName);

/** A template's sample with Hindi and Tamil in the name, headline, section titles and tiles. */
function inIndianScripts(id: (typeof TEMPLATE_IDS)[number]): PortfolioData {
  const data = pickTemplateFields(TEMPLATE_DEFINITIONS[id], structuredClone(SAMPLE_DATA[id]));
  data.personalDetails.name = HINDI_NAME;
  data.personalDetails.headline = HINDI_HEADLINE;
  data.personalDetails.intro = `नमस्ते, मैं प्रिया हूँ। ${data.personalDetails.intro}`;
  for (const key of ['section', 'section2', 'section3'] as const) {
    const section = data[key];
    if (!section) continue;
    section.sectionTitle = key === 'section' ? HINDI_TITLE : TAMIL_TITLE;
    section.sectionSubTitle = 'தமிழ் மற்றும் हिन्दी';
    section.sectionTiles[0]!.title = TAMIL_TITLE;
    section.sectionTiles[0]!.desc = MIXED_DESC;
    section.sectionTiles[1]!.title = HINDI_TILE;
  }
  return data;
}

describe('letters of India’s scripts in every template, light, regular and bold', () => {
  const session = useBrowser();

  it.each(TEMPLATE_IDS)(
    '%s draws Hindi and Tamil from the Noto faces, light and bold ones from their own files',
    async (id) => {
      const page = await session.newPage({ width: 1280, height: 900 });
      const files: string[] = [];
      page.on('request', (request) => {
        const file = /noto-(\w+-\d+)/.exec(request.url())?.[1];
        if (file) files.push(file);
      });
      await showDraft(page, id, inIndianScripts(id));
      await page.evaluate(() => document.fonts.ready);
      const root = `.tpl-${TEMPLATE_DEFINITIONS[id].slug}`;
      // Layout after the fonts arrived draws with them: poll until no element shows boxes.
      let drawn: Drawn[] = [];
      await expect
        .poll(async () => {
          drawn = await drawnIndianText(page, root);
          return drawn.map((element) => problemWith(element)).filter(Boolean);
        })
        .toEqual([]);
      const texts = drawn.map((element) => element.text).join('\n');
      for (const words of [HINDI_NAME, HINDI_TITLE, TAMIL_TITLE, HINDI_TILE, MIXED_DESC]) {
        expect(texts).toContain(words);
      }
      // Both weights were looked at, and only the two scripts' files were fetched (no Malayalam
      // file for a danda, which every Indian script's font also has).
      expect(drawn.some((element) => element.weight >= 600)).toBe(true);
      expect(drawn.some((element) => element.weight < 600)).toBe(true);
      expect(new Set(files.map((file) => file.replace(/-\d+$/, '')))).toEqual(
        new Set(['devanagari', 'tamil']),
      );
    },
  );
});

describe('letters of India’s scripts in the serif pairing', () => {
  const session = useBrowser();

  it.each(TEMPLATE_IDS)(
    '%s draws Hindi and Tamil from Noto Serif’s faces, light and bold ones from their own files',
    async (id) => {
      const page = await session.newPage({ width: 1280, height: 900 });
      const files: string[] = [];
      page.on('request', (request) => {
        const file = /\/(noto-(?:serif-)?(?:devanagari|tamil|bengali|[a-z]+i|oriya))-\d+-/.exec(
          request.url(),
        )?.[1];
        if (file) files.push(file);
      });
      await showDraft(page, id, { ...inIndianScripts(id), appearance: { fonts: 'noto-serif' } });
      await page.evaluate(() => document.fonts.ready);
      const root = `.tpl-${TEMPLATE_DEFINITIONS[id].slug}`;
      let drawn: Drawn[] = [];
      await expect
        .poll(async () => {
          drawn = await drawnIndianText(page, root);
          // 'Noto Serif Tamil' and the like: not the Latin 'Noto Serif' the rest is set in.
          return drawn
            .map((element) =>
              problemWith(
                // Spaces and commas drawn from the Latin faces (their family may be "Noto Serif
                // Light") are not the scripts' letters.
                { ...element, fonts: element.fonts.filter((font) => !isLatinSerif(font)) },
                'Noto Serif ',
              ),
            )
            .filter(Boolean);
        })
        .toEqual([]);
      const texts = drawn.map((element) => element.text).join('\n');
      for (const words of [HINDI_NAME, HINDI_TITLE, TAMIL_TITLE, HINDI_TILE, MIXED_DESC]) {
        expect(texts).toContain(words);
      }
      expect(drawn.some((element) => element.weight >= 600)).toBe(true);
      // Latin words in the same light lines come from Noto Serif's own light face, so that they
      // do not outweigh the light Devanagari beside them; regular ones from the regular face.
      const latin = drawn.flatMap(({ text, weight, fonts }) =>
        fonts.filter(isLatinSerif).map((font) => ({ text, weight, face: font.postScriptName })),
      );
      const lightLatin = drawn.filter(({ text, weight }) => weight <= 300 && /[a-z]/i.test(text));
      expect(latin.filter(({ weight }) => weight <= 300).length).toBeGreaterThanOrEqual(
        lightLatin.length > 0 ? 1 : 0,
      );
      for (const { text, weight, face } of latin) {
        if (weight <= 300) expect(face, `"${text}" at ${weight}`).toMatch(/-Light(Italic)?$/);
        else if (weight < 600) expect(face, `"${text}" at ${weight}`).toMatch(/-(Regular|Italic)$/);
      }
      // Only the serif files of the two scripts: the sans ones stay for the scripts it lacks.
      expect(new Set(files)).toEqual(new Set(['noto-serif-devanagari', 'noto-serif-tamil']));
    },
  );
});

describe('letters of India’s scripts in the builder', () => {
  const session = useBrowser();
  const db = serverDatabase();
  afterAll(async () => {
    await db.destroy();
  });

  it('shows a Hindi name in the editor’s Name field from the Noto face, not as boxes', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await openEditor(page, 'template1', inIndianScripts('template1'));
    const field = page.getByLabel('Name', { exact: true });
    await expect(field.inputValue()).resolves.toBe(HINDI_NAME);
    // A field's text is drawn inside the browser's own shadow tree of the input.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    await field.evaluate((input) => input.setAttribute('data-drawn', 'name'));
    const fonts = async () => {
      const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
      const { nodeId } = await cdp.send('DOM.querySelector', {
        nodeId: root.nodeId,
        selector: '[data-drawn="name"]',
      });
      const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: -1, pierce: true });
      type Described = typeof node;
      const holder = (tree: Described): Described | undefined =>
        tree.children?.some((child) => child.nodeType === 3 && child.nodeValue === HINDI_NAME)
          ? tree
          : [...(tree.shadowRoots ?? []), ...(tree.children ?? [])].map(holder).find(Boolean);
      const inner = holder(node);
      if (!inner) throw new Error('no text in the field');
      const {
        nodeIds: [innerId],
      } = await cdp.send('DOM.pushNodesByBackendIdsToFrontend', {
        backendNodeIds: [inner.backendNodeId],
      });
      const drawn = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: innerId! });
      return problemWith({
        text: HINDI_NAME,
        weight: await field.evaluate((input) => Number(getComputedStyle(input).fontWeight)),
        fonts: drawn.fonts.map((font) => ({
          familyName: font.familyName,
          postScriptName: font.postScriptName ?? '',
          glyphCount: font.glyphCount,
        })),
      });
    };
    await expect.poll(fonts).toBe('');
  });

  it('marks a portfolio on its renew page with two whole letters that fit the circle', async () => {
    const run = randomUUID().slice(0, 8);
    const person = { name: 'Priya Sharma', email: `priya-${run}@example.com` };
    const username = `priya-${run}`;
    const page = await session.newPage({ width: 375, height: 800 });
    await page.goto(renewPath(username));
    // The quote answers 404 until the portfolio exists.
    session.allowConsoleError(/status of 404 \(Not Found\)/);
    await signInThroughPopup(
      page,
      () => page.getByRole('button', { name: 'Sign in to renew' }).click(),
      person,
    );
    await page.getByRole('alert').filter({ hasText: 'You have no portfolio at' }).waitFor();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    const data = structuredClone(SAMPLE_DATA.template2);
    data.personalDetails.name = HINDI_NAME;
    // Offline a few days (past its term and grace), as a page people come back to renew: there is
    // no page to show in small, so its initials mark it.
    const paidUntil = new Date(Date.now() - 20 * 86_400_000).toISOString();
    await publishDirectly(db, {
      username,
      templateId: 'template2',
      data,
      paidUntil,
      ownerId: user.id,
    });
    await page.reload();
    const initials = page.locator('.renew__initials');
    await expect(initials.textContent()).resolves.toBe('प्रिश');
    await page.evaluate(() => document.fonts.ready);
    await expect
      .poll(async () =>
        (await drawnIndianText(page, '.renew__portfolio')).map((element) => problemWith(element)),
      )
      .toEqual(['', '']);
    // The letters' box lies inside the circle: its corners are within the radius.
    const fit = await initials.evaluate((circle) => {
      const range = document.createRange();
      range.selectNodeContents(circle);
      const text = range.getBoundingClientRect();
      const box = circle.getBoundingClientRect();
      const [cx, cy, radius] = [box.x + box.width / 2, box.y + box.height / 2, box.width / 2];
      const corners = [
        [text.left, text.top],
        [text.right, text.top],
        [text.left, text.bottom],
        [text.right, text.bottom],
      ];
      return {
        farthest: Math.max(...corners.map(([x, y]) => Math.hypot(x! - cx, y! - cy))),
        radius,
        overflows: circle.scrollWidth > circle.clientWidth,
      };
    });
    expect(fit.overflows).toBe(false);
    expect(fit.farthest).toBeLessThanOrEqual(fit.radius);
  });
});
