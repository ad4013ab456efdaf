import type { FastifyBaseLogger } from 'fastify';
import { ExpiredSignInPurge } from './auth/expired-sign-ins.js';
import { SenderKeyPurge } from './contact/sender-keys.js';
import type { Db } from './db/database.js';
import type { DomainsContext } from './domains/domains.service.js';
import { DomainChecks } from './domains/domains.worker.js';
import type { PeriodicJob } from './jobs/periodic-job.js';
import type { Mailer } from './mail/mailer.js';
import { OutboxWorker } from './mail/outbox.worker.js';
import type { OrdersContext } from './orders/orders.types.js';
import { PaymentReconciliation } from './orders/reconciliation.worker.js';
import { PreviewLinkPurge } from './preview-links/expired-links.js';
import { TermSchedule } from './term/term.worker.js';
import type { MediaStorage } from './uploads/storage.js';
import { UploadSweeper } from './uploads/sweeper.js';

export interface PeriodicJobsDeps {
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  mediaStorage: MediaStorage;
  orders: OrdersContext;
  domains: DomainsContext;
  publicUrl: () => string;
  termScheduleMs?: number;
}

/**
 * The app's periodic jobs (jobs/schedules.ts names each, its interval and its lock), built from
 * the app's parts. Tests reach one by name and drive it with runOnce().
 */
export class PeriodicJobs {
  /** Sends queued mail. */
  readonly outbox: OutboxWorker;
  /** Settles, captures and refunds what the fast paths of payment left. */
  readonly paymentReconciliation: PaymentReconciliation;
  /** Term reminders and username releases. */
  readonly termSchedule: TermSchedule;
  /** Re-checks custom domains' DNS (started only when custom domains are on). */
  readonly domainChecks: DomainChecks;
  /** Deletes uploads nobody references. */
  readonly uploadSweeper: UploadSweeper;
  /** Deletes expired sessions and unfinished sign-ins. */
  readonly expiredSignIns: ExpiredSignInPurge;
  /** Clears yesterday's contact-form sender keys. */
  readonly senderKeys: SenderKeyPurge;
  /** Ends preview links that ran out and forgets those ended 30 days ago. */
  readonly previewLinks: PreviewLinkPurge;

  constructor(deps: PeriodicJobsDeps) {
    const { db, log } = deps;
    this.outbox = new OutboxWorker(db, deps.mailer, log);
    this.paymentReconciliation = new PaymentReconciliation(deps.orders, log);
    this.termSchedule = new TermSchedule(db, deps.publicUrl, log, {
      intervalMs: deps.termScheduleMs,
    });
    this.domainChecks = new DomainChecks(deps.domains, log);
    this.uploadSweeper = new UploadSweeper(db, deps.mediaStorage, log);
    this.expiredSignIns = new ExpiredSignInPurge(db, log);
    this.senderKeys = new SenderKeyPurge(db, log);
    this.previewLinks = new PreviewLinkPurge(db, log);
  }

  /** Every job, for starting, stopping and the metrics' last-success series. */
  all(): PeriodicJob<unknown>[] {
    return [
      this.outbox,
      this.paymentReconciliation,
      this.termSchedule,
      this.domainChecks,
      this.uploadSweeper,
      this.expiredSignIns,
      this.senderKeys,
      this.previewLinks,
    ];
  }

  /** main.ts calls this once the server listens. */
  start(): void {
    for (const job of this.all()) job.start();
  }

  /** Waits for each pass under way; closing the app calls it. */
  async stop(): Promise<void> {
    await Promise.all(this.all().map((job) => job.stop()));
  }
}
