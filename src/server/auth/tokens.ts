import { createHash, randomBytes } from 'node:crypto';

/** A secret for a cookie: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: a leaked table hands out no live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
