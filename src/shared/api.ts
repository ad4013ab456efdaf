/** The body of every error answer of the JSON API. */
export interface ApiErrorBody {
  error: {
    /** Stable and machine-readable, e.g. `bad_request`, `not_found`, `internal`. */
    code: string;
    /** Written for people; safe to show on screen. */
    message: string;
    /** The input field at fault, when there is one (dotted path, e.g. `sectionTiles.2.link`). */
    field?: string;
    /** Quote this to support; it is in the server's log line for the request. */
    requestId?: string;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
