/** Which parts of the site run on their built-in test stand-ins (GET /api/site-mode). */
export interface SiteMode {
  /** 'test': the built-in test gateway takes payments; no money moves. */
  payments: 'razorpay' | 'test';
  /** 'development': anyone signs in by typing a name and an email. */
  signIn: 'oidc' | 'development';
}

export const SITE_MODE_PATH = '/api/site-mode';

/**
 * The builder's HTML carries the payments mode in this meta tag, so the test-mode notice is in the
 * first render and nothing below it moves when it appears.
 */
export const PAYMENTS_MODE_META = 'payments-mode';
