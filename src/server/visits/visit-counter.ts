/**
 * Counts views of public pages without slowing them and without tracking anyone: a view adds
 * to numbers in memory (no cookie is set, nothing is read, no timer started), and every few
 * seconds a flush writes them, a few hundred rows at a time. A visitor is their address and
 * browser, kept in memory until the flush and stored only as a hash keyed with a secret kept
 * outside the database and salted with a random salt of the day, which is deleted when the day
 * is over; then only the day's numbers remain. So that one network cannot fill a page's numbers, each
 * network's visitors are also remembered in this process for the day, as fingerprints keyed with
 * a secret of the process (network-shares.ts), never stored.
 */
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { indiaDay, indiaDayStart } from '../../shared/visits.js';
import type { Db } from '../db/database.js';
import { canonicalIp, ipNetwork } from '../net/ip-network.js';
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
/**
 * Pages given a hasher of their visitors (HashedVisitors) in one turn of the event loop, as a
 * write begins.
 */
const ENTRIES_PER_TURN = 10_000;

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

/** A visitor seen since the last flush: the key of their visits until it has written them. */
interface Visitor {
  /** Their address in one spelling (canonicalIp). */
  address: string;
  /** The part of their browser's string kept (keptAgent). */
  agent: string;
  /** What their address shares its page quotas with (network-shares.ts). */
  network: string;
  fingerprint: number;
}

/**
 * What one page gathered in one flush's interval: what that flush writes for it (or, taken
 * earlier for its owner, flushPage). It is itself the VisitBatch a write hands the store, so
 * that a flush makes no second object per page: at 16,000 views a second a flush takes 160,000
 * pages, and what it makes for them lives as long as it writes, past the collector's young
 * generation.
 */
interface Unwritten extends VisitBatch {
  /** Who viewed it, until the write hashes them (`visitors`) and lets them go. */
  seen: Visitor | Set<Visitor> | undefined;
  referrers: Map<string, number> | undefined;
}

/**
 * One page's day in this process: what bounds it for the rest of the day, and what it gathered
 * since the last flush. One object per page viewed (a busy day views tens of thousands), so
 * what most pages never need (more than one visitor, referrers) is made only when needed.
 */
interface PageDay {
  username: string;
  day: string;
  /** Visitors sent (or about to be sent) to the store today. */
  visitorsToday: number;
  /** The referring sites it knows today. */
  referrersToday: Set<string> | undefined;
  /** What it gathered in the interval `interval`: current only if that is the counter's. */
  unwritten: Unwritten | undefined;
  interval: number;
  /** The interval before that in which it was viewed: a flush under way may be writing it. */
  intervalBefore: number;
}

