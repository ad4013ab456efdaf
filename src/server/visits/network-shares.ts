import { createHmac, randomBytes } from 'node:crypto';
import { ipNetwork } from '../net/ip-network.js';
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

/** What one network added to one page today. */
interface Share {
  /**
   * Its visitors (address and browser) as fingerprints, so that a visitor counted before a flush
   * is known after it. Keyed with a secret of the process, so nobody can make two collide, and
   * 30 bits long, so each is a small integer that V8 keeps in the set without boxing it.
   */
  visitors: Set<number>;
  /** Referring sites it was the first to bring. */
  referrers: number;
}

/**
 * Each network's share of each page's visitors and referring sites today, in this process:
 * remembered in memory for the day only, never stored.
 */
export class NetworkShares {
  private day = '';
  /** By username, then network. */
  private pages = new Map<string, Map<string, Share>>();
  private networkCount = 0;
  private visitorCount = 0;
  private readonly fingerprintKey = randomBytes(32);

  /**
   * Whether this visitor (an address in one spelling, and the kept part of its browser's string)
   * may count on the page today; a yes records them in their network's share.
   */
  admitVisitor(day: string, username: string, address: string, agent: string): boolean {
    const print = this.fingerprint(address, agent);
    if (this.visitorCount >= MAX_VISITORS) this.forget();
    const share = this.shareOf(day, username, address);
    if (share.visitors.has(print)) return true;
    if (share.visitors.size >= MAX_VISITORS_PER_NETWORK) return false;
    share.visitors.add(print);
    this.visitorCount += 1;
    return true;
  }

  /** Whether the address may bring the page one more referring site today; a yes records it. */
  admitReferrer(day: string, username: string, address: string): boolean {
    const share = this.shareOf(day, username, address);
    if (share.referrers >= MAX_REFERRERS_PER_NETWORK) return false;
    share.referrers += 1;
    return true;
  }

  private shareOf(day: string, username: string, address: string): Share {
    if (day !== this.day) {
      this.forget();
      this.day = day;
    }
    const network = ipNetwork(address, 48);
    let share = this.pages.get(username)?.get(network);
    if (share) return share;
    if (this.networkCount >= MAX_NETWORKS) this.forget();
    let networks = this.pages.get(username);
    // Kept all day: keys of their own, not views into a request's path or header (ownCopy).
    if (!networks) this.pages.set(ownCopy(username), (networks = new Map()));
    share = { visitors: new Set(), referrers: 0 };
    networks.set(ownCopy(network), share);
    this.networkCount += 1;
    return share;
  }

  private forget(): void {
    this.pages = new Map();
    this.networkCount = 0;
    this.visitorCount = 0;
  }

  private fingerprint(address: string, agent: string): number {
    const digest = createHmac('sha256', this.fingerprintKey)
      .update(`${address}\u0000${agent}`)
      .digest();
    return digest.readUInt32BE(0) >>> 2;
  }
}
