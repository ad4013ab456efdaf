/**
 * Requests as the builder or a hostile client would send them, with a person's cookies, and
 * the checks every API answer must pass.
 */
import { expect } from 'vitest';
import { request, type CookieJar } from './signin.js';

/**
 * How long a request may go unanswered before it is called a hang: under the 20 s a test may take,
 * so a hang fails with this message, and far over what a loaded two-core machine needs (an
 * upload waiting for the image pool behind other test files took over 3 s there).
 */
const ANSWER_WITHIN_MS = 15_000;

export interface JsonAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  body: any;
}

/** A same-origin JSON POST as the builder makes it, with the person's cookies. */
export async function postJson(
  jar: CookieJar,
  baseUrl: string,
  path: string,
  body: unknown,
): Promise<JsonAnswer> {
  const response = await request(jar, `${baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: await response.json().catch(() => null),
  };
}

export async function getJson(jar: CookieJar, url: string): Promise<JsonAnswer> {
  const response = await request(jar, url, { headers: { accept: 'application/json' } });
  return {
    status: response.status,
    headers: response.headers,
    body: await response.json().catch(() => null),
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body is JSON, otherwise the text. */
  body: unknown;
}

export interface Send {
  method?: string;
  path: string;
  /** A string or bytes are sent as they are; anything else as JSON. */
  body?: unknown;
  /** Defaults to application/json when there is a body; null sends none of ours. */
  contentType?: string | null;
  /** Defaults to the app's own origin on state-changing requests, as a browser would send. */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** One request with the person's cookies. A request that gets no answer fails with a clear message
 * (a hang is a bug; slowness on a busy machine is not). */
export async function send(t: { url: string }, jar: CookieJar, spec: Send): Promise<Answer> {
  const method = spec.method ?? (spec.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { ...spec.headers };
  const origin = spec.origin === undefined ? t.url : spec.origin;
  if (method !== 'GET' && method !== 'HEAD' && origin !== null) headers.origin = origin;
  let body: string | Uint8Array | undefined;
  if (spec.body !== undefined) {
    body =
      typeof spec.body === 'string' || spec.body instanceof Uint8Array
        ? spec.body
        : JSON.stringify(spec.body);
    if (spec.contentType !== null) headers['content-type'] = spec.contentType ?? 'application/json';
  } else if (spec.contentType) {
    headers['content-type'] = spec.contentType;
  }
  let response: Response;
  try {
    response = await request(jar, `${t.url}${spec.path}`, {
      method,
      headers,
      body: body as BodyInit | undefined,
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
  } catch (error) {
    throw new Error(
      `${method} ${spec.path} got no answer within ${ANSWER_WITHIN_MS} ms (${String(error)})`,
      { cause: error },
    );
  }
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Asserts the API's error shape: `{ error: { code, message, ... } }` with strings. */
export function expectErrorShape(answer: Answer, context = ''): void {
  const body = answer.body as { error?: { code?: unknown; message?: unknown } } | null;
  expect(typeof body?.error?.code, `${context} error.code in ${JSON.stringify(body)}`).toBe(
    'string',
  );
  expect(typeof body?.error?.message, `${context} error.message in ${JSON.stringify(body)}`).toBe(
    'string',
  );
}