export class VisitCounter {
  /**
   * Pages' days by day, then username. The newest day, and until the next flush any other day
   * a view was dated (a view just before midnight counted just after it), so that one flush
   * has one entry per page and day.
   */
  private days = new Map<string, Map<string, PageDay>>();
  private newestDay = '';
  /**
   * What pages gathered since the last flush, in the order first viewed; a flush takes the
   * list whole and starts a new interval, without visiting each page.
   */
  private unwritten: Unwritten[] = [];
  /** Counts the intervals between flushes. */
  private interval = 0;
  /** The interval whose views the flush under way is writing. */
  private flushingInterval = -1;
  /** Writes of one page's latest views for its owner (flushPage), by username. */
  private readonly pageWrites = new Map<string, Promise<void>>();
  /**
   * Visitors counted since the last flush, each fingerprinted once: by address, then (for an
   * address with more than one browser) by browser. No key is built per view: a view of a busy
   * page costs a look-up and a comparison. As many as the pending visitors at most.
   */
  private visitors = new Map<string, Visitor | Map<string, Visitor>>();
  private pendingVisitors = 0;
  /** Visitors taken by the flush under way: held until it has written them. */
  private flushingVisitors = 0;
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
    await Promise.all([this.flush(), ...this.pageWrites.values()]);
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
    const page = this.pageDayOf(this.dayAt(now), username);
    const entry = this.unwrittenOf(page);
    entry.views += 1;
    const address = this.oneSpelling(this.addressOf(request));
    if (
      this.pendingVisitors + this.flushingVisitors < MAX_PENDING_VISITORS &&
      page.visitorsToday < MAX_VISITORS_PER_PAGE_DAY
    ) {
      this.addVisitor(page, entry, address, agent);
    }
    const referer = headers.referer;
    const host = referer ? referrerHost(referer, this.ownHost()) : undefined;
    if (host) {
      const known = (page.referrersToday ??= new Set());
      if (
        known.has(host) ||
        (known.size < MAX_REFERRERS_PER_PAGE_DAY &&
          this.networkShares.admitReferrer(page, ipNetwork(address, 48)))
      ) {
        known.add(host);
        const referrers = (entry.referrers ??= new Map());
        referrers.set(host, (referrers.get(host) ?? 0) + 1);
      }
    }
  }

  /** What the page gathered since the last flush: begun on its first view since then. */
  private unwrittenOf(page: PageDay): Unwritten {
    if (page.interval === this.interval && page.unwritten) return page.unwritten;
    const entry: Unwritten = {
      username: page.username,
      day: page.day,
      views: 0,
      seen: undefined,
      visitors: undefined,
      referrers: undefined,
    };
    this.unwritten.push(entry);
    page.unwritten = entry;
    page.intervalBefore = page.interval;
    page.interval = this.interval;
    return entry;
  }

  /**
   * Adds the visitor to the page's since the last flush, if their network's share allows. A
   * visitor is made (and fingerprinted) once between two flushes, and kept only once admitted
   * somewhere: those refused cost their own requests a keyed hash, and nobody else anything.
   */
  private addVisitor(page: PageDay, entry: Unwritten, address: string, agent: string): void {
    const kept = keptAgent(agent);
    const atAddress = this.visitors.get(address);
    const known =
      atAddress instanceof Map
        ? atAddress.get(kept)
        : atAddress?.agent === kept
          ? atAddress
          : undefined;
    const counted = entry.seen;
    // A browser already counted since the last flush costs no more than these look-ups.
    if (known && (counted === known || (counted instanceof Set && counted.has(known)))) return;
    const visitor = known ?? this.newVisitor(address, kept);
    if (!this.networkShares.admitVisitor(page, visitor.network, visitor.fingerprint)) return;
    if (!known) {
      if (atAddress === undefined) this.visitors.set(visitor.address, visitor);
      else if (atAddress instanceof Map) atAddress.set(kept, visitor);
      else {
        const both = new Map([atAddress, visitor].map((each) => [each.agent, each]));
        this.visitors.set(visitor.address, both);
      }
    }
    if (counted === undefined) entry.seen = visitor;
    else if (counted instanceof Set) counted.add(visitor);
    else entry.seen = new Set([counted, visitor]);
    this.pendingVisitors += 1;
    page.visitorsToday += 1;
  }

  private newVisitor(address: string, kept: string): Visitor {
    const ownAddress = ownCopy(address);
    return {
      address: ownAddress,
      agent: kept,
      network: ipNetwork(ownAddress, 48),
      fingerprint: this.networkShares.fingerprint(ownAddress, kept),
    };
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

  private pageDayOf(day: string, username: string): PageDay {
    let pages = this.days.get(day);
    if (!pages) {
      this.days.set(day, (pages = new Map()));
      if (day > this.newestDay) {
        this.newestDay = day;
        this.networkShares.forget();
      }
    }
    let page = pages.get(username);
    if (!page) {
      // The username may be cut from the request's path (see ownCopy).
      const key = ownCopy(username);
      page = {
        username: key,
        day,
        visitorsToday: 0,
        referrersToday: undefined,
        unwritten: undefined,
        interval: -1,
        intervalBefore: -1,
      };
      pages.set(key, page);
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
   * Writes what was counted until now (every few seconds, at shutdown, and in tests to see the
   * latest). A flush under way took only what was pending when it began, so one more follows it
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
    // Taken whole: the views counted while the flush writes wait for the next.
    const taken = this.unwritten;
    this.unwritten = [];
    this.flushingInterval = this.interval;
    this.interval += 1;
    this.visitors = new Map();
    this.flushingVisitors = this.pendingVisitors;
    this.pendingVisitors = 0;
    // Another day than the newest was kept only until this flush (see `days`).
    for (const day of this.days.keys()) if (day !== this.newestDay) this.days.delete(day);
    this.flushing = this.write(taken, now).finally(() => {
      this.flushing = undefined;
      this.flushingInterval = -1;
      this.flushingVisitors = 0;
    });
    return this.flushing;
  }

  /**
   * Writes what one page gathered, for its owner to see at once: at scale a whole flush writes
   * for seconds, and the owner waits on it only if it holds some of this page's views.
   */
  async flushPage(username: string): Promise<void> {
    const taken: Unwritten[] = [];
    let inFlight: Promise<void> | undefined;
    for (const pages of this.days.values()) {
      const page = pages.get(username);
      if (!page) continue;
      const entry = page.unwritten;
      if (entry && page.interval === this.interval && entry.views > 0) {
        taken.push({ ...entry });
        const seen = entry.seen;
        this.pendingVisitors -= seen instanceof Set ? seen.size : seen ? 1 : 0;
        // Left in the list, empty, to gather the page's next views: that flush writes them.
        Object.assign(entry, { views: 0, seen: undefined, referrers: undefined });
      }
      const held = [page.interval, page.intervalBefore].includes(this.flushingInterval);
      if (held && this.flushing) inFlight = this.flushing;
    }
    // An earlier call's write for this page may still be under way: wait for it as well.
    const earlier = this.pageWrites.get(username);
    const writing = taken.length > 0 ? this.write(taken) : undefined;
    const done = Promise.all([writing, inFlight, earlier]).then(() => undefined);
    this.pageWrites.set(username, done);
    try {
      await done;
    } finally {
      if (this.pageWrites.get(username) === done) this.pageWrites.delete(username);
    }
  }

  /** Writes what was taken; a whole flush (`now` given) also rolls finished days up. */
  private async write(taken: Unwritten[], now?: number): Promise<void> {
    try {
      const salts = new Map<string, string>();
      // Visitors are hashed as their rows are made, a chunk at a time (HashedVisitors): hashed
      // all at once, a flush's tens of thousands of hashes and their lists outlived several of
      // the collector's young-generation sweeps, and copying them held the event loop each time.
      // Each page that has visitors gets its hasher, a slice of pages at a time: a flush's
      // objects made for all its 160,000 pages at once held the event loop long enough to
      // delay other requests (bench/RESULTS.md, Public pages at scale: 100,000 portfolios).
      for (const [index, entry] of taken.entries()) {
        if (index > 0 && index % ENTRIES_PER_TURN === 0) await yieldToOtherRequests();
        if (!entry.seen) continue;
        let salt = salts.get(entry.day);
        if (salt === undefined) {
          salt = await saltOf(this.db, entry.day, randomBytes(32).toString('base64url'));
          salts.set(entry.day, salt);
        }
        entry.visitors = new HashedVisitors(this.pepper, salt, entry);
      }
      if (taken.length > 0) await addVisits(this.db, taken, yieldToOtherRequests);
      const today = now === undefined ? undefined : indiaDay(now);
      if (today !== undefined && this.rolledUpBefore !== today) {
        await rollUpDaysBefore(this.db, today, yieldToOtherRequests);
        this.rolledUpBefore = today;
      }
    } catch (error) {
      // Visitor numbers are not worth a retry queue: the views of a few seconds are lost.
      this.log.warn({ err: error }, 'writing visitor counts failed');
    } finally {
      // A page's day may point at its entry until its next view: no address or browser stays
      // in memory past the flush, written or not.
      for (const entry of taken) {
        entry.seen = undefined;
        entry.visitors = undefined;
      }
    }
  }
}

/** An entry's visitors as stored, each hashed when it is read: one small object per page until then. */
class HashedVisitors implements Iterable<string> {
  constructor(
    private readonly pepper: string,
    private readonly salt: string,
    private readonly entry: Unwritten,
  ) {}

  *[Symbol.iterator](): Iterator<string> {
    for (const visitor of visitorsIn(this.entry)) {
      yield hashVisitor(this.pepper, this.salt, this.entry.username, visitor);
    }
  }
}

function visitorsIn(entry: Unwritten): Iterable<Visitor> {
  const seen = entry.seen;
  return seen instanceof Set ? seen : seen ? [seen] : [];
}

/** The part of a browser's string kept until the flush: its first VISITOR_AGENT_KEPT characters. */
function keptAgent(agent: string): string {
  return agent.length <= VISITOR_AGENT_KEPT ? agent : ownCopy(agent.slice(0, VISITOR_AGENT_KEPT));
}

function hashVisitor(pepper: string, salt: string, username: string, visitor: Visitor): string {
  return createHmac('sha256', pepper)
    .update(`${salt}\u0000${username}\u0000${visitor.address}\u0000${visitor.agent}`)
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
