/** What the final preview hands to /ack when it navigates there after publishing. */
export interface AckState {
  url?: string;
  email?: string;
  /** The server's words when a credit paid for the publish (create-order's message). */
  message?: string;
}

/** Navigation state is whatever the history entry holds: keep only the strings we expect. */
export function readAckState(value: unknown): AckState {
  if (typeof value !== 'object' || value === null) return {};
  const { url, email, message } = value as Record<string, unknown>;
  const text = (field: unknown) => (typeof field === 'string' && field !== '' ? field : undefined);
  const link = text(url);
  return {
    url: link !== undefined && /^https?:\/\//i.test(link) ? link : undefined,
    email: text(email),
    message: text(message),
  };
}
