import { CHANNEL, onChannel } from '../frame-messages.js';
import { isStepId, type StepId } from './steps.js';

/*
 * What the editor and its preview frame say to each other, on the preview channel
 * (frame-messages.ts, which also has the message a framed page sends when it is shown).
 */

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

export function isPreviewCommand(value: unknown): value is PreviewCommand {
  if (!onChannel(value)) return false;
  if (value.type === 'draft') return typeof value.raw === 'string';
  if (value.type === 'scroll') return isStepId(value.tab) && typeof value.instant === 'boolean';
  return false;
}

export function isReadyMessage(value: unknown): value is ReadyMessage {
  return onChannel(value) && value.type === 'ready';
}
