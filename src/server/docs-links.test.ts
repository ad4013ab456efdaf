import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The documentation is read on GitHub and in editors: every relative link in README.md,
 * SECURITY.md, ARCHITECTURE.md and docs/ must lead to a file that exists, and a link to a heading
 * of a Markdown file to a heading that is there. Moving a section or a file shows up here.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function markdownFiles(directory: string): string[] {
  return readdirSync(path.join(ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(directory, entry.name);
    if (entry.isDirectory()) return markdownFiles(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

/** The text outside fenced code blocks and inline code, where links and headings live. */
function prose(markdown: string): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (line.trimStart().startsWith('```')) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line.replace(/`[^`\n]*`/g, 'code');
    })
    .join('\n');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const anchorsOf = new Map<string, Set<string>>();
function anchors(file: string): Set<string> {
  let found = anchorsOf.get(file);
  if (!found) {
    found = new Set();
    const seen = new Map<string, number>();
    const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/`/g, '');
    for (const line of prose(text).split('\n')) {
      const heading = /^#{1,6} (.+)$/.exec(line);
      if (!heading) continue;
      const base = slug(heading[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      found.add(count === 0 ? base : `${base}-${count}`);
    }
    anchorsOf.set(file, found);
  }
  return found;
}

/** Every inline link target of a file: `[text](target)`, the text possibly over several lines. */
function linkTargets(file: string): string[] {
  const text = prose(readFileSync(path.join(ROOT, file), 'utf8'));
  return [...text.matchAll(/\]\(([^()\s]+)\)/g)].map((match) => match[1]!);
}

/** Why a relative link does not resolve, or undefined when it does. */
function problem(file: string, target: string): string | undefined {
  const [pathPart = '', anchor] = target.split('#');
  const targetFile = pathPart ? path.normalize(path.join(path.dirname(file), pathPart)) : file;
  if (targetFile.startsWith('..')) return 'points outside the repository';
  if (!existsSync(path.join(ROOT, targetFile))) return 'no such file';
  if (anchor === undefined || !targetFile.endsWith('.md')) return undefined;
  if (statSync(path.join(ROOT, targetFile)).isDirectory()) return undefined;
  return anchors(targetFile).has(anchor) ? undefined : `no heading #${anchor} in ${targetFile}`;
}

const FILES = ['README.md', 'SECURITY.md', 'ARCHITECTURE.md', ...markdownFiles('docs')];

describe('links in the documentation', () => {
  it('finds the files and their links (the reader works)', () => {
    expect(FILES).toContain('docs/operations.md');
    expect(linkTargets('README.md')).toContain('docs/configuration.md');
    expect(anchors('docs/operations.md')).toContain('what-state-lives-where');
    expect(slug("Someone else's username: 1. `a` b")).toBe('someone-elses-username-1-a-b');
  });

  it.each(FILES)('%s: every relative link leads to a file and heading that exist', (file) => {
    const broken = linkTargets(file)
      .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target))
      .map((target) => ({ link: `${file} -> ${target}`, problem: problem(file, target) }))
      .filter((link) => link.problem !== undefined)
      .map((link) => `${link.link}: ${link.problem}`);
    expect(broken).toEqual([]);
  });
});
