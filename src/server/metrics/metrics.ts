/**
 * What an operator graphs and alerts on, in the Prometheus format (prom-client): requests by
 * route and status with their latency, public page views, the page cache, the mail outbox, each
 * periodic job's last success, the event loop (prom-client's default process metrics), the
 * database pool and the image queue. Values that live elsewhere are read when scraped.
 */
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { Db } from '../db/database.js';
import { pgPoolOf } from '../db/database.js';
import type { PeriodicJob } from '../jobs/periodic-job.js';
import { outboxBacklog } from '../mail/outbox.repository.js';
import type { PageCacheStats } from '../public-pages/page-cache.js';

export interface MetricSources {
  db: Db;
  pageCache: () => PageCacheStats | undefined;
  jobs: () => PeriodicJob<unknown>[];
  imagesQueued: () => number;
}

export class Metrics {
  readonly registry = new client.Registry();
  private readonly requests: client.Histogram<'method' | 'route' | 'status'>;
  private readonly pageViews: client.Counter;

  constructor(sources: MetricSources) {
    const registry = this.registry;
    client.collectDefaultMetrics({ register: registry });
    this.requests = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Requests answered through the framework, by route pattern, method and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    this.pageViews = new client.Counter({
      name: 'public_page_views_total',
      help: 'Public portfolio pages sent to people (most are answered ahead of the framework).',
      registers: [registry],
    });
    const cacheGauge = (name: string, help: string, read: (stats: PageCacheStats) => number) =>
      new client.Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const stats = sources.pageCache();
          if (stats) this.set(read(stats));
        },
      });
    cacheGauge('page_cache_hits_total', 'Page cache hits since start.', (s) => s.hits);
    cacheGauge('page_cache_misses_total', 'Page cache misses since start.', (s) => s.misses);
    cacheGauge('page_cache_evictions_total', 'Pages evicted since start.', (s) => s.evictions);
    cacheGauge('page_cache_bytes', 'Bytes of rendered pages held in memory.', (s) => s.bytes);
    cacheGauge('page_cache_entries', 'Pages held in memory.', (s) => s.entries);
    new client.Gauge({
      name: 'mail_outbox_waiting',
      help: 'Mails queued and not sent yet.',
      registers: [registry],
      async collect() {
        this.set((await outboxBacklog(sources.db)).waiting);
      },
    });
    new client.Gauge({
      name: 'mail_outbox_oldest_age_seconds',
      help: 'How long the oldest mail not sent yet has waited (0 when none waits).',
      registers: [registry],
      async collect() {
        const { oldestQueuedAt } = await outboxBacklog(sources.db);
        this.set(oldestQueuedAt ? (Date.now() - Date.parse(oldestQueuedAt)) / 1000 : 0);
      },
    });
    new client.Gauge({
      name: 'job_last_success_timestamp_seconds',
      help: 'When each periodic job last finished a pass without error (0: not yet).',
      labelNames: ['job'],
      registers: [registry],
      collect() {
        for (const job of sources.jobs()) {
          this.set({ job: job.name }, (job.lastSuccessAt?.getTime() ?? 0) / 1000);
        }
      },
    });
    new client.Gauge({
      name: 'db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL connection (always 0 on SQLite).',
      registers: [registry],
      collect() {
        this.set(pgPoolOf(sources.db)?.waitingCount ?? 0);
      },
    });
    new client.Gauge({
      name: 'image_queue_waiting',
      help: 'Uploaded images waiting for a process of the image pool.',
      registers: [registry],
      collect() {
        this.set(sources.imagesQueued());
      },
    });
  }

  /** Times every request the framework answers, by its route pattern (never the raw path). */
  observe(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      this.requests.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
  }

  countPageView(): void {
    this.pageViews.inc();
  }
}
