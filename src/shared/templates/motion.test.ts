import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_DEFINITIONS } from './catalog.js';

/** Removes every `@media (prefers-reduced-motion: no-preference) { ... }` block, braces balanced. */
function withoutMotionBlocks(css: string): string {
  return withoutBlocks(css, /@media[^{]*prefers-reduced-motion:\s*no-preference[^{]*\{/g);
}

/**
 * Removes every `@supports (animation-timeline: ...) { ... }` block: there an animation follows
 * the scroll position, and its frames, all alike, mark a state (Hyperspace's current part) rather
 * than move anything.
 */
function withoutScrollStateBlocks(css: string): string {
  return withoutBlocks(css, /@supports\s*\(animation-timeline[^{]*\{/g);
}

function withoutBlocks(css: string, opener: RegExp): string {
  let result = '';
  let index = 0;
  for (let match = opener.exec(css); match; match = opener.exec(css)) {
    result += css.slice(index, match.index);
    let depth = 1;
    let cursor = match.index + match[0].length;
    while (depth > 0 && cursor < css.length) {
      if (css[cursor] === '{') depth += 1;
      if (css[cursor] === '}') depth -= 1;
      cursor += 1;
    }
    index = cursor;
    opener.lastIndex = cursor;
  }
  return result + css.slice(index);
}

/** Splits a selector list at commas that are not inside parentheses (`:is(a, b)`). */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of list) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  return [...parts, current.trim()];
}

describe.each(Object.values(TEMPLATE_DEFINITIONS))('$name styles', ({ slug }) => {
  const css = readFileSync(
    path.resolve(`src/shared/templates/${slug}/${slug}.css`),
    'utf8',
  ).replace(/\/\*[\s\S]*?\*\//g, '');

  it('move only for visitors who have not asked for reduced motion', () => {
    const rest = withoutScrollStateBlocks(withoutMotionBlocks(css));
    const motion = rest.match(/(^|[;{\s])(transition|animation)(-[a-z-]+)?\s*:[^;}]*/g) ?? [];
    expect(motion.filter((declaration) => !/:\s*none\b/.test(declaration))).toEqual([]);
    expect(rest).not.toMatch(/scroll-behavior\s*:\s*smooth/);
  });

  it('mark states by scrolling only with frames that are all alike', () => {
    for (const [, body] of css.matchAll(/@keyframes\s+[\w-]+\s*\{((?:[^{}]*\{[^}]*\})*)\s*\}/g)) {
      const frames = [...body!.matchAll(/\{([^}]*)\}/g)].map((frame) => frame[1]!.trim());
      if (!css.includes('animation-timeline')) continue;
      expect(new Set(frames).size).toBe(1);
    }
  });

  it('scope every rule under the template root', () => {
    const selectors =
      withoutMotionBlocks(css)
        .replace(/@(import|font-face)[^;{]*(;|\{[^}]*\})/g, '')
        .match(/(^|})\s*([^{}@]+)\{/g)
        ?.map((rule) =>
          rule
            .replace(/^}?\s*/, '')
            .replace(/\{$/, '')
            .trim(),
        )
        .filter((selector) => !/^(from|to|\d+%)/.test(selector)) ?? [];
    const unscoped = selectors
      .flatMap(splitSelectors)
      .map((s) => s.trim())
      .filter((s) => !s.startsWith(`.tpl-${slug}`));
    expect(unscoped).toEqual([]);
  });

  it('import the rules every template shares', () => {
    expect(css).toContain("@import '../common/every-template.css';");
  });
});

describe('the rules every template shares (common/every-template.css)', () => {
  const css = readFileSync(
    path.resolve('src/shared/templates/common/every-template.css'),
    'utf8',
  ).replace(/\/\*[\s\S]*?\*\//g, '');

  it('move only for visitors who have not asked for reduced motion', () => {
    const rest = withoutMotionBlocks(css);
    expect(rest).not.toMatch(/(transition|animation|scroll-behavior)\s*:/);
    expect(css).toMatch(/scroll-behavior\s*:\s*smooth/);
  });

  it('name every template root and nothing else, so a new template is not left out', () => {
    const roots = Object.values(TEMPLATE_DEFINITIONS)
      .map(({ slug }) => `.tpl-${slug}`)
      .sort();
    // Lists of roots (other :is lists name elements inside them).
    const lists = [...css.matchAll(/:is\(([^)]*)\)/g)]
      .map((match) => splitSelectors(match[1]!).sort())
      .filter((list) => list.some((selector) => selector.startsWith('.tpl-')));
    expect(lists.length).toBeGreaterThanOrEqual(2);
    for (const list of lists) expect(list).toEqual(roots);
  });
});
