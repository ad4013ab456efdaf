import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PortfolioData } from '../src/shared/domain/portfolio.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { useBrowser } from './browser.js';
import { showDraft } from './fixtures.js';

/** The sample data of a template with changes applied to a copy. */
function sampleWith(
  id: keyof typeof SAMPLE_DATA,
  change: (data: PortfolioData) => void,
): PortfolioData {
  const data = structuredClone(SAMPLE_DATA[id]);
  change(data);
  return data;
}

const iconPaths = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((svgs) => svgs.map((svg) => svg.querySelector('path')?.getAttribute('d') ?? ''));

describe('template rules from the specification, in the browser', () => {
  const session = useBrowser();

  it('Hyperspace: address, email and phone only when present', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.goto('/template3');
    await page.locator('#personalDetails').waitFor();
    const contact = page.locator('#contactDetails');
    const sample = SAMPLE_DATA.template3.contactDetails;
    const full = (await contact.textContent()) ?? '';
    for (const value of [sample.tel, sample.address]) expect(full).toContain(value);
    // The address shows only when the form opens the mail program (through the server it is kept off the page).
    expect(full).not.toContain(sample.email);
    await showDraft(
      page,
      'template3',
      sampleWith('template3', (data) => {
        data.contactDetails.address = '';
        data.contactDetails.tel = '';
        data.contactDetails.formDelivery = 'mailto';
      }),
    );
    const text = (await page.locator('#contactDetails').textContent()) ?? '';
    expect(text).toContain(sample.email);
    expect(text).not.toContain(sample.tel);
    expect(text).not.toContain(sample.address);
    expect(text).not.toMatch(/Address|Phone/i);
  });

  it('Hyperspace: section2 tiles rotate six icons and show Check it out only with a link', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    const data = sampleWith('template3', (d) => {
      const tiles = d.section2!.sectionTiles;
      d.section2!.sectionTiles = [...tiles, ...tiles]
        .slice(0, 8)
        .map((tile, index) => ({ ...tile, link: index % 2 ? '' : 'https://example.com/p' }));
    });
    await showDraft(page, 'template3', data);
    const paths = await iconPaths(page, '#section2 article svg');
    expect(paths).toHaveLength(8);
    expect(new Set(paths.slice(0, 6)).size).toBe(6);
    expect(paths[6]).toBe(paths[0]);
    expect(paths[7]).toBe(paths[1]);
    await expect(
      page
        .locator('#section2')
        .getByRole('link', { name: /Check it out/ })
        .count(),
    ).resolves.toBe(4);
  });

  it('Solid-State: banner, alternating spotlights with Learn More, feature grid parity, text Subject', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.goto('/template4');
    await page.locator('#personalDetails').waitFor();
    const name = SAMPLE_DATA.template4.personalDetails.name;
    const banner = (await page.locator('#personalDetails h1').textContent())
      ?.replace(/\s+/g, ' ')
      .trim();
    expect(banner?.toUpperCase()).toBe(`HI. THIS IS ${name.toUpperCase()}.`);
    await expect(
      page
        .locator('#personalDetails')
        .getByText(SAMPLE_DATA.template4.personalDetails.intro.slice(0, 40))
        .isVisible(),
    ).resolves.toBe(true);
    const classes = await page
      .locator('#section .spotlight:has(article)')
      .evaluateAll((rows) => rows.map((row) => row.className));
    expect(classes.map((c) => (c.includes('spotlight--odd') ? 'odd' : 'even'))).toEqual([
      'odd',
      'even',
      'odd',
    ]);
    await expect(
      page
        .locator('#section')
        .getByRole('link', { name: /Learn More/i })
        .count(),
    ).resolves.toBe(3);
    await expect(
      page
        .locator('#section2')
        .getByRole('link', { name: /Check it out/i })
        .count(),
    ).resolves.toBeGreaterThan(0);
    // An even number of features: no wide last card.
    await expect(page.locator('#section2 .feature--wide').count()).resolves.toBe(0);
    await expect(
      page
        .locator('#contactDetails')
        .getByRole('heading', { name: /Get in touch/i })
        .isVisible(),
    ).resolves.toBe(true);
    await expect(
      page.locator('#contactDetails').getByLabel('Subject').getAttribute('type'),
    ).resolves.toBe('text');
    await expect(
      page.locator('#contactDetails').getByRole('button', { name: 'Send Message' }).isVisible(),
    ).resolves.toBe(true);

    await showDraft(
      page,
      'template4',
      sampleWith('template4', (d) => {
        d.section2!.sectionTiles = d.section2!.sectionTiles.slice(0, 3);
        d.contactDetails.email = '';
      }),
    );
    const wide = page.locator('#section2 .feature--wide');
    await expect(wide.count()).resolves.toBe(1);
    await expect(wide.textContent()).resolves.toContain(
      SAMPLE_DATA.template4.section2!.sectionTiles[2]!.title,
    );
    await expect(page.locator('#contactDetails').getByText('@').count()).resolves.toBe(0);
  });

  it('Phantom: initials and name in the header, the name as the main heading, headline in italics, six tile styles, Follow list', async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await page.goto('/template5');
    await page.locator('#personalDetails').waitFor();
    const sample = SAMPLE_DATA.template5;
    const header = page.locator('header').first();
    // The logo is the person's initials on the accent (the sample's rose), not the sample's cube.
    const monogram = header.locator('.phantom-monogram');
    await expect(monogram.textContent()).resolves.toBe('NK');
    await expect(header.locator('img[src$="logo.svg"]').count()).resolves.toBe(0);
    await expect(
      monogram.evaluate((element) => getComputedStyle(element).backgroundColor),
    ).resolves.toBe('rgb(184, 59, 98)');
    await expect(header.textContent()).resolves.toContain(sample.personalDetails.name);
    // The name is the first large thing a visitor reads; the headline follows it in italics.
    await expect(page.locator('h1').textContent()).resolves.toBe(sample.personalDetails.name);
    const headline = page.locator('.phantom-headline');
    await expect(headline.textContent()).resolves.toBe(sample.personalDetails.headline);
    await expect(headline.evaluate((line) => getComputedStyle(line).fontStyle)).resolves.toBe(
      'italic',
    );
    const styles = await page
      .locator('#section article')
      .evaluateAll((tiles) => tiles.map((tile) => /style(\d)/.exec(tile.className)?.[1]));
    expect(styles).toHaveLength(12);
    expect(styles).toEqual(Array.from({ length: 12 }, (_, index) => String((index % 6) + 1)));
    const footer = page.locator('#contactDetails');
    await expect(footer.getByRole('heading', { name: /Get in touch/i }).isVisible()).resolves.toBe(
      true,
    );
    await expect(footer.getByRole('button', { name: 'Send' }).isVisible()).resolves.toBe(true);
    for (const placeholder of ['Name', 'Subject', 'Message']) {
      await expect(footer.getByPlaceholder(placeholder).count(), placeholder).resolves.toBe(1);
    }
    await expect(footer.getByRole('heading', { name: /Follow/i }).isVisible()).resolves.toBe(true);
    await expect(
      footer
        .getByRole('link')
        .filter({ hasText: sample.contactDetails.socialLinks[0]!.label })
        .count(),
    ).resolves.toBe(1);
  });

  it.each(
    (['template3', 'template5'] as const).flatMap((id) =>
      [375, 320].map((width) => [id, width] as const),
    ),
  )(
    '%s at %i px: a long name shows every word whole, on one line, inside the screen',
    async (id, width) => {
      const name = 'Venkatasubramanian Srinivasaraghavan Iyer';
      const page = await session.newPage({ width, height: 800 });
      await showDraft(
        page,
        id,
        sampleWith(id, (d) => {
          d.personalDetails.name = name;
        }),
      );
      await page.evaluate(() => document.fonts.ready);
      // Each word of each shown copy of the name: the lines its letters sit on, and its right edge.
      const words = await page.evaluate((name) => {
        const found: { word: string; lines: number; right: number }[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          const start = text.indexOf(name);
          if (start < 0) continue;
          let offset = start;
          for (const word of name.split(' ')) {
            const range = document.createRange();
            range.setStart(node, offset);
            range.setEnd(node, offset + word.length);
            offset += word.length + 1;
            const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
            if (!rects.length) continue; // a copy that is not shown (a closed menu)
            const tops = new Set(rects.map((rect) => Math.round(rect.top)));
            found.push({ word, lines: tops.size, right: Math.max(...rects.map((r) => r.right)) });
          }
        }
        return found;
      }, name);
      expect(words.length).toBeGreaterThan(0);
      for (const { word, lines, right } of words) {
        expect(lines, word).toBe(1);
        expect(right, word).toBeLessThanOrEqual(width);
      }
    },
  );

  it('a link button names its network with every word apart, in each template', async () => {
    for (const id of ['template1', 'template2', 'template3', 'template4'] as const) {
      const data = structuredClone(SAMPLE_DATA[id]);
      const tiles = [data.section, data.section2].flatMap((section) => section?.sectionTiles ?? []);
      for (const tile of tiles) tile.link = 'https://www.behance.net/gallery/1/lake';
      const page = await session.newPage({ width: 1280, height: 800 });
      await showDraft(page, id, data);
      // The room the eye sees between the verb and "on", measured on the drawn letters.
      const gap = await page
        .locator('a[href="https://www.behance.net/gallery/1/lake"]', { hasText: 'Behance' })
        .first()
        .evaluate((link: HTMLElement) => {
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
          const texts: Text[] = [];
          while (walker.nextNode()) texts.push(walker.currentNode as Text);
          const verb = texts.find((text) => text.data.trim() === 'View')!;
          // React writes " on " and the network's name as two text nodes.
          const rest = texts.find((text) => text.data.trim() === 'on')!;
          const box = (text: Text, from: number, to: number) => {
            const range = document.createRange();
            range.setStart(text, from);
            range.setEnd(text, to);
            return range.getBoundingClientRect();
          };
          const at = rest.data.indexOf('on');
          return box(rest, at, at + 2).left - box(verb, 0, verb.data.length).right;
        });
      expect(gap, id).toBeGreaterThan(2);
      await page.close();
    }
  });

  it('Directive: a long address wraps beside its pin on a phone, not centred away from it', async () => {
    const page = await session.newPage({ width: 375, height: 812 });
    await showDraft(
      page,
      'template2',
      sampleWith('template2', (d) => {
        d.contactDetails.address = 'Shop 4, Prabhat Road, Erandwane, Pune 411004, Maharashtra';
      }),
    );
    const item = page.locator('.dv-contact__item').filter({ hasText: 'Prabhat Road' });
    const gap = await item.evaluate((li) => {
      const pin = li.querySelector('svg')!.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(li.querySelector('.dv-contact__text')!);
      const lines = [...range.getClientRects()];
      return {
        lines: new Set(lines.map((line) => Math.round(line.top))).size,
        fromPin: Math.min(...lines.map((line) => line.left)) - pin.right,
      };
    });
    expect(gap.lines).toBeGreaterThan(1);
    expect(gap.fromPin).toBeGreaterThanOrEqual(0);
    expect(gap.fromPin).toBeLessThan(16);
  });

  it.each(['template1', 'template2', 'template3', 'template4', 'template5'] as const)(
    '%s hides social links whose url is empty',
    async (id) => {
      const page = await session.newPage({ width: 1280, height: 900 });
      const data = sampleWith(id, (d) => {
        d.contactDetails.socialLinks = [
          { url: 'https://github.com/visible-person', label: 'GitHub', iconClass: 'github' },
          { url: '', label: 'Hidden Network', iconClass: 'twitter' },
        ];
      });
      await showDraft(page, id, data);
      const footer = page.locator('#contactDetails');
      await expect(
        footer.locator('a[href="https://github.com/visible-person"]').count(),
      ).resolves.toBe(1);
      await expect(footer.getByText('Hidden Network').count()).resolves.toBe(0);
      await expect(footer.locator('a[href=""]').count()).resolves.toBe(0);
    },
  );
});
