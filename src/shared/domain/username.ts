import { trimTrailingSlashes } from './urls.js';

/** Usernames: 3-30 of a-z, 0-9 and '-', not starting or ending with '-'; lowercased as typed. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

export function normaliseUsername(value: string): string {
  return value.trim().toLowerCase();
}

/** Why a (normalised) username is not acceptable, or undefined when it is. */
export function usernameProblem(username: string): string | undefined {
  if (username === '') return 'Please provide a username';
  if (username.length < USERNAME_MIN)
    return `A username needs at least ${USERNAME_MIN} characters.`;
  if (username.length > USERNAME_MAX)
    return `A username can have at most ${USERNAME_MAX} characters.`;
  if (!/^[a-z0-9-]+$/.test(username)) return 'Use only letters a-z, digits 0-9 and hyphens (-).';
  if (username.startsWith('-') || username.endsWith('-')) {
    return 'A username cannot start or end with a hyphen.';
  }
  return undefined;
}

/**
 * Names a visitor could take for the service itself (support, billing, its sign-in and account
 * pages) or for its own addresses: never given to anyone, so that no portfolio can pose as us.
 */
const RESERVED_USERNAMES = new Set([
  'about',
  'abuse',
  'account',
  'accounts',
  'admin',
  'administrator',
  'api',
  'auth',
  'billing',
  'contact',
  'dashboard',
  'help',
  'helpdesk',
  'hostmaster',
  'info',
  'legal',
  'login',
  'logout',
  'mail',
  'moderator',
  'no-reply',
  'noreply',
  'official',
  'payment',
  'payments',
  'postmaster',
  'privacy',
  'refund',
  'refunds',
  'root',
  'security',
  'settings',
  'sign-in',
  'signin',
  'signup',
  'staff',
  'status',
  'support',
  'system',
  'team',
  'terms',
  'user',
  'users',
  'webmaster',
  'www',
]);

/** A new claim's problem: a valid username that is also not kept for the service. */
export function claimableUsernameProblem(username: string): string | undefined {
  const problem = usernameProblem(username);
  if (problem) return problem;
  if (RESERVED_USERNAMES.has(username)) {
    return 'This username is kept for the service itself. Please choose another.';
  }
  return undefined;
}

/** Where a published portfolio lives. */
export function portfolioUrl(publicUrl: string, username: string): string {
  return `${trimTrailingSlashes(publicUrl)}/users/${encodeURIComponent(username)}`;
}
