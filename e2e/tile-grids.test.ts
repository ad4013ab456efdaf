import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PortfolioData, Tile } from '../src/shared/domain/portfolio.js';
import type { TemplateId } from '../src/shared/templates/catalog.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { useBrowser } from './browser.js';
import { showDraft } from './fixtures.js';

/*
 * A person's own tiles come in any number: their grids stay even. Every tile of a grid is the
 * same width, rows of one or two under fuller rows sit centred, and none is a lone tile under
 * a row of three (reviewers' "3 then 4" in Phantom, "uneven rows" in Mini-port).
 */

const TITLES = ['Monsoon', 'Weddings in Jaipur and the old city', 'Portraits', 'Street life'];

/** The person's own tiles: titles of varied length, every fourth without a picture. */
const ownTiles = (count: number): Tile[] =>
  Array.from({ length: count }, (_, index) => ({
    img: index % 4 === 3 ? '' : `/templates/art/tile-${String(index + 1).padStart(2, '0')}.svg`,
    title: TITLES[index % TITLES.length]!,
    desc: index % 2 ? 'A short line.' : 'Two sentences about the work. Who it was for and why.',
    link: '',
    icon: 'camera',
  }));

function withTiles(id: TemplateId, count: number): PortfolioData {
  const data = structuredClone(SAMPLE_DATA[id]);
  for (const section of [data.section, data.section2]) {
    if (section) section.sectionTiles = ownTiles(count);
  }
  return data;
}

interface Row {
  widths: number[];
  /** Space left of the row's first tile and right of its last, inside the grid. */
  left: number;
  right: number;
}

const rowsOf = (page: Page, grid: string): Promise<Row[]> =>
  page
    .locator(grid)
    .first()
    .evaluate((element) => {
      const edge = element.getBoundingClientRect();
      const byTop = new Map<number, DOMRect[]>();
      for (const tile of element.children) {
        const box = tile.getBoundingClientRect();
        const top = Math.round(box.top);
        byTop.set(top, [...(byTop.get(top) ?? []), box]);
      }
      return [...byTop.values()].map((boxes) => ({
        widths: boxes.map((box) => box.width),
        left: Math.min(...boxes.map((box) => box.left)) - edge.left,
        right: edge.right - Math.max(...boxes.map((box) => box.right)),
      }));
    });

const GRIDS: [string, TemplateId, string][] = [
  ['Mini-port services', 'template1', '#section .mp-grid'],
  ['Mini-port work', 'template1', '#section2 .mp-grid'],
  ['Phantom', 'template5', '.phantom-tiles'],
];

describe('tile grids with a person’s own count of tiles', () => {
  const session = useBrowser();

  it.each([1280, 800, 375])('every tile one width, short rows centred (%i px)', async (width) => {
    const page = await session.newPage({ width, height: 800 });
    const columns = width > 980 ? 3 : width > 736 ? 2 : 1;
    for (const [name, id, grid] of GRIDS) {
      for (const count of [3, 4, 5, 7, 8]) {
        await showDraft(page, id, withTiles(id, count));
        const rows = await rowsOf(page, grid);
        const about = `${name}, ${count} tiles: ${JSON.stringify(rows)}`;
        expect(
          rows.flatMap((row) => row.widths),
          about,
        ).toHaveLength(count);
        const tileWidth = rows[0]!.widths[0]!;
        for (const row of rows) {
          for (const tile of row.widths) expect(Math.abs(tile - tileWidth), about).toBeLessThan(1);
          expect(Math.abs(row.left - row.right), about).toBeLessThan(1);
          expect(row.widths.length, about).toBeLessThanOrEqual(columns);
        }
        // As few rows as the columns allow; a last row of one only where rows hold two or fewer.
        expect(rows, about).toHaveLength(Math.ceil(count / columns));
        if (columns === 3) expect(rows.at(-1)!.widths.length, about).toBeGreaterThan(1);
      }
    }
  });
});
