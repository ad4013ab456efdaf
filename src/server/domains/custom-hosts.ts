import type { IncomingMessage, ServerResponse } from 'node:http';
import { smallPage } from '../html.js';
import type { DomainDirectory } from './domain-directory.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * What a portfolio page loads from its own host: the templates' CSS and fonts (/assets/), the
 * uploaded images (/media/), the favicon and the contact form's script. Everything else of ours
 * (builder, API, sign-in, the ask endpoint) is not answered on an owner's domain.
 */
const PAGE_FILES =
  /^\/(?:assets\/|media\/|fonts\/|favicon\.svg(?:$|\?)|portfolio-contact\.js(?:$|\?)|robots\.txt(?:$|\?)|api\/contact\/start(?:$|\?))/;

/**
 * Requests that came in on an owner's domain, with that domain: the origin check accepts the
 * page's own domain as the origin of its contact form's post.
 */
export const servedDomainOf = new WeakMap<IncomingMessage, string>();
/** Our own paths, which a portfolio's sub-path must not be mistaken for. */
const APP_PATHS =
  /^\/(?:api|auth|dev-oidc|internal|webhooks|create-order|verify-payment|payment|sitemap|sitemaps|healthz|readyz|health|payments|test-gateway|receipts|edit|choose|template\d|final-preview|ack|account|about-us|contact-us|terms-and-conditions|privacy-policy|refund-policy|screen-error|users)(?:[/?.]|$)/;
const USERS_PATH = /^\/users\/([a-z0-9-]{1,40})(\/[^?]*)?(?:\?|$)/;

const NOT_FOUND = Buffer.from(
  smallPage({
    title: 'Not found',
    body: '<h1>Not found</h1><p>There is nothing at this address.</p>',
  }),
);

/** The host a request is for, lower-case and without its port. */
function hostOf(request: IncomingMessage): string {
  const host = (request.headers.host ?? '').toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  // `example.com.` is the same name as `example.com`.
  return host.split(':')[0]!.replace(/\.$/, '');
}

/**
 * Runs ahead of the public pages' fast path and Fastify, for every request, when custom domains
 * are on (app.ts leaves it out otherwise):
 *
 * - on an owner's domain (any Host but ours, loopback and IP literals), `/` and its sub-paths
 *   become that portfolio's `/users/{name}` paths, so the same renderer, cache, fast path,
 *   headers and ETags answer them; the page's files pass through; all else, and a host that is
 *   no served domain, gets a neutral 404, never another person's page;
 * - on our own host, `/users/{name}` of a portfolio served over HTTPS on its domain answers 301
 *   to that domain.
 *
 * The Host header is used as it arrives: the proxy in front (Caddy) keeps the visitor's Host.
 */
export function createCustomHostRouter(options: {
  ownHost: () => string;
  directory: DomainDirectory;
  securityHeaders: (request: IncomingMessage, response: ServerResponse) => void;
}): (request: IncomingMessage, response: ServerResponse, next: Handler) => void {
  const { directory } = options;
  const neutral404 = (request: IncomingMessage, response: ServerResponse) => {
    options.securityHeaders(request, response);
    response.writeHead(404, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': NOT_FOUND.length,
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
    });
    response.end(request.method === 'HEAD' ? undefined : NOT_FOUND);
  };
  const isOurs = (host: string, ownHost: string) =>
    host === ownHost ||
    host === 'localhost' ||
    host === '' ||
    /^[\d.]+$/.test(host) ||
    host.startsWith('[');
  // Nearly every request names the host the one before it did: its verdict is kept, so a
  // public page view does not lower-case, split and test the header each time.
  let lastHostHeader: string | undefined;
  let lastOwnHost = '';
  let lastHost = '';
  let lastIsOurs = false;
  return (request, response, next) => {
    const url = request.url ?? '/';
    const hostHeader = request.headers.host;
    const ownHost = options.ownHost();
    if (hostHeader !== lastHostHeader || hostHeader === undefined || ownHost !== lastOwnHost) {
      lastHost = hostOf(request);
      lastIsOurs = isOurs(lastHost, ownHost);
      lastHostHeader = hostHeader;
      lastOwnHost = ownHost;
    }
    const host = lastHost;
    if (lastIsOurs) {
      // Asked only while some page is served over HTTPS on its own domain: otherwise a public page
      // view need not parse its path twice.
      if (
        directory.redirectsAny() &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        url.startsWith('/users/')
      ) {
        const match = USERS_PATH.exec(url);
        const domain = match ? directory.httpsHostOf(match[1]!) : undefined;
        if (domain) {
          response.writeHead(301, {
            location: `https://${domain}${match![2] ?? '/'}`,
            'cache-control': 'public, max-age=300',
          });
          response.end();
          return;
        }
      }
      return next(request, response);
    }
    const username = directory.usernameAt(host);
    if (!username) return neutral404(request, response);
    // Only a path may follow: an absolute or odd request target must not be glued onto the name.
    if (!url.startsWith('/')) return neutral404(request, response);
    if (PAGE_FILES.test(url)) {
      servedDomainOf.set(request, host);
      return next(request, response);
    }
    // The page's contact form posts to its own address, on its own domain.
    if (request.method === 'POST' && url.split('?')[0] === `/users/${username}/contact`) {
      servedDomainOf.set(request, host);
      return next(request, response);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return neutral404(request, response);
    if (APP_PATHS.test(url)) return neutral404(request, response);
    request.url = url === '/' ? `/users/${username}` : `/users/${username}${url}`;
    return next(request, response);
  };
}
