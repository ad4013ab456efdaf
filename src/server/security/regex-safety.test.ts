/**
 * Every regular expression in the server and shared code must match in linear time: one
 * request must never be able to stall the event loop with a crafted string (ReDoS).
 *
 * The patterns are collected from the source with the TypeScript parser (regex literals and
 * `RegExp(...)` / `new RegExp(...)` calls), so a pattern added anywhere is checked without
 * being listed here, and each is judged by recheck. A `RegExp` built from anything but string
 * literals fails: it cannot be checked before it runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['server', 'shared'];

interface FoundPattern {
  where: string;
  source: string;
  flags: string;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A string literal's value, or undefined for anything computed. */
function literalText(node: ts.Expression | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) {
    return node.text;
  }
  return undefined;
}

export function collectPatterns(file: string): { found: FoundPattern[]; unchecked: string[] } {
  const text = readFileSync(file, 'utf8');
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FoundPattern[] = [];
  const unchecked: string[] = [];
  const where = (node: ts.Node) =>
    `${path.relative(ROOT, file)}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText();
      const end = literal.lastIndexOf('/');
      found.push({
        where: where(node),
        source: literal.slice(1, end),
        flags: literal.slice(end + 1),
      });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [patternArgument, flagsArgument] = node.arguments ?? [];
      const source = literalText(patternArgument);
      const flags = flagsArgument ? literalText(flagsArgument) : '';
      if (source === undefined || flags === undefined) unchecked.push(where(node));
      else found.push({ where: where(node), source, flags });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { found, unchecked };
}

const files = SCANNED.flatMap((directory) => sourceFiles(path.join(ROOT, directory)));
const collected = files.map(collectPatterns);
const patterns = collected.flatMap((result) => result.found);

describe('regular expressions in src/server and src/shared', () => {
  it('finds the patterns the code uses (the collector works)', () => {
    expect(patterns.map((pattern) => pattern.source)).toContain(
      String.raw`^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:".]+(?:\.[^\s@<>()[\],;:".]+)+$`,
    );
    expect(patterns.length).toBeGreaterThan(20);
  });

  it('builds every RegExp from literals, so each can be checked', () => {
    expect(collected.flatMap((result) => result.unchecked)).toEqual([]);
  });

  it('flags a quadratic pattern (the checker works)', () => {
    const diagnostics = checkSync(String.raw`^[^@]+@[^@]+\.[^@]+$`, '');
    expect(diagnostics.status).toBe('vulnerable');
  });

  it.each(patterns.map((pattern) => [pattern.where, pattern] as const))(
    '%s is linear-time',
    (_where, pattern) => {
      const diagnostics = checkSync(pattern.source, pattern.flags);
      expect(
        diagnostics.status === 'safe' ? 'safe' : `${diagnostics.status}: /${pattern.source}/`,
      ).toBe('safe');
    },
  );
});
