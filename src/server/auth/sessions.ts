import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { servedOverHttps, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import { unauthorized } from '../http/errors.js';
import { deleteSession, findSessionUser, insertSession } from './sessions.repository.js';
import { hashToken, newToken } from './tokens.js';
import type { UserRow } from './users.repository.js';
import { OWN_PAGES_COOKIE, ownPagesCookieOptions } from '../visits/own-pages.js';

export const SESSION_COOKIE = 'pb_session';
export const SESSION_DAYS = 30;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, looked up once per request from the session cookie. */
    currentUser(): Promise<UserRow | undefined>;
    /** The signed-in user, or a 401 answer. */
    requireUser(): Promise<UserRow>;
  }
}

const cookieOptions = (config: Config) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: servedOverHttps(config.publicUrl),
});

/** Sessions live in the database, so any app process can serve any signed-in request. */
export function registerSessions(app: FastifyInstance, db: Db): void {
  const lookups = new WeakMap<FastifyRequest, Promise<UserRow | undefined>>();
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let lookup = lookups.get(this);
    if (!lookup) {
      const token = this.cookies[SESSION_COOKIE];
      lookup = token
        ? findSessionUser(db, hashToken(token), new Date())
        : Promise.resolve(undefined);
      lookups.set(this, lookup);
    }
    return lookup;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.currentUser();
    if (!user) throw unauthorized();
    return user;
  });
}

export async function startSession(
  db: Db,
  config: Config,
  reply: FastifyReply,
  userId: string,
  now = new Date(),
): Promise<void> {
  const token = newToken();
  const expires = new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await insertSession(db, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
  });
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(config), expires });
}

export async function endSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSession(db, hashToken(token));
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
  // The marker of the owner's own pages goes with the session (visits/own-pages.ts).
  reply.clearCookie(OWN_PAGES_COOKIE, ownPagesCookieOptions(cookieOptions(config).secure));
}
