/**
 * Counts views of public pages without slowing them and without tracking anyone: a view adds
 * to numbers in memory (no cookie is set, nothing is read, no timer started), and every few
 * seconds one flush writes them in one transaction. A visitor is their address and browser,
 * kept in memory until the flush and stored only as a hash keyed with a secret kept outside the
 * database and salted with a random salt of the day, which is deleted when the day is over; then
 * only the day's numbers remain. So that one network cannot fill a page's numbers, each
 * network's visitors are also remembered in this process for the day, as fingerprints keyed with
 * a secret of the process (network-shares.ts), never stored.
 */
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { indiaDay, indiaDayStart } from '../../shared/visits.js';
import type { Db } from '../db/database.js';
import { canonicalIp } from '../net/ip-network.js';
import { ownCopy } from '../own-string.js';
import { NetworkShares } from './network-shares.js';
import { isOwnPage } from './own-pages.js';
import { addVisits, rollUpDaysBefore, saltOf, type VisitBatch } from './visits.repository.js';
import { DAY_MS } from '../../shared/domain/time.js';

/**
 * Crawlers, link previews, monitors and scripts: not people looking at a page. Headless
 * browsers too (they are how pages are scraped and audited).
 */
const NOT_A_PERSON =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|embedly|quora|pinterest|vkshare|lighthouse|headless|phantomjs|curl|wget|python|java\/|go-http|axios|node-fetch|undici|okhttp|httpclient|monitor|uptime/i;

/**
 * Browsers send a handful of distinct User-Agent strings, each thousands of times: remember the
 * verdict instead of scanning the pattern above on every view. Bounded in count and in the
 * length of what is kept (real browsers' strings are a few hundred characters); cleared when full.
 */
const AGENT_VERDICTS_MAX = 512;
const AGENT_VERDICT_MAX_LENGTH = 512;

/** Memory bound between flushes: past this, views are still counted but visitors are not. */
const MAX_PENDING_VISITORS = 50_000;
/**
 * What of a browser's string tells one visitor from another: real ones are a few hundred
 * characters, while a header may hold 16 KB. Only this much is kept, so MAX_PENDING_VISITORS
 * bounds the memory too (about 30 MB at most), and a flood that differs past it is one visitor.
 */
const VISITOR_AGENT_KEPT = 512;
/** Visitors hashed between two yields of a flush: about a millisecond of the event loop. */
const HASHES_PER_TURN = 500;

/**
 * What one page may add in a day, per process: visitors and distinct referring sites past these
 * are not stored (views still count), so a flood of made-up browsers or referrers cannot fill
 * the store or make a flush long.
 */
const MAX_VISITORS_PER_PAGE_DAY = 20_000;
const MAX_REFERRERS_PER_PAGE_DAY = 100;
const MAX_REFERRER_HOST = 100;
/** Addresses in one spelling each (canonicalIp), remembered: parsing IPv6 costs microseconds. */
const ADDRESS_FORMS_MAX = 4096;

interface Pending {
  username: string;
  day: string;
  views: number;
  /** Browsers by address, until the flush hashes each pair. */
  visitors: Map<string, Set<string>>;
  referrers: Map<string, number>;
}

/** What one page gathered today in this process. */
interface PageToday {
  /** Visitors sent (or about to be sent) to the store. */
  visitors: number;
  /** The referring sites it knows. */
  referrers: Set<string>;
}

