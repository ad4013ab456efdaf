/**
 * What counting costs in memory: a busy day views tens of thousands of pages, each of which the
 * counter remembers until the day is over.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { heapKeptBy } from '../../../test/heap.js';
import { countingOnly } from '../../../test/visits.js';
import { NetworkShares } from './network-shares.js';

const PAGES = 20_000;
/** A page's day with one visitor: its username, numbers and that visitor's share. */
const BYTES_PER_PAGE = 400;

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('the visitor counter', () => {
  it('keeps a page viewed today in a few hundred bytes, however many pages are viewed', () => {
    const counter = countingOnly('203.0.113.9');
    const usernames = Array.from({ length: PAGES }, (_, index) => `reader-page-${index}`);
    const kept = heapKeptBy(() => {
      // One person reading every page, each twice: as a crawl of a directory would.
      for (const username of [...usernames, ...usernames]) {
        counter.count(username, {
          method: 'GET',
          headers: { 'user-agent': PHONE },
        } as unknown as IncomingMessage);
      }
    });
    expect(kept / PAGES).toBeLessThan(BYTES_PER_PAGE);
  });

  it("forgets every network's share at once when too many are remembered, whatever the pages", () => {
    const shares = new NetworkShares();
    // A page each, viewed once: four times the networks remembered at most, each an address
    // of its own. Shares forgotten must not stay behind with pages nobody views again.
    const pages = Array.from({ length: 200_000 }, () => ({}));
    const kept = heapKeptBy(() => {
      for (const [index, page] of pages.entries()) {
        const network = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
        shares.admitVisitor(page, network, index);
      }
    });
    // About 150 bytes a share, 50,000 remembered at most.
    expect(kept).toBeLessThan(9 * 1024 * 1024);
    expect(pages).toHaveLength(200_000);
  });
});
