import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioData } from '../src/shared/domain/portfolio.js';
import { TEMPLATE_IDS, type TemplateId } from '../src/shared/templates/catalog.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { publishDirectly } from '../test/publish-directly.js';
import { useBrowser } from './browser.js';
import { serverDatabase } from './fixtures.js';

const suffix = randomUUID().slice(0, 6);
const usernameFor = (id: TemplateId) => `pub-${id}-${suffix}`;

/** The bar over a template preview (template-previews/), found as a person meets it: its way back. */
const backToTemplates = (page: Page) => page.getByRole('link', { name: 'Back to templates' });

describe('public portfolio pages in the browser', () => {
  const session = useBrowser();
  const db = serverDatabase();
  beforeAll(async () => {
    for (const id of TEMPLATE_IDS)
      await publishDirectly(db, {
        username: usernameFor(id),
        templateId: id,
        data: SAMPLE_DATA[id],
      });
  });
  afterAll(async () => {
    await db.destroy();
  });

  it.each(TEMPLATE_IDS.flatMap((id) => [375, 1280].map((width) => [id, width] as const)))(
    '%s at %i px: no console errors, no horizontal scrolling, no builder chrome, never sent to /screen-error',
    async (id, width) => {
      const page = await session.newPage({ width, height: 800 });
      const response = await page.goto(`/users/${usernameFor(id)}`);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(`/users/${usernameFor(id)}`);
      await expect(page.title()).resolves.toBe(SAMPLE_DATA[id].personalDetails.name);
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).resolves.toBeLessThanOrEqual(0);
      await expect(backToTemplates(page).count()).resolves.toBe(0);
      // The fonts really come from us.
      await expect(
        page.evaluate(
          () =>
            document.fonts.check('16px "Source Sans 3"') ||
            document.fonts.check('16px "Open Sans"'),
        ),
      ).resolves.toBe(true);
    },
  );

  it.each(TEMPLATE_IDS)(
    '%s: every weight and style its text is set in is a face it loads (no fallback to a neighbour)',
    async (id) => {
      const username = `fonts-${id}-${suffix}`;
      const data = structuredClone(SAMPLE_DATA[id]);
      // A first sentence over 140 letters: Phantom's smallest opening size, at its own weight.
      data.personalDetails.intro = `I design and build calm, careful websites for small studios, shops and charities across the city, and I teach the people who run them to keep them up to date. ${data.personalDetails.intro}`;
      await publishDirectly(db, { username, templateId: id, data });
      const page = await session.newPage({ width: 1280, height: 900 });
      await page.goto(`/users/${username}`);
      await page.waitForLoadState('networkidle');
      // The contact form's error line has its own weight: show it as a failed send would.
      await page.evaluate(() => {
        for (const status of document.querySelectorAll<HTMLElement>('[data-contact-status]')) {
          status.dataset.state = 'error';
          status.textContent = 'Sorry, that did not send.';
        }
      });
      const misses = await page.evaluate(async () => {
        await document.fonts.ready;
        const faces = [...document.fonts];
        const unquote = (family: string) => family.trim().replace(/^["']|["']$/g, '');
        const declared = new Set(faces.map((face) => unquote(face.family)));
        const covers = (face: FontFace, weight: number) => {
          const [low, high = low] = face.weight.split(' ').map(Number);
          return low! <= weight && weight <= high!;
        };
        const found: string[] = [];
        for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
          const own = [...element.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .map((node) => node.textContent ?? '')
            .join('')
            .trim();
          const field = element as HTMLInputElement;
          const text =
            own || (element.matches('input, textarea') ? field.value || field.placeholder : '');
          if (!text || !element.checkVisibility()) continue;
          const style = getComputedStyle(element);
          // The Latin family: the first web font in the stack after the Indian scripts' one.
          const family = style.fontFamily
            .split(',')
            .map(unquote)
            .find((name) => declared.has(name) && name !== 'Indian Scripts');
          if (!family) continue;
          const weight = Number(style.fontWeight);
          const italic = style.fontStyle !== 'normal';
          const matching = faces.filter(
            (face) =>
              unquote(face.family) === family &&
              (face.style !== 'normal') === italic &&
              covers(face, weight),
          );
          const latin = /[A-Za-z]/.test(text);
          if (!matching.length || (latin && !matching.some((face) => face.status === 'loaded')))
            found.push(`${family} ${weight}${italic ? ' italic' : ''}: “${text.slice(0, 40)}”`);
        }
        return [...new Set(found)];
      });
      expect(misses).toEqual([]);
    },
  );

  it('finds the builder chrome where it belongs: the template preview has its way back', async () => {
    const page = await session.newPage({ width: 1280, height: 800 });
    await page.goto('/template1');
    await expect(backToTemplates(page).getAttribute('href')).resolves.toBe('/choose#template1');
  });

  it('shows the owner’s own words where they replaced the template’s', async () => {
    const username = `pub-words-${suffix}`;
    await publishDirectly(db, {
      username,
      templateId: 'template1',
      data: {
        ...SAMPLE_DATA.template1,
        phrases: { greeting: 'Namaste, I am', contactHeading: 'Write to me' },
      },
    });
    const page = await session.newPage({ width: 1280, height: 800 });
    expect((await page.goto(`/users/${username}`))?.status()).toBe(200);
    await expect(page.locator('#mp-intro-title').textContent()).resolves.toContain('Namaste, I am');
    await expect(page.locator('#mp-contact-title').textContent()).resolves.toBe('Write to me');
    // The phrases nobody changed keep the template's words.
    await expect(page.locator('.mp-head__sub').last().textContent()).resolves.toBe(
      'Have a project in mind? I would love to hear about it.',
    );
  });

  it('with the mail program chosen, the contact form opens it with the exact mailto: link', async () => {
    const username = `mailto-${suffix}`;
    const data = SAMPLE_DATA.template5;
    await publishDirectly(db, {
      username,
      templateId: 'template5',
      data: { ...data, contactDetails: { ...data.contactDetails, formDelivery: 'mailto' } },
    });
    const page = await session.newPage({ width: 1280, height: 900 });
    // Record the link the page asks the browser to open instead of leaving the page.
    await page.addInitScript(() => {
      const opened: string[] = [];
      (window as unknown as { opened: string[] }).opened = opened;
      HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
        opened.push(this.href);
      };
    });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`/users/${username}`);
    await page.waitForLoadState('networkidle');
    requests.length = 0;
    const form = page.locator('#contactDetails form');
    await form.getByLabel('Name').fill('Ravi & Co');
    await form.getByLabel('Subject').fill('A commission? Yes!');
    await form.getByLabel('Message').fill('Hello Nila,\nCould we talk on Monday?');
    await form.getByRole('button', { name: 'Send' }).click();
    const opened = await page.evaluate(() => (window as unknown as { opened: string[] }).opened);
    const email = SAMPLE_DATA.template5.contactDetails.email;
    expect(opened).toEqual([
      `mailto:${email}?subject=${encodeURIComponent('A commission? Yes!')}&body=${encodeURIComponent('Name: Ravi & Co\n\nMessage: Hello Nila,\nCould we talk on Monday?')}`,
    ]);
    // Scrolling to the form may bring tiles' lazy pictures into view; Send asks for nothing else.
    expect(requests.filter((url) => !new URL(url).pathname.startsWith('/templates/art/'))).toEqual(
      [],
    );
    expect(new URL(page.url()).pathname).toBe(`/users/${username}`);
  });

  it('runs nothing from hostile text or links, and shows the text as text', async () => {
    const payloads = [
      '<script>window.__pwned = 1</script>',
      '<img src=x onerror="window.__pwned=1">',
      '"><svg onload="window.__pwned=1">',
      "'-alert(1)-'",
      '\u202Egnp.exe',
    ];
    // Clicking every button sends the empty contact form, which the server refuses (400).
    session.allowConsoleError(/status of 400/);
    const text = payloads.join(' ');
    const hostile = (id: TemplateId): PortfolioData => {
      const data = structuredClone(SAMPLE_DATA[id]);
      data.personalDetails.name = text.slice(0, 100);
      data.personalDetails.headline = text.slice(0, 200);
      data.personalDetails.intro = text;
      for (const key of ['section', 'section2'] as const) {
        const section = data[key];
        if (!section) continue;
        section.sectionTitle = text.slice(0, 200);
        section.sectionTiles = section.sectionTiles.map((tile) => ({
          ...tile,
          title: text.slice(0, 200),
          desc: text,
        }));
      }
      data.contactDetails.address = text.slice(0, 200);
      data.contactDetails.socialLinks = data.contactDetails.socialLinks.map((link) => ({
        ...link,
        label: text.slice(0, 200),
      }));
      return data;
    };
    for (const id of TEMPLATE_IDS) {
      const username = `xss-${id}-${suffix}`;
      await publishDirectly(db, { username, templateId: id, data: hostile(id) });
      const page = await session.newPage({ width: 1280, height: 900 });
      await page.addInitScript(() => {
        HTMLAnchorElement.prototype.click = () => {};
        window.alert = () => {
          (window as unknown as { __pwned: number }).__pwned = 1;
        };
      });
      await page.goto(`/users/${username}`);
      await page.waitForLoadState('networkidle');
      for (const element of await page.locator('a, button, article, summary').all()) {
        await element.hover({ force: true, timeout: 1000 }).catch(() => {});
      }
      for (const element of await page.locator('summary, button').all()) {
        await element.click({ force: true, timeout: 1000 }).catch(() => {});
      }
      await expect(
        page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
      ).resolves.toBeUndefined();
      await expect(page.locator('body').textContent()).resolves.toContain(
        '<script>window.__pwned = 1</script>',
      );
      await expect(
        page.locator('script:not([src]):not([type="application/ld+json"])').count(),
      ).resolves.toBe(0);
    }
  });
});
