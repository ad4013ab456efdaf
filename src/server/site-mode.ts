import type { FastifyInstance } from 'fastify';
import { SITE_MODE_PATH, type SiteMode } from '../shared/site-mode.js';
import type { Config } from './config.js';

export function siteMode(config: Config): SiteMode {
  return {
    payments: config.payments.kind === 'razorpay' ? 'razorpay' : 'test',
    signIn: config.signIn.kind === 'oidc' ? 'oidc' : 'development',
  };
}

/**
 * What runs in test mode and why, one line each, for the log at start: a deployment that
 * forgot its keys must say so where the operator looks.
 */
export function testModeNotes(config: Config): string[] {
  const notes: string[] = [];
  if (config.payments.kind === 'test') {
    notes.push(
      `payments: built-in test gateway, no real payments (RAZORPAY_KEY_ID not set${config.env === 'production' ? '; ALLOW_TEST_PAYMENTS=true' : ''})`,
    );
  }
  if (config.signIn.kind === 'development') {
    notes.push(
      `sign-in: development provider, anyone signs in with any email (no GOOGLE_CLIENT_ID or OIDC_ISSUER${config.env === 'production' ? '; ALLOW_DEV_SIGNIN=true' : ''})`,
    );
  }
  if (!config.smtpUrl) {
    notes.push(
      `mail: written to the log, not sent (SMTP_URL not set${config.env === 'production' ? '; MAIL_TRANSPORT=log' : ''})`,
    );
  }
  return notes;
}

/** The builder shows a test-mode notice from this answer. */
export function registerSiteModeRoutes(app: FastifyInstance, config: Config): void {
  const mode = siteMode(config);
  app.get(SITE_MODE_PATH, async (_request, reply): Promise<SiteMode> => {
    reply.header('cache-control', 'no-cache');
    return mode;
  });
}
