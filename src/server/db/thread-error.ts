/**
 * What a worker thread's error says: an error of better-sqlite3's own class arrives from the
 * thread as a plain object holding only its code (SQLITE_CANTOPEN), without a message.
 */
export function threadErrorReason(error: unknown): string {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof code === 'string') return code;
  return String(error);
}
