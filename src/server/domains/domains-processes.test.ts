import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/database.js';
import { TestDnsServer } from '../../../test/dns-server.js';
import { requestWithHost } from '../../../test/host-request.js';
import { uniqueName } from '../../../test/orders.js';
import { publishDirectly } from '../../../test/publish-directly.js';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.js';
import type { CustomDomainsConfig } from '../config.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { DnsChecker } from './dns-check.js';
import { findDomainOf } from './domains.repository.js';
import { addDomain, checkDomain, removeDomain, type DomainsContext } from './domains.service.js';

const TARGET = 'domains.processes-test.example';

/**
 * The built server twice on one database, as behind a load balancer: a domain verified, then
 * removed, through the service (what the routes call) is served, then refused, by both
 * processes within their change check, with their fast paths warm.
 */
describe.each(TEST_DIALECTS)('custom domains across two server processes on %s', (dialect) => {
  let database: TestDatabase;
  let dns: TestDnsServer;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dns = new TestDnsServer();
    await dns.start();
  });
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await database.destroy();
    await dns.stop();
  });

  /**
   * Waits until every process answers `status` for the host. Each sees a change at its next change
   * check (every 100 ms), and nothing else re-reads the domains: 5 s is 50 checks, which only a
   * process that never noticed would miss, with room for a loaded two-core machine.
   */
  async function allAnswer(host: string, status: number): Promise<void> {
    const started = Date.now();
    for (;;) {
      const answers = await Promise.all(processes.map((p) => requestWithHost(p.url, host, '/')));
      if (answers.every((answer) => answer.status === status)) return;
      if (Date.now() - started > 5000) {
        throw new Error(`not all ${status}: ${answers.map((a) => a.status).join(', ')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('serves a verified domain from every process and stops at once when it is removed', async () => {
    const username = uniqueName('proc');
    const hostname = `www.${username}.example`;
    const { userId } = await publishDirectly(database.db, {
      username,
      templateId: 'template2',
      data: SAMPLE_DATA.template2,
    });
    const config: CustomDomainsConfig = {
      target: TARGET,
      addresses: [],
      dnsServers: [dns.address],
      checkEveryMs: 60_000,
    };
    const ctx: DomainsContext = {
      db: database.db,
      config,
      dns: new DnsChecker(config),
      publicUrl: () => 'http://127.0.0.1:1',
      now: () => new Date(),
    };
    const view = await addDomain(ctx, userId, username, hostname);

    const env = { CUSTOM_DOMAIN_TARGET: TARGET, DNS_SERVERS: dns.address };
    processes.push(
      ...(await Promise.all(
        [0, 1].map(() =>
          startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, env }),
        ),
      )),
    );
    await allAnswer(hostname, 404);

    for (const record of view.records)
      dns.set(record.name, [{ type: record.type, value: record.value }]);
    const verified = await checkDomain(ctx, (await findDomainOf(database.db, userId, hostname))!);
    expect(verified.state).toBe('verified');
    await allAnswer(hostname, 200);
    // Warm: the next views come from each process's memory.
    for (const p of processes) {
      const page = await requestWithHost(p.url, hostname, '/');
      expect(page.body).toContain(`<link rel="canonical" href="https://${hostname}/">`);
    }

    await removeDomain(ctx, userId, hostname);
    await allAnswer(hostname, 404);
  });
});
