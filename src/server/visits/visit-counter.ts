/**
 * Counts views of public pages without slowing them and without tracking anyone: a view adds
 * to numbers in memory (no cookie is set, nothing is read, no timer started), and every few
 * seconds one flush writes them in one transaction. A visitor is their address and browser,
 * kept in memory until the flush and stored only as a hash keyed with a secret kept outside the
 * database and salted with a random salt of the day, which is deleted when the day is over; then
 * only the day's numbers remain.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { indiaDay, indiaDayStart } from '../../shared/visits.js';
import type { Db } from '../db/database.js';
import { isOwnPage } from './own-pages.js';
import { addVisits, rollUpDaysBefore, saltOf, type VisitBatch } from './visits.repository.js';
import { DAY_MS } from '../../shared/domain/time.js';

/**
 * Crawlers, link previews, monitors and scripts: not people looking at a page. Headless
 * browsers too (they are how pages are scraped and audited).
 */
const NOT_A_PERSON =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|embedly|quora|pinterest|vkshare|lighthouse|headless|phantomjs|curl|wget|python|java\/|go-http|axios|node-fetch|undici|okhttp|httpclient|monitor|uptime/i;

/** Memory bound between flushes: past this, views are still counted but visitors are not. */
const MAX_PENDING_VISITORS = 50_000;
/**
 * What one page may add in a day, per process: visitors and distinct referring sites past these
 * are not stored (views still count), so a flood of made-up browsers or referrers cannot fill
 * the store or make a flush long.
 */
const MAX_VISITORS_PER_PAGE_DAY = 20_000;
const MAX_REFERRERS_PER_PAGE_DAY = 100;
const MAX_REFERRER_HOST = 100;

interface Pending {
  username: string;
  day: string;
  views: number;
  /** Address and browser, until the flush hashes them. */
  visitors: Set<string>;
  referrers: Map<string, number>;
}

export class VisitCounter {
  private pending = new Map<string, Pending>();
  private pendingVisitors = 0;
  /** Per page and day: visitors sent to the store, and the referring sites it knows. */
  private today = {
    day: '',
    visitors: new Map<string, number>(),
    referrers: new Map<string, Set<string>>(),
  };
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private rolledUpBefore = '';
  private knownDay = { day: '', from: 0, until: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** The visitor's address as the HTTP layer trusts it (behind proxies: X-Forwarded-For). */
    private readonly addressOf: (request: IncomingMessage) => string,
    /** Our own host: visits from our own pages are not referrals. */
    private readonly ownHost: () => string,
    /**
     * A secret that is not in the database (derived from SESSION_SECRET): visitor hashes are keyed
     * with it as well as salted, so the store alone cannot be searched for an address.
     */
    private readonly pepper: string,
  ) {}

  start(intervalMs = 10_000): void {
    this.timer ??= setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** A page was sent (200, or 304 to a returning browser): count it if a person asked. */
  count(username: string, request: IncomingMessage, now = Date.now()): void {
    if (request.method !== 'GET') return;
    const agent = request.headers['user-agent'];
    if (!agent || NOT_A_PERSON.test(agent)) return;
    const purpose = request.headers['sec-purpose'] ?? request.headers.purpose;
    if (typeof purpose === 'string' && purpose.includes('prefetch')) return;
    if (isOwnPage(request.headers.cookie, username)) return;
    const day = this.dayAt(now);
    const key = `${day}\u0000${username}`;
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { username, day, views: 0, visitors: new Set(), referrers: new Map() };
      this.pending.set(key, entry);
    }
    entry.views += 1;
    if (this.today.day !== day) {
      this.today = { day, visitors: new Map(), referrers: new Map() };
    }
    const stored = this.today.visitors.get(username) ?? 0;
    if (this.pendingVisitors < MAX_PENDING_VISITORS && stored < MAX_VISITORS_PER_PAGE_DAY) {
      const size = entry.visitors.size;
      entry.visitors.add(`${this.addressOf(request)}\u0000${agent}`);
      const added = entry.visitors.size - size;
      this.pendingVisitors += added;
      this.today.visitors.set(username, stored + added);
    }
    const referer = request.headers.referer;
    const host = referer ? referrerHost(referer, this.ownHost()) : undefined;
    if (host) {
      let known = this.today.referrers.get(username);
      if (!known) this.today.referrers.set(username, (known = new Set()));
      if (known.has(host) || known.size < MAX_REFERRERS_PER_PAGE_DAY) {
        known.add(host);
        entry.referrers.set(host, (entry.referrers.get(host) ?? 0) + 1);
      }
    }
  }

  /**
   * India's calendar day at `now`, worked out once a day: formatting a date costs more than the
   * rest of counting a view.
   */
  private dayAt(now: number): string {
    const known = this.knownDay;
    if (now >= known.from && now < known.until) return known.day;
    const day = indiaDay(now);
    const from = indiaDayStart(day);
    this.knownDay = { day, from, until: from + DAY_MS };
    return day;
  }

  /** Writes what was counted; tests and the owner's statistics call it to see the latest. */
  flush(now = Date.now()): Promise<void> {
    this.flushing ??= this.write(now).finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async write(now: number): Promise<void> {
    const taken = this.pending;
    this.pending = new Map();
    this.pendingVisitors = 0;
    try {
      const salts = new Map<string, string>();
      const batches: VisitBatch[] = [];
      for (const entry of taken.values()) {
        let salt = salts.get(entry.day);
        if (!salt) {
          salt = await saltOf(this.db, entry.day, randomBytes(32).toString('base64url'));
          salts.set(entry.day, salt);
        }
        batches.push({
          username: entry.username,
          day: entry.day,
          views: entry.views,
          visitors: [...entry.visitors].map((visitor) =>
            hashVisitor(this.pepper, salt, entry, visitor),
          ),
          referrers: entry.referrers,
        });
      }
      if (batches.length > 0) await addVisits(this.db, batches);
      const today = indiaDay(now);
      if (this.rolledUpBefore !== today) {
        await rollUpDaysBefore(this.db, today);
        this.rolledUpBefore = today;
      }
    } catch (error) {
      // Visitor numbers are not worth a retry queue: the views of a few seconds are lost.
      this.log.warn({ err: error }, 'writing visitor counts failed');
    }
  }
}

function hashVisitor(pepper: string, salt: string, entry: Pending, visitor: string): string {
  return createHmac('sha256', pepper)
    .update(`${salt}\u0000${entry.username}\u0000${visitor}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The host of another site the visitor came from; undefined for none, ours, or nonsense. */
export function referrerHost(referer: string | undefined, ownHost: string): string | undefined {
  if (!referer || referer.length > 2000) return undefined;
  let host: string;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    host = url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return undefined;
  }
  if (host === '' || host === ownHost.replace(/^www\./, '') || host.length > MAX_REFERRER_HOST) {
    return undefined;
  }
  return host;
}
