import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONTACT_START_PATH,
  MESSAGE_SENT,
  type ContactSendResponse,
  type ContactStartResponse,
  type MessagesResponse,
} from '../../shared/contact.js';
import { normaliseUsername, usernameProblem } from '../../shared/domain/username.js';
import { servedOverHttps } from '../config.js';
import {
  clientNetwork,
  RATE_LIMITS,
  rateLimitHooks,
  type RateLimitName,
} from '../http/rate-limit.js';
import { usernameParam } from '../http/route-rules.js';
import { publicPageCsp } from '../public-pages/page-csp.js';
import { readContactForm, type ContactForm } from './contact.input.js';
import { contactAnswerPage } from './contact-page.js';
import {
  messagesOf,
  sendContactMessage,
  type ContactContext,
  type ContactOutcome,
} from './contact.service.js';
import type { ContactRefusal } from './errors.js';

/**
 * A message of the largest size, each character written as a percent-encoded 3-byte UTF-8
 * sequence (9 bytes), with the other fields: the body is read no further than this.
 */
export const CONTACT_BODY_BYTES = 64 * 1024;

const usernameParams = { params: z.object({ username: usernameParam }) };

/** "20 seconds", "3 minutes": how long to wait, in words. */
const waitWords = (seconds: number) => {
  if (seconds < 90) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
};

/** How each refusal of a visitor's message is answered over HTTP. */
function statusFor(refusal: ContactRefusal): 400 | 404 | 429 {
  switch (refusal.code) {
    case 'no_form':
      return 404;
    case 'honeypot':
    case 'stale_token':
    case 'too_fast':
    case 'invalid_field':
      return 400;
    case 'too_many':
      return 429;
  }
}

/** The form's script asks for JSON; a form posted by the browser itself gets a page. */
const wantsJson = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes('application/json');

/**
 * Messages from visitors: the public page's form posts here (as a plain form, or through its
 * script), the script fetches a fresh start token, and the owner reads their messages.
 */
export function registerContactRoutes(app: FastifyInstance, ctx: ContactContext): void {
  const limits = rateLimitHooks(app, { enabled: app.deps.config.rateLimits });
  const https = () => servedOverHttps(ctx.publicUrl());

  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    outcome: ContactOutcome,
    form?: ContactForm,
  ) => {
    reply.header('cache-control', 'no-store');
    const status = outcome.sent ? 200 : statusFor(outcome.refusal);
    if (wantsJson(request)) {
      const body: ContactSendResponse = outcome.sent
        ? { ok: true, message: MESSAGE_SENT }
        : {
            ok: false,
            message: outcome.refusal.message,
            ...(outcome.refusal.field ? { field: outcome.refusal.field } : {}),
            // Only a token we could not read is replaced: after "too fast" the visitor's own
            // start time stands, so pressing Send again a moment later goes through.
            ...(outcome.refusal.code === 'stale_token' ? { token: ctx.tokens.issue() } : {}),
          };
      return reply.status(status).send(body);
    }
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', publicPageCsp(https()))
      .send(
        contactAnswerPage({
          username,
          sent: outcome.sent,
          message: outcome.sent ? MESSAGE_SENT : outcome.refusal.message,
          ...(outcome.sent ? {} : { field: outcome.refusal.field }),
          form,
          token: ctx.tokens.issue(),
        }),
      );
  };

  app.register(async (scope) => {
    // This route alone reads form bodies; every other route reads JSON only.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CONTACT_BODY_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Params: { username: string } }>(
      '/users/:username/contact',
      {
        bodyLimit: CONTACT_BODY_BYTES,
        config: usernameParams,
        onRequest: limits.perIp('contactPerIp', {
          page: (reply, seconds) =>
            reply
              .type('text/html; charset=utf-8')
              .header('content-security-policy', publicPageCsp(https()))
              .send(
                contactAnswerPage({
                  username: normaliseUsername(
                    (reply.request.params as { username?: string }).username ?? '',
                  ),
                  sent: false,
                  message: `Too many messages from this network. Please try again in ${waitWords(seconds)}.`,
                }),
              ),
        }),
      },
      async (request, reply) => {
        const username = normaliseUsername(request.params.username);
        const form = readContactForm(request.body);
        if (usernameProblem(username)) {
          return answer(request, reply, username, {
            sent: false,
            refusal: { code: 'no_form', message: 'There is no portfolio at this address.' },
          });
        }
        const network = clientNetwork(request.ip);
        const outcome = await sendContactMessage(
          ctx,
          username,
          form,
          network,
          async ({ wroteToday }) => {
            if (!app.deps.config.rateLimits) return undefined;
            // The network's own part first, then, for a network writing again, the part of the
            // page's allowance such networks share, then the page's: each is taken only once those
            // before it allowed the message.
            const takes: [RateLimitName, string][] = [
              ['contactPerNetworkPage', `${username} ${network}`],
              ...(wroteToday
                ? [['contactPerPageRepeat', username] as [RateLimitName, string]]
                : []),
              ['contactPerPage', username],
            ];
            try {
              for (const [name, key] of takes) {
                const taken = await app.rateLimiter.take(name, RATE_LIMITS[name], key);
                if (taken.allowed) continue;
                reply.header('retry-after', String(taken.retryAfterSeconds));
                return {
                  code: 'too_many',
                  message: `This portfolio has received many messages in the last few minutes. Please try again in ${waitWords(taken.retryAfterSeconds)}.`,
                };
              }
              return undefined;
            } catch (error) {
              // As with every limit: the store being away must not refuse every visitor.
              request.log.warn({ err: error }, 'rate limit store unavailable: allowed');
              return undefined;
            }
          },
        );
        if (!outcome.sent) {
          request.log.info(
            { username, status: statusFor(outcome.refusal), field: outcome.refusal.field },
            'contact message refused',
          );
        }
        return answer(request, reply, username, outcome, form);
      },
    );
  });

  app.get(
    CONTACT_START_PATH,
    { config: { rateLimits: ['contactStartPerIp'] } },
    async (_request, reply): Promise<ContactStartResponse> => {
      reply.header('cache-control', 'no-store');
      return { token: ctx.tokens.issue() };
    },
  );

  app.get(
    '/api/account/messages',
    { config: { signedIn: true } },
    async (request, reply): Promise<MessagesResponse> => {
      const user = await request.requireUser();
      reply.header('cache-control', 'no-store');
      return messagesOf(ctx, user.id);
    },
  );
}
