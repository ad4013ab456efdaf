import { MINUTE_MS } from '../../shared/domain/time.js';

export interface JobSchedule {
  /** The job's name in logs and metrics (`job_last_success_timestamp_seconds{job=…}`). */
  name: string;
  /** Time between passes; where `setting` names a variable, its default (the config's too). */
  everyMs: number;
  /** The environment variable that changes `everyMs`, where there is one. */
  setting?: string;
  /**
   * When the first pass runs after start: `now`; `soon`, within half a minute, so that a process
   * restarted more often than the interval still runs it; by default one interval later.
   */
  firstPass?: 'now' | 'soon';
  /** What keeps two processes (every process runs every job) from doing one piece of work twice. */
  lock: string;
}

/**
 * Every periodic job the app runs, in one table. Each job's pass lives in its slice and takes its
 * line from here; server/periodic-jobs.ts builds them all, main.ts starts them after listening
 * and closing the app stops them. There is no separate cron: every process runs every job.
 */
export const JOB_SCHEDULES = {
  mailOutbox: {
    name: 'mail_outbox',
    everyMs: 2000,
    lock: 'each email is claimed in the outbox for 60 s before it is sent (claimEmail)',
  },
  paymentReconciliation: {
    name: 'payment_reconciliation',
    everyMs: MINUTE_MS,
    firstPass: 'soon',
    lock: 'compare-and-set on orders.checked_at and extra_payments: one caller per item and turn',
  },
  termSchedule: {
    name: 'term_schedule',
    everyMs: 5 * MINUTE_MS,
    setting: 'TERM_SCHEDULE_SECONDS',
    firstPass: 'soon',
    lock: 'a reminder row is claimed once (unique key); releasing a name twice is harmless',
  },
  domainChecks: {
    name: 'domain_checks',
    everyMs: MINUTE_MS,
    setting: 'DOMAIN_CHECK_SECONDS',
    lock: 'a due domain is claimed by moving its checked_at first (claimForCheck)',
  },
  uploadSweep: {
    name: 'upload_sweep',
    everyMs: 60 * MINUTE_MS,
    lock: 'each unreferenced upload row is deleted by one process, and only while still unreferenced',
  },
  expiredSignIns: {
    name: 'expired_sign_ins',
    everyMs: 10 * MINUTE_MS,
    firstPass: 'soon',
    lock: 'none needed: deleting an expired row twice is harmless',
  },
  contactSenderKeys: {
    name: 'contact_sender_keys',
    everyMs: 60 * MINUTE_MS,
    firstPass: 'now',
    lock: 'none needed: clearing a sender key twice is harmless',
  },
  previewLinkPurge: {
    name: 'preview_link_purge',
    everyMs: 60 * MINUTE_MS,
    firstPass: 'soon',
    lock: 'none needed: ending a run-out link or deleting an ended one twice is harmless',
  },
} as const satisfies Record<string, JobSchedule>;