export class VisitCounter {
  /**
   * Views not yet written, by day and then username: keyed without building a string per view
   * (a view is counted thousands of times a second on a busy page).
   */
  private pending = new Map<string, Map<string, Pending>>();
  private pendingVisitors = 0;
  /** Visitors taken by the flush under way: held until it has written them. */
  private flushingVisitors = 0;
  private today = { day: '', pages: new Map<string, PageToday>() };
  private readonly networkShares = new NetworkShares();
  private readonly addressForms = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  /** The flush that follows the one under way, for the views counted since it began. */
  private nextFlush: Promise<void> | undefined;
  private rolledUpBefore = '';
  private knownDay = { day: '', from: 0, until: 0 };
  private readonly agentIsPerson = new Map<string, boolean>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /**
     * The visitor's IP address as the HTTP layer trusts it (behind proxies: X-Forwarded-For),
     * never other text.
     */
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
    const headers = request.headers;
    const agent = headers['user-agent'];
    if (!agent || !this.isPerson(agent)) return;
    const purpose = headers['sec-purpose'] ?? headers.purpose;
    if (typeof purpose === 'string' && purpose.includes('prefetch')) return;
    if (isOwnPage(headers.cookie, username)) return;
    const day = this.dayAt(now);
    const entry = this.pendingOf(day, username);
    entry.views += 1;
    const page = this.todayOf(day, username);
    const address = this.oneSpelling(this.addressOf(request));
    if (
      this.pendingVisitors + this.flushingVisitors < MAX_PENDING_VISITORS &&
      page.visitors < MAX_VISITORS_PER_PAGE_DAY
    ) {
      const kept = keptAgent(agent);
      const agents = entry.visitors.get(address);
      // A browser already counted since the last flush costs no more than this look-up.
      if (!agents?.has(kept) && this.networkShares.admitVisitor(day, username, address, kept)) {
        if (agents) agents.add(kept);
        else entry.visitors.set(ownCopy(address), new Set([kept]));
        this.pendingVisitors += 1;
        page.visitors += 1;
      }
    }
    const referer = headers.referer;
    const host = referer ? referrerHost(referer, this.ownHost()) : undefined;
    if (host) {
      const known = page.referrers;
      if (
        known.has(host) ||
        (known.size < MAX_REFERRERS_PER_PAGE_DAY &&
          this.networkShares.admitReferrer(day, username, address))
      ) {
        known.add(host);
        entry.referrers.set(host, (entry.referrers.get(host) ?? 0) + 1);
      }
    }
  }

  /**
   * The visitor's address in one spelling (canonicalIp), so that one visitor is one visitor
   * however a socket or a proxy wrote their address: the key of their visits until the flush.
   */
  private oneSpelling(address: string): string {
    if (!address.includes(':')) return address;
    let spelled = this.addressForms.get(address);
    if (spelled === undefined) {
      spelled = ownCopy(canonicalIp(address));
      if (this.addressForms.size >= ADDRESS_FORMS_MAX) this.addressForms.clear();
      this.addressForms.set(ownCopy(address), spelled);
    }
    return spelled;
  }

  private pendingOf(day: string, username: string): Pending {
    let pages = this.pending.get(day);
    if (!pages) this.pending.set(day, (pages = new Map()));
    let entry = pages.get(username);
    if (!entry) {
      // The username may be cut from the request's path (see ownCopy).
      const key = ownCopy(username);
      entry = { username: key, day, views: 0, visitors: new Map(), referrers: new Map() };
      pages.set(key, entry);
    }
    return entry;
  }

  private todayOf(day: string, username: string): PageToday {
    if (this.today.day !== day) this.today = { day, pages: new Map() };
    let page = this.today.pages.get(username);
    if (!page) {
      page = { visitors: 0, referrers: new Set() };
      this.today.pages.set(ownCopy(username), page);
    }
    return page;
  }

  private isPerson(agent: string): boolean {
    if (agent.length > AGENT_VERDICT_MAX_LENGTH) return !NOT_A_PERSON.test(agent);
    let verdict = this.agentIsPerson.get(agent);
    if (verdict === undefined) {
      verdict = !NOT_A_PERSON.test(agent);
      if (this.agentIsPerson.size >= AGENT_VERDICTS_MAX) this.agentIsPerson.clear();
      this.agentIsPerson.set(agent, verdict);
    }
    return verdict;
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

  /**
   * Writes what was counted until now; tests and the owner's statistics call it to see the
   * latest. A flush under way took only what was pending when it began, so one more follows it
   * (shared by every caller meanwhile).
   */
  flush(now = Date.now()): Promise<void> {
    if (this.flushing) {
      this.nextFlush ??= this.flushing.then(() => {
        this.nextFlush = undefined;
        return this.flush(now);
      });
      return this.nextFlush;
    }
    this.flushing = this.write(now).finally(() => {
      this.flushing = undefined;
      this.flushingVisitors = 0;
    });
    return this.flushing;
  }

  private async write(now: number): Promise<void> {
    const taken = this.pending;
    this.pending = new Map();
    this.flushingVisitors = this.pendingVisitors;
    this.pendingVisitors = 0;
    try {
      const salts = new Map<string, string>();
      const batches: VisitBatch[] = [];
      let hashed = 0;
      for (const entry of [...taken.values()].flatMap((pages) => [...pages.values()])) {
        let salt = salts.get(entry.day);
        if (!salt) {
          salt = await saltOf(this.db, entry.day, randomBytes(32).toString('base64url'));
          salts.set(entry.day, salt);
        }
        const visitors: string[] = [];
        for (const [address, agents] of entry.visitors) {
          for (const agent of agents) {
            visitors.push(hashVisitor(this.pepper, salt, entry, `${address}\u0000${agent}`));
            hashed += 1;
            if (hashed % HASHES_PER_TURN === 0) await yieldToOtherRequests();
          }
        }
        batches.push({
          username: entry.username,
          day: entry.day,
          views: entry.views,
          visitors,
          referrers: entry.referrers,
        });
      }
      if (batches.length > 0) await addVisits(this.db, batches, yieldToOtherRequests);
      const today = indiaDay(now);
      if (this.rolledUpBefore !== today) {
        await rollUpDaysBefore(this.db, today, yieldToOtherRequests);
        this.rolledUpBefore = today;
      }
    } catch (error) {
      // Visitor numbers are not worth a retry queue: the views of a few seconds are lost.
      this.log.warn({ err: error }, 'writing visitor counts failed');
    }
  }
}

/** The part of a browser's string kept until the flush: its first VISITOR_AGENT_KEPT characters. */
function keptAgent(agent: string): string {
  return agent.length <= VISITOR_AGENT_KEPT ? agent : ownCopy(agent.slice(0, VISITOR_AGENT_KEPT));
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
