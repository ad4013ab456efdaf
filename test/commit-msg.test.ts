import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository's commit-msg hook (.githooks/commit-msg, set up by npm's prepare step).
const hook = join(import.meta.dirname, '..', '.githooks', 'commit-msg');
const dir = mkdtempSync(join(tmpdir(), 'commit-msg-'));

function check(message: string): { ok: boolean; said: string } {
  const file = join(dir, 'MSG');
  writeFileSync(file, message);
  try {
    execFileSync('sh', [hook, file], { stdio: 'pipe' });
    return { ok: true, said: '' };
  } catch (error) {
    return { ok: false, said: String((error as { stderr: Buffer }).stderr) };
  }
}

describe('commit-msg hook', () => {
  it('takes a short subject with a body after a blank line', () => {
    expect(check('Page cache counts bytes with lru-cache\n\nWhy, with figures.\n').ok).toBe(true);
    expect(check('x'.repeat(72) + '\n').ok).toBe(true);
  });

  it('refuses a subject over 72 characters and says how long it is', () => {
    const result = check('y'.repeat(73) + '\n\nbody\n');
    expect(result.ok).toBe(false);
    expect(result.said).toContain('73 characters');
  });

  it('counts characters, not bytes', () => {
    expect(check('₹'.repeat(72) + '\n').ok).toBe(true);
  });

  it('refuses a body with no blank line after the subject, and an empty message', () => {
    expect(check('Subject\nbody straight after\n').ok).toBe(false);
    expect(check('# only a comment\n').ok).toBe(false);
  });

  it('lets fixups through, and skips comment lines and carriage returns', () => {
    expect(check(`fixup! ${'z'.repeat(80)}\n`).ok).toBe(true);
    expect(check('# Please enter the commit message\nShort subject\n').ok).toBe(true);
    expect(check('Subject\r\n\r\nBody written on Windows\r\n').ok).toBe(true);
    expect(check('Subject\n   \nBody after a line of spaces\n').ok).toBe(true);
  });

  it('holds a subject that only looks like a merge to the same rule', () => {
    expect(check(`Merge the page cache into ${'z'.repeat(60)}\n`).ok).toBe(false);
  });
});
