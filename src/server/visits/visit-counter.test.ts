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
/**
 * A page's day with one visitor: its username, numbers and that visitor's share (whose 48-bit
 * fingerprint V8 keeps as a boxed number, 16 bytes more than a small integer).
 */
const BYTES_PER_PAGE = 420;

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

  it('gives every visitor of a flood a fingerprint of its own, so a full share refuses each new one', () => {
    // A full share takes a visitor whose fingerprint it holds as one already counted: two
    // visitors sharing one would let the second past the share. 131,072 browsers of one
    // address: 30-bit fingerprints share one about 8 times here, 48-bit ones almost never.
    const shares = new NetworkShares();
    const prints = new Set<number>();
    for (let index = 0; index < 131_072; index += 1) {
      prints.add(shares.fingerprint('198.51.100.9', `Mozilla/5.0 Browser ${index}`));
    }
    expect(prints.size).toBe(131_072);
  });

  it('refuses a new visitor once the network has used its share of the page, however asked', () => {
    const shares = new NetworkShares();
    const page = {};
    const print = (index: number) => shares.fingerprint('198.51.100.9', `Browser ${index}`);
    for (let index = 0; index < 200; index += 1) {
      expect(shares.admitVisitor(page, '198.51.100.9', print(index))).toBe(true);
    }
    for (let index = 200; index < 50_000; index += 1) {
      expect(shares.admitVisitor(page, '198.51.100.9', print(index))).toBe(false);
    }
    // Those already counted still count; another network and another page have shares of their own.
    expect(shares.admitVisitor(page, '198.51.100.9', print(7))).toBe(true);
    expect(shares.admitVisitor(page, '203.0.113.1', print(200))).toBe(true);
    expect(shares.admitVisitor({}, '198.51.100.9', print(200))).toBe(true);
  });
});
