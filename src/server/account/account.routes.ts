import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  AccountResponse,
  DeleteAccountRequest,
  PublicationResponse,
} from '../../shared/account.js';
import { normaliseUsername } from '../../shared/domain/username.js';
import { endSession } from '../auth/sessions.js';
import { badRequest, HttpError, notFound, refusalsAsHttp } from '../http/errors.js';
import { usernameParam } from '../http/route-rules.js';
import {
  accountOf,
  deleteAccount,
  deletePortfolio,
  exportOf,
  setPublication,
  type AccountContext,
} from './account.service.js';
import { portfolioQrCode, type QrFormat } from './qr-code.service.js';
import { exportSite } from './site-export.service.js';
import { AccountError } from './errors.js';
import { eraseVisitsOf } from '../visits/visits.service.js';

const usernameParams = { params: z.object({ username: usernameParam }) };

/**
 * After names are released: this process stops serving their pages, then the views it counted
 * of them until now are written and erased, so no later flush brings a released name back into
 * the visit tables. (Another process's views of the last second are not reached from here.)
 */
function eraseVisitsAfterRelease(app: FastifyInstance, db: AccountContext['db']) {
  return async (usernames: string[]) => {
    await app.storedPages.checkForChanges();
    await eraseVisitsOf({ db, visits: app.visits }, usernames);
  };
}
/** Longer than any email address the sign-in accepts, short enough to compare cheaply. */
const CONFIRMATION_MAX = 320;

function readConfirmation(body: unknown): string {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Partial<
    Record<keyof DeleteAccountRequest, unknown>
  >;
  if (typeof value.confirmation !== 'string' || value.confirmation.length > CONFIRMATION_MAX) {
    throw badRequest(
      `confirmation is required, as text of at most ${CONFIRMATION_MAX} characters`,
      'confirmation',
    );
  }
  return value.confirmation;
}

/** When to ask again after a busy export: packing one takes seconds. */
const EXPORT_RETRY_SECONDS = 60;
/** How long a website download may send nothing before it is cut off. */
const EXPORT_STALL_MS = 60_000;

/** How each refusal of the account rules is answered over HTTP. */
function httpErrorFor(error: AccountError): HttpError {
  switch (error.refusal) {
    case 'not_yours':
      return notFound(error.message);
    case 'not_confirmed':
      return badRequest(error.message, 'confirmation');
    case 'busy':
      return new HttpError(503, 'busy', error.message);
  }
}

const answer = refusalsAsHttp(AccountError, httpErrorFor);

/** The account page's API: the person's portfolios, what they can do with them, and leaving. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AccountContext): void {
  const eraseVisitsFromHere = eraseVisitsAfterRelease(app, ctx.db);
  app.get(
    '/api/account',
    { config: { signedIn: true } },
    async (request, reply): Promise<AccountResponse> => {
      const user = await request.requireUser();
      reply.header('cache-control', 'no-store');
      return accountOf(ctx, user);
    },
  );

  for (const action of ['unpublish', 'publish'] as const) {
    app.post<{ Params: { username: string } }>(
      `/api/account/portfolios/:username/${action}`,
      { config: { signedIn: true, rateLimits: ['accountPerUser'], ...usernameParams } },
      async (request): Promise<PublicationResponse> => {
        const user = await request.requireUser();
        const username = normaliseUsername(request.params.username);
        const unpublished = action === 'unpublish';
        await answer(() => setPublication(ctx, user.id, username, unpublished));
        return { username, unpublished };
      },
    );
  }

  app.delete<{ Params: { username: string } }>(
    '/api/account/portfolios/:username',
    { config: { signedIn: true, rateLimits: ['accountPerUser'], ...usernameParams } },
    async (request, reply) => {
      const user = await request.requireUser();
      const username = normaliseUsername(request.params.username);
      await answer(() => deletePortfolio(ctx, user.id, username));
      await eraseVisitsFromHere([username]);
      return reply.status(204).send();
    },
  );

  // The QR code of a portfolio's address; `download` asks the browser to save it as a file.
  const qrRules = {
    signedIn: true,
    rateLimits: ['accountPerUser'],
    params: z.object({ username: usernameParam, format: z.enum(['svg', 'png']) }),
    query: z.object({ download: z.literal('1').optional() }),
  } as const;
  app.get<{ Params: { username: string; format: QrFormat }; Querystring: { download?: '1' } }>(
    '/api/account/portfolios/:username/qr.:format',
    { config: qrRules },
    async (request, reply) => {
      const user = await request.requireUser();
      const username = normaliseUsername(request.params.username);
      const format = request.params.format;
      const qr = await answer(() => portfolioQrCode(ctx, user.id, username, format));
      if (request.query.download) {
        reply.header('content-disposition', `attachment; filename="${username}-qr.${format}"`);
      }
      return reply
        .header('cache-control', 'private, max-age=3600')
        .type(qr.contentType)
        .send(qr.body);
    },
  );

  app.get<{ Params: { username: string } }>(
    '/api/account/portfolios/:username/website.zip',
    { config: { signedIn: true, rateLimits: ['exportPerUser'], ...usernameParams } },
    async (request, reply) => {
      const user = await request.requireUser();
      const username = normaliseUsername(request.params.username);
      const site = await answer(() => exportSite(ctx, user.id, username)).catch(
        (error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 503) {
            reply.header('retry-after', String(EXPORT_RETRY_SECONDS));
          }
          throw error;
        },
      );
      // The person's place is held until the archive is sent; a reader that stops reading for
      // EXPORT_STALL_MS is cut off, so nobody keeps a place (and its memory) by never reading.
      const response = reply.raw;
      response.once('close', site.release);
      response.setTimeout(EXPORT_STALL_MS, () => response.destroy());
      response.once('finish', () => response.socket?.setTimeout(0));
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${site.fileName}"`)
        .header('content-length', String(site.bytes))
        .type('application/zip')
        .send(Readable.from(site.parts));
    },
  );

  app.get(
    '/api/account/export',
    { config: { signedIn: true, rateLimits: ['exportPerUser'] } },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await exportOf(ctx, user.id);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="portfolio-builder-data-${day}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/api/account',
    { config: { signedIn: true, rateLimits: ['accountPerUser'] } },
    async (request, reply) => {
      const user = await request.requireUser();
      const confirmation = readConfirmation(request.body);
      const released = await answer(() => deleteAccount(ctx, user, confirmation));
      await eraseVisitsFromHere(released);
      // Every session went with the account; this also clears the cookie of this browser.
      await endSession(ctx.db, app.deps.config, request, reply);
      return reply.status(204).send();
    },
  );
}
