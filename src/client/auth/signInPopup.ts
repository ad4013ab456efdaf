import {
  SIGN_IN_CHANNEL,
  SIGN_IN_MESSAGE_TYPE,
  SIGN_IN_PATH,
  SIGN_IN_POPUP,
  SIGN_IN_STATUSES,
  type SignInClientFailure,
  type SignInMessage,
  type SignInStatus,
} from '../../shared/auth.js';

export type SignInOutcome = SignInStatus | SignInClientFailure;

/** How often we look whether the person closed the popup (the spec allowed 8 s; we notice in 0.5 s). */
const CLOSED_POLL_MS = 500;

interface Attempt {
  popup: Window;
  finish: (outcome: SignInOutcome) => void;
}

let current: Attempt | undefined;

function storageWorks(): boolean {
  try {
    const key = '__portfolio_builder_probe__';
    window.localStorage.setItem(key, '1');
    window.localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

function isSignInMessage(data: unknown): data is SignInMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === SIGN_IN_MESSAGE_TYPE &&
    (SIGN_IN_STATUSES as readonly unknown[]).includes((data as { status?: unknown }).status)
  );
}

/** What the popup shows for the moment between opening and the sign-in page arriving. */
function showOpening(popup: Window): void {
  try {
    const { document } = popup;
    document.title = 'Sign in';
    document.body.style.cssText = 'font: 16px/1.5 system-ui, sans-serif; margin: 2rem; color: #444';
    document.body.textContent = 'Opening sign-in…';
  } catch {
    // A browser that gives the popup another origin: the page simply stays blank.
  }
}

/**
 * Opens the 500 x 600 sign-in popup centred on this window and resolves with how it ended.
 * Must be called straight from a click, or the browser blocks the popup. Starting a new
 * sign-in while one is open cancels the first ('superseded').
 */
export function openSignInPopup(): Promise<SignInOutcome> {
  if (typeof window.open !== 'function' || typeof window.postMessage !== 'function') {
    return Promise.resolve('unsupported');
  }
  if (!navigator.cookieEnabled) return Promise.resolve('cookies');
  if (!storageWorks()) return Promise.resolve('storage');

  if (current) {
    const previous = current;
    current = undefined;
    previous.finish('superseded');
  }

  const { width, height } = SIGN_IN_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  // The popup opens blank, on this origin, and goes to the sign-in page once our server has
  // answered. Had it gone there at once and failed to load, it would hold Chromium's error page
  // in another process, and close() on such a popup can be lost.
  const popup = window.open(
    '',
    `portfolio-builder-sign-in-${Date.now()}`,
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) return Promise.resolve('blocked');

  return new Promise<SignInOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SignInOutcome) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      channel?.close();
      window.clearInterval(poll);
      if (current?.popup === popup) current = undefined;
      if (outcome !== 'success') popup.close();
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      // Only our own popup, on our own origin, may report.
      if (event.origin !== window.location.origin || event.source !== popup) return;
      if (isSignInMessage(event.data)) finish(event.data.status);
    };
    window.addEventListener('message', onMessage);
    // A popup that lost its opener says it succeeded here instead. Any window of this site can
    // post on the channel, so only success is taken from it, and the caller confirms it with
    // the server (GET /api/me) before believing it.
    const channel =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(SIGN_IN_CHANNEL) : undefined;
    channel?.addEventListener('message', (event: MessageEvent) => {
      if (isSignInMessage(event.data) && event.data.status === 'success') finish('success');
    });
    const poll = window.setInterval(() => {
      if (popup.closed) finish('closed');
    }, CLOSED_POLL_MS);
    current = { popup, finish };

    showOpening(popup);
    // A popup cannot tell us it failed to load at all; a quick look at our server can, first.
    fetch('/healthz', { cache: 'no-store' }).then(
      (response) => {
        // Only the status matters: the body is let go, so the request ends.
        response.body?.cancel().catch(() => {});
        if (!response.ok) finish('network');
        else if (!settled && !popup.closed) popup.location.replace(SIGN_IN_PATH);
      },
      () => finish('network'),
    );
  });
}
