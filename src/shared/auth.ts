/** The signed-in person as the builder sees them (GET /api/me). */
export interface CurrentUser {
  name: string;
  givenName: string;
  email: string;
  picture: string | null;
}

/** A published portfolio of the signed-in user. */
export interface PublishedPortfolio {
  templateId: string;
  username: string | null;
}

export interface MeResponse {
  user: CurrentUser | null;
  portfolios: PublishedPortfolio[];
}

/** How a sign-in attempt ended, as the popup reports it to the page that opened it. */
export const SIGN_IN_STATUSES = [
  'success',
  'access_denied',
  'provider_error',
  'invalid_state',
  'network',
  'cookies',
  'internal',
  'rate_limited',
  'email_unverified',
] as const;
export type SignInStatus = (typeof SIGN_IN_STATUSES)[number];

/** Opener-side outcomes that never reach the popup. */
export type SignInClientFailure = 'blocked' | 'closed' | 'superseded' | 'unsupported' | 'storage';

/** The only message the sign-in popup posts to its opener. */
export interface SignInMessage {
  type: 'portfolio-builder:sign-in';
  status: SignInStatus;
}

export const SIGN_IN_MESSAGE_TYPE = 'portfolio-builder:sign-in';

/**
 * The same message, also sent on this BroadcastChannel by a popup that has lost its opener (a
 * browser or provider cut it, or a phone opened the sign-in as a tab), so the builder's tabs
 * look again who is signed in.
 */
export const SIGN_IN_CHANNEL = 'portfolio-builder:sign-in';

/** Short, friendly texts for every way a sign-in can fail. */
export const SIGN_IN_MESSAGES: Record<
  Exclude<SignInStatus, 'success'> | SignInClientFailure,
  string
> = {
  access_denied: 'Sign-in was cancelled. You can try again whenever you are ready.',
  provider_error: 'The sign-in service reported a problem. Please try again in a moment.',
  invalid_state: 'That sign-in link had expired or was already used. Please sign in again.',
  network: 'We could not reach the sign-in service. Check your connection and try again.',
  cookies: 'Sign-in needs cookies. Please allow cookies for this site and try again.',
  internal: 'Something went wrong while signing you in. Please try again.',
  rate_limited:
    'There have been too many sign-in attempts from this network. Please wait a minute and try again.',
  email_unverified:
    "Your Google account's email address is not verified, so it cannot receive your receipts. Verify it with Google (or the service you signed in with), then sign in again.",
  blocked: 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  closed: 'The sign-in window was closed before you finished.',
  superseded: 'A newer sign-in window replaced the previous one.',
  unsupported:
    'Sign-in is not supported in this browser view. Please open the site in a regular browser window.',
  storage:
    'This browser is blocking site storage, which the builder needs to keep your work. Please allow it and try again.',
};

/** Where sign-in starts: the popup is sent here, and the server redirects it to the provider. */
export const SIGN_IN_PATH = '/auth/login';

/** The popup's size (spec: 500 by 600 pixels). */
export const SIGN_IN_POPUP = { width: 500, height: 600 } as const;
