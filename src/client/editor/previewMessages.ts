import { isStepId, type StepId } from './steps.js';

/*
 * The editor and its preview frame talk by postMessage, same origin only. Every message carries
 * `channel` so that unrelated messages (browser extensions, other frames) are told apart.
 */
const CHANNEL = 'portfolio-builder-preview';

/** Editor to preview: show this draft (the JSON stored under templateData). */
export interface DraftMessage {
  channel: typeof CHANNEL;
  type: 'draft';
  raw: string;
}

/** Editor to preview: scroll to the part with this id (a step's tab name). */
export interface ScrollMessage {
  channel: typeof CHANNEL;
  type: 'scroll';
  tab: StepId;
  /** Jump without animation (used when the frame has just loaded). */
  instant: boolean;
}

/** Preview to editor: the draft is on screen and messages are being listened to. */
export interface ReadyMessage {
  channel: typeof CHANNEL;
  type: 'ready';
}

/**
 * Preview to its framer: what the frame will show is painted (the template with the draft, or
 * why there is nothing to show), so a loading note over the frame can go.
 */
export interface ShownMessage {
  channel: typeof CHANNEL;
  type: 'shown';
}

export type PreviewCommand = DraftMessage | ScrollMessage;

export const draftMessage = (raw: string): DraftMessage => ({
  channel: CHANNEL,
  type: 'draft',
  raw,
});

export const scrollMessage = (tab: StepId, instant = false): ScrollMessage => ({
  channel: CHANNEL,
  type: 'scroll',
  tab,
  instant,
});

export const readyMessage = (): ReadyMessage => ({ channel: CHANNEL, type: 'ready' });

export const shownMessage = (): ShownMessage => ({ channel: CHANNEL, type: 'shown' });

function onChannel(
  value: unknown,
): value is { channel: string; type: unknown } & Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { channel?: unknown }).channel === CHANNEL
  );
}

export function isPreviewCommand(value: unknown): value is PreviewCommand {
  if (!onChannel(value)) return false;
  if (value.type === 'draft') return typeof value.raw === 'string';
  if (value.type === 'scroll') return isStepId(value.tab) && typeof value.instant === 'boolean';
  return false;
}

export function isReadyMessage(value: unknown): value is ReadyMessage {
  return onChannel(value) && value.type === 'ready';
}

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
