/**
 * What is kept after a request holds no part of it: a username cut from a long path, kept as a
 * map key, must not keep the whole path in memory (V8 cuts substrings as views of the whole).
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PageCache, type CachedPage } from './public-pages/page-cache.js';
import { heapKeptBy } from '../../test/heap.js';
import { countingOnly } from '../../test/visits.js';

const PAGES = 1_000;
const PATH_PADDING = 16_000;

/** Usernames as the public page's fast path reads them: a match out of a 16 KB path each. */
function* usernamesFromLongPaths(): Generator<string> {
  for (let index = 0; index < PAGES; index += 1) {
    const path = `/users/a-long-username-${index}?${'x'.repeat(PATH_PADDING)}${index}`;
    yield /^\/users\/([a-z0-9-]{1,40})/.exec(path)![1]!;
  }
}

const page: CachedPage = {
  sourceVersion: 's',
  templateVersion: 'v1',
  etag: '"s"',
  servedUntil: Number.MAX_SAFE_INTEGER,
  bodies: { identity: Buffer.alloc(10) },
  headers: {},
  csp: "img-src 'self'",
};

// Holding the paths would keep PAGES x PATH_PADDING bytes, 16 MB; the keys alone are a few
// hundred KB.
const BOUND = 4 * 1024 * 1024;

describe('strings kept past their request', () => {
  it('the page cache keeps its usernames, not the paths they were read from', () => {
    const cache = new PageCache(1024 * 1024 * 1024);
    const kept = heapKeptBy(() => {
      for (const username of usernamesFromLongPaths()) {
        cache.set(username, page);
        // A read that moves the page to the recent end keys it again.
        cache.get(username);
      }
    });
    expect(cache.takeStats().entries).toBe(PAGES);
    expect(kept).toBeLessThan(BOUND);
  });

  it("the visitor counter keeps the day's usernames, not the paths they were read from", () => {
    const counter = countingOnly('198.51.100.7');
    const view = {
      method: 'GET',
      headers: { 'user-agent': 'Mozilla/5.0 Firefox', referer: 'https://elsewhere.example/' },
    } as unknown as IncomingMessage;
    const kept = heapKeptBy(() => {
      for (const username of usernamesFromLongPaths()) counter.count(username, view);
    });
    expect(kept).toBeLessThan(BOUND);
  });
});
