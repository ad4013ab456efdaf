import type { Db } from '../db/database.js';
import { domainsSignature, listServingDomains } from './domains.repository.js';

/**
 * Every served domain of every portfolio, in each process's memory, so that a request's Host is
 * mapped to a portfolio (or to a neutral 404) without a database read. Re-read whole when the
 * stored pages' change check sees the page generation move and the domains' signature (row count
 * and latest change) differs: a domain added, verified, changed, removed, or gone with its
 * account is seen by every process within that check's tenth of a second.
 */
export class DomainDirectory {
  private byHost = new Map<string, string>();
  /** The canonical domain of each portfolio that is served over HTTPS: /users/{name} redirects there. */
  private httpsByUsername = new Map<string, string>();
  private signature?: string;

  constructor(private readonly db: Db) {}

  /** The username served at `hostname`, if it is a served domain. */
  usernameAt(hostname: string): string | undefined {
    return this.byHost.get(hostname);
  }

  httpsHostOf(username: string): string | undefined {
    return this.httpsByUsername.get(username);
  }

  /** Whether any portfolio redirects to a domain of its own (most installs: none). */
  redirectsAny(): boolean {
    return this.httpsByUsername.size > 0;
  }

  async refresh(): Promise<void> {
    const signature = await domainsSignature(this.db);
    if (signature === this.signature) return;
    const rows = await listServingDomains(this.db);
    const byHost = new Map<string, string>();
    const canonical = new Map<string, { hostname: string; https: boolean }>();
    for (const row of rows) {
      byHost.set(row.hostname, row.username);
      if (!canonical.has(row.username)) {
        canonical.set(row.username, { hostname: row.hostname, https: row.state === 'https' });
      }
    }
    const httpsByUsername = new Map<string, string>();
    for (const [username, host] of canonical) {
      if (host.https) httpsByUsername.set(username, host.hostname);
    }
    this.byHost = byHost;
    this.httpsByUsername = httpsByUsername;
    this.signature = signature;
  }
}
