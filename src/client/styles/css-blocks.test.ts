/**
 * Every builder stylesheet is bundled into pages that show other pages' parts too (the landing
 * page's "steps" once restyled the editor's step indicator), so a class block (`.steps`,
 * `.steps__item`, `.steps--done`) is styled by one file only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = path.resolve(import.meta.dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** The block of each rule's first class: `.steps__item:hover > a` -> `steps`. */
function blocksOf(css: string): Set<string> {
  const blocks = new Set<string>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of withoutComments.matchAll(/([^{}]+)\{/g)) {
    for (const selector of match[1]!.split(',')) {
      const first = /^\s*\.([a-zA-Z][\w-]*)/.exec(selector)?.[1];
      if (first) blocks.add(first.split('__')[0]!.split('--')[0]!);
    }
  }
  return blocks;
}

describe('builder stylesheets', () => {
  it('style each class block in one file only', () => {
    const owners = new Map<string, string[]>();
    for (const file of cssFiles(CLIENT)) {
      for (const block of blocksOf(readFileSync(file, 'utf8'))) {
        owners.set(block, [...(owners.get(block) ?? []), path.relative(CLIENT, file)]);
      }
    }
    const shared = [...owners].filter(([, files]) => files.length > 1);
    expect(shared).toEqual([]);
  });
});

describe('template stylesheets', () => {
  const TEMPLATES = path.resolve(CLIENT, '../shared/templates');

  it('write the tile grid (short last row centred, tiles one width) once, shared', () => {
    // The rule that centres a last row of two: each template had its own copy, which drifted.
    const centring = /:has\(> :last-child:nth-child\(3n \+ 4\)\) > :nth-last-child\(4\)/;
    const writers = cssFiles(TEMPLATES)
      .filter((file) => centring.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(TEMPLATES, file));
    expect(writers).toEqual(['common/every-template.css']);
  });
});
