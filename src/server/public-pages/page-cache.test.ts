import { describe, expect, it } from 'vitest';
import { prepareHead } from '../http/prepared-head.js';
import {
  answerShape,
  cachedAnswer,
  cachedPageBytes,
  notModifiedHeaders,
  okHeaders,
  PageCache,
  SharedValues,
  type CachedPage,
} from './page-cache.js';

const page = (size: number, tag = 'x'): CachedPage => ({
  sourceVersion: tag,
  templateVersion: 'v1',
  etag: `"${tag}"`,
  servedUntil: Number.MAX_SAFE_INTEGER,
  bodies: {
    identity: Buffer.alloc(size),
    gzip: Buffer.alloc(Math.floor(size / 4)),
    br: Buffer.alloc(Math.floor(size / 5)),
  },
  headers: {},
  csp: "img-src 'self'",
});

describe('the page cache', () => {
  const one = cachedPageBytes(page(10_000));

  it('holds pages up to its byte limit and drops the least recently used first', () => {
    const cache = new PageCache(one * 3);
    cache.set('a', page(10_000));
    cache.set('b', page(10_000));
    cache.set('c', page(10_000));
    expect(cache.takeStats()).toMatchObject({ entries: 3, bytes: one * 3 });
    cache.set('d', page(10_000));
    expect(cache.peek('a')).toBeUndefined();
    expect(['b', 'c', 'd'].every((name) => cache.peek(name))).toBe(true);
    expect(cache.takeStats()).toMatchObject({ entries: 3, bytes: one * 3, evictions: 1 });
  });

  it('keeps a page that is read: reading counts as use', () => {
    const cache = new PageCache(one * 3);
    cache.set('a', page(10_000));
    cache.set('b', page(10_000));
    cache.set('c', page(10_000));
    expect(cache.get('a')).toBeTruthy();
    cache.set('d', page(10_000));
    expect(cache.peek('a')).toBeTruthy();
    expect(cache.peek('b')).toBeUndefined();
  });

  it('keeps a page viewed again and again while others come and go', () => {
    const cache = new PageCache(one * 10);
    cache.set('popular', page(10_000));
    for (let index = 0; index < 1000; index += 1) {
      cache.set(`other-${index}`, page(10_000));
      expect(cache.get('popular'), `after ${index + 1} other pages`).toBeTruthy();
    }
    expect(cache.takeStats().entries).toBe(10);
  });

  it('drops a page read long ago before pages added since', () => {
    const cache = new PageCache(one * 4);
    for (const name of ['a', 'b', 'c', 'd']) cache.set(name, page(10_000));
    cache.get('d');
    for (const name of ['e', 'f', 'g']) cache.set(name, page(10_000));
    expect(cache.peek('d')).toBeTruthy();
    cache.set('h', page(10_000));
    expect(cache.peek('d')).toBeUndefined();
    expect(['e', 'f', 'g', 'h'].every((name) => cache.peek(name))).toBe(true);
  });

  it('weighs pages by their bytes: one large page pushes out several small ones', () => {
    const cache = new PageCache(one * 4);
    for (const name of ['a', 'b', 'c', 'd']) cache.set(name, page(10_000));
    cache.set('large', page(25_000));
    expect(cache.takeStats().bytes).toBeLessThanOrEqual(one * 4);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('c')).toBeUndefined();
    expect(cache.peek('d')).toBeTruthy();
    expect(cache.peek('large')).toBeTruthy();
  });

  it('never holds a page larger than itself, and counts replaced pages once', () => {
    const cache = new PageCache(one);
    cache.set('huge', page(50_000));
    expect(cache.peek('huge')).toBeUndefined();
    cache.set('a', page(10_000));
    cache.set('a', page(10_000));
    expect(cache.takeStats()).toMatchObject({ entries: 1, bytes: one });
  });

  it('reports hits and misses since it was last asked', () => {
    const cache = new PageCache(one * 2);
    cache.set('a', page(10_000));
    cache.get('a');
    cache.get('a');
    cache.get('missing');
    expect(cache.takeStats()).toMatchObject({ hits: 2, misses: 1 });
    expect(cache.takeStats()).toMatchObject({ hits: 0, misses: 0 });
  });
});

describe('answers', () => {
  const shape = answerShape({
    'X-Content-Type-Options': 'nosniff',
    'content-type': 'text/html; charset=utf-8',
    'content-encoding': 'br',
    'content-security-policy': "img-src 'self'",
    etag: '"taken from the page, not the shape"',
    'content-length': 1,
  });

  it('keep of their own only the tag and length, the head continuing the shared one', () => {
    const answer = cachedAnswer(shape, '"p-br"', 512);
    expect(answer.okHead.lines).toBe(prepareHead(200, okHeaders(answer)).lines);
    expect(answer.okHead.lines.startsWith(shape.head.lines)).toBe(true);
    expect(okHeaders(answer)).toEqual({
      'x-content-type-options': 'nosniff',
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      'content-security-policy': "img-src 'self'",
      etag: '"p-br"',
      'content-length': 512,
    });
    expect(notModifiedHeaders(answer)).toEqual({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "img-src 'self'",
      etag: '"p-br"',
    });
  });

  it("count a policy that is the page's own with the page", () => {
    const shared = page(1000);
    const own = { ...page(1000), csp: `img-src ${'https://images.example '.repeat(100)}` };
    expect(cachedPageBytes(own) - cachedPageBytes(shared)).toBe(
      4 * (own.csp.length - shared.csp.length),
    );
  });
});

describe('shared values', () => {
  it('are made once per key, forgotten all at once when too many, and never kept for a long key', () => {
    const values = new SharedValues<object>(2, 10);
    let made = 0;
    const make = () => ({ made: ++made });
    const first = values.get('a', make);
    expect(values.get('a', make)).toBe(first);
    values.get('b', make);
    expect(made).toBe(2);
    values.get('c', make);
    expect(values.get('a', make)).not.toBe(first);
    expect(made).toBe(4);
    const long = 'k'.repeat(11);
    expect(values.get(long, make)).not.toBe(values.get(long, make));
  });
});
