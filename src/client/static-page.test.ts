import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = path.resolve('src/client');

/** The relative imports a module writes, resolved to files (`.js` in an import is the `.ts(x)`). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?'(\.[^']+)';/gm)].flatMap(
    ([, specifier]) => {
      const target = path.resolve(path.dirname(file), specifier!);
      const candidates = target.endsWith('.js')
        ? [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx')]
        : [target];
      return candidates.filter((candidate) => existsSync(candidate));
    },
  );
}

/** Every stylesheet the modules reachable from `entry` import, in no particular order. */
function stylesheetsReachedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const sheets = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of importsOf(file)) {
      if (imported.endsWith('.css')) sheets.add(imported);
      else visit(imported);
    }
  };
  visit(entry);
  return sheets;
}

describe("the static pages' stylesheet", () => {
  it('imports every stylesheet the static pages’ components import', () => {
    const drawn = stylesheetsReachedFrom(path.join(CLIENT, 'static-pages.tsx'));
    const loaded = new Set(
      importsOf(path.join(CLIENT, 'static-page.ts')).filter((file) => file.endsWith('.css')),
    );
    expect(drawn.size).toBeGreaterThan(5);
    expect([...drawn].filter((sheet) => !loaded.has(sheet))).toEqual([]);
  });
});
