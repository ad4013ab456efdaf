import { useCallback, useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { isTrustedMessage } from '../frame-messages.js';
import {
  draftMessage,
  isReadyMessage,
  scrollMessage,
  type PreviewCommand,
} from './previewMessages.js';
import type { StepId } from './steps.js';

export interface PreviewChannel {
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** Shows this draft JSON in the preview, without reloading it. */
  showDraft: (raw: string) => void;
  /** Scrolls the preview to a part of the page (smoothly unless `instant`). */
  scrollTo: (tab: StepId, instant?: boolean) => void;
}

/** The editor's side of the preview frame: posts to the frame's window, same origin only. */
export function usePreviewChannel(): PreviewChannel {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const post = useCallback((message: PreviewCommand) => {
    frameRef.current?.contentWindow?.postMessage(message, window.location.origin);
  }, []);
  const showDraft = useCallback((raw: string) => post(draftMessage(raw)), [post]);
  const scrollTo = useCallback(
    (tab: StepId, instant = false) => post(scrollMessage(tab, instant)),
    [post],
  );
  return { frameRef, showDraft, scrollTo };
}

/** Calls `onReady` each time the frame (re)loads and starts listening to the editor. */
export function usePreviewReady(
  frameRef: RefObject<HTMLIFrameElement | null>,
  onReady: () => void,
): void {
  const ready = useEffectEvent(onReady);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frame = frameRef.current?.contentWindow ?? null;
      if (isTrustedMessage(event, frame) && isReadyMessage(event.data)) ready();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameRef]);
}
