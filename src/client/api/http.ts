import { isApiErrorBody } from '../../shared/api.js';

/** An API call that failed, with a message fit to show on screen. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

const OFFLINE_MESSAGE = 'We could not reach the server. Check your connection and try again.';

/** JSON over fetch; every failure becomes an ApiError with a readable message. */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new ApiError(OFFLINE_MESSAGE, 0);
  }
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    if (isApiErrorBody(body))
      throw new ApiError(body.error.message, response.status, body.error.field);
    throw new ApiError(
      response.status >= 500
        ? 'The server had a problem. Please try again in a moment.'
        : `The request failed (HTTP ${response.status}).`,
      response.status,
    );
  }
  return body as T;
}
