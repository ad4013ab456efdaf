import { createHmac, randomBytes } from 'node:crypto';
import { ownCopy } from '../own-string.js';

/**
 * What one network (an IPv4 address; an IPv6 /48, the most one customer is given) may add to one
 * page in a day: without this, one address sending made-up browsers or referrers would fill the
 * page's day (VisitCounter's per-page caps) and leave its real visitors uncounted. Generous for
 * the people behind one office or carrier address who look at the same portfolio on one day.
 */
const MAX_VISITORS_PER_NETWORK = 200;
const MAX_REFERRERS_PER_NETWORK = 10;
/**
 * Networks and their visitors remembered for the day, over all pages: past either bound they are
 * all forgotten together, so memory stays bounded (about 30 MB at most) whatever the traffic.
 */
const MAX_NETWORKS = 50_000;
const MAX_VISITORS = 500_000;

/** No visitor yet: fingerprints are never negative. */
const NONE = -1;

/** What one network added to one page today. */
interface Share {
  network: string;
  /**
   * Its visitors (address and browser) as fingerprints, so that a visitor counted before a flush
   * is known after it: one alone as a number (most networks bring a page one visitor a day),
   * more in a set. Keyed with a secret of the process, so nobody can aim two at one, and 48 bits
   * long, so that chance does not: a full share takes a new visitor whose fingerprint matches one
   * of its own for a visitor already counted, and at 30 bits one flood of 50,000 browsers got past
   * a share of 200 about once in a hundred (at 48, about once in 28 million).
   */
  visitors: number | Set<number>;
  /** Referring sites it was the first to bring. */
  referrers: number;
}

/**
 * Each network's share of each page's visitors and referring sites today, in this process:
 * remembered in memory for the day only, never stored.
 */
export class NetworkShares {
  /**
   * By page (the caller's object for a page's day), one share alone (the common case, without a
   * map per page) or more by network. Replaced whole to forget them all.
   */
  private shares = new Map<object, Share | Map<string, Share>>();
  private networkCount = 0;
  private visitorCount = 0;
  private readonly fingerprintKey = randomBytes(32);

  /** A visitor (an address in one spelling, and the kept part of its browser's string). */
  fingerprint(address: string, agent: string): number {
    const digest = createHmac('sha256', this.fingerprintKey)
      .update(`${address}\u0000${agent}`)
      .digest();
    return digest.readUIntBE(0, 6);
  }

  /**
   * Whether the visitor with fingerprint `print`, of `network`, may count on the page today; a
   * yes records them in their network's share.
   */
  admitVisitor(page: object, network: string, print: number): boolean {
    if (this.visitorCount >= MAX_VISITORS) this.forget();
    const share = this.shareOf(page, network);
    const visitors = share.visitors;
    if (typeof visitors === 'number') {
      if (visitors === print) return true;
      share.visitors = visitors === NONE ? print : new Set([visitors, print]);
    } else {
      if (visitors.has(print)) return true;
      if (visitors.size >= MAX_VISITORS_PER_NETWORK) return false;
      visitors.add(print);
    }
    this.visitorCount += 1;
    return true;
  }

  /** Whether `network` may bring the page one more referring site today; a yes records it. */
  admitReferrer(page: object, network: string): boolean {
    const share = this.shareOf(page, network);
    if (share.referrers >= MAX_REFERRERS_PER_NETWORK) return false;
    share.referrers += 1;
    return true;
  }

  /** Forgets every share: a new day has begun, or the bounds were reached. */
  forget(): void {
    this.shares = new Map();
    this.networkCount = 0;
    this.visitorCount = 0;
  }

  private shareOf(page: object, network: string): Share {
    const held = this.shares.get(page);
    const found =
      held instanceof Map ? held.get(network) : held?.network === network ? held : undefined;
    if (found) return found;
    if (this.networkCount >= MAX_NETWORKS) {
      this.forget();
      return this.shareOf(page, network);
    }
    // Kept all day: a key of its own, not a view into a request's header (ownCopy).
    const share: Share = { network: ownCopy(network), visitors: NONE, referrers: 0 };
    if (held === undefined) this.shares.set(page, share);
    else if (held instanceof Map) held.set(share.network, share);
    else this.shares.set(page, new Map([held, share].map((each) => [each.network, each])));
    this.networkCount += 1;
    return share;
  }
}
