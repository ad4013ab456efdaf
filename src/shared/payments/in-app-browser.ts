/**
 * The marks in the user agent of in-app browsers and browsers that Razorpay documents as unable
 * to run its checkout frame: Instagram, Facebook and its Messenger, UC Browser, Opera (and Opera
 * Mini). There the checkout uses its redirect flow (callback_url) instead.
 */
const IN_APP_MARKS = [
  'Instagram',
  'FBAN/',
  'FBAV/',
  'FB_IAB/',
  'FBIOS',
  'Messenger',
  'UCBrowser/',
  'UCWEB',
  'OPR/',
  'OPiOS/',
  'Opera',
] as const;

/** Longer user agents are not real ones; they are not searched at all. */
const MAX_USER_AGENT = 1024;

/** Whether this user agent needs the checkout's redirect flow. Plain substring checks: linear time. */
export function needsRedirectCheckout(userAgent: string): boolean {
  if (userAgent.length > MAX_USER_AGENT) return false;
  return IN_APP_MARKS.some((mark) => userAgent.includes(mark));
}
