/*
 * Pages and the preview frames they hold talk by postMessage, same origin only. Every message
 * carries `channel` so that unrelated messages (browser extensions, other frames) are told apart.
 * This module has no imports: the app's error page, in every page's first script, uses it.
 */
export const CHANNEL = 'portfolio-builder-preview';

export function onChannel(
  value: unknown,
): value is { channel: string; type: unknown } & Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { channel?: unknown }).channel === CHANNEL
  );
}

/**
 * Preview to its framer: what the frame will show is painted (the template with the draft, or
 * why there is nothing to show), so a loading note over the frame can go.
 */
export interface ShownMessage {
  channel: typeof CHANNEL;
  type: 'shown';
}

export const shownMessage = (): ShownMessage => ({ channel: CHANNEL, type: 'shown' });

export function isShownMessage(value: unknown): value is ShownMessage {
  return onChannel(value) && value.type === 'shown';
}

/**
 * Only a message from this very origin and from the one window expected to talk counts:
 * anything else (another site that framed or opened us, a popup, a sibling frame) is ignored.
 */
export function isTrustedMessage(event: MessageEvent, expected: Window | null): boolean {
  return expected !== null && event.origin === window.location.origin && event.source === expected;
}
