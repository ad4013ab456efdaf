/**
 * The one script of a drawn page of the app (/choose; PRERENDERED_ROUTES): it loads and starts the
 * app once the first screen's picture is on the screen. Started beside the picture, the app's
 * code took the phone's link from it, and its evaluation and hydration held the first paint:
 * Lighthouse put /choose's largest paint at 2.3 s, and at 1.4-1.8 s with this script. The server
 * writes the app's entry and modules on this script's element (spa.routes.ts), and the modules are
 * then fetched side by side, not one import after another.
 */
import { FIRST_SCREEN_PICTURE } from './first-screen.js';

/** An Element Timing report (not yet in TypeScript's DOM types). */
interface ElementTiming extends PerformanceEntry {
  identifier: string;
}

/** How long after the page's load the app starts even if the picture's paint was not reported. */
const LONGEST_WAIT_MS = 3000;

/**
 * Resolves once the first screen's picture has been painted, or cannot be waited for: there is
 * none, it failed, the page is not on the screen, or the picture is not (a link to a later card).
 */
function firstScreenShown(): Promise<void> {
  const picture = document.querySelector<HTMLImageElement>(
    `img[elementtiming="${FIRST_SCREEN_PICTURE}"]`,
  );
  if (!picture || document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    const shown = () => resolve();
    picture.addEventListener('error', shown, { once: true });
    document.addEventListener('visibilitychange', shown, { once: true });
    const whenLoaded = () => {
      const { top, bottom } = picture.getBoundingClientRect();
      if (bottom <= 0 || top >= window.innerHeight) shown();
      setTimeout(shown, LONGEST_WAIT_MS);
    };
    if (document.readyState === 'complete') whenLoaded();
    else window.addEventListener('load', whenLoaded, { once: true });
    if (PerformanceObserver.supportedEntryTypes.includes('element')) {
      new PerformanceObserver((list, observer) => {
        const painted = list
          .getEntries()
          .some((entry) => (entry as ElementTiming).identifier === FIRST_SCREEN_PICTURE);
        if (!painted) return;
        observer.disconnect();
        shown();
      }).observe({ type: 'element', buffered: true });
    } else {
      // Without Element Timing (Safari, Firefox): once it is decoded and a frame has drawn it.
      picture.decode().then(() => requestAnimationFrame(() => setTimeout(shown)), shown);
    }
  });
}

async function startApp(): Promise<void> {
  const { entry, modules = '' } =
    document.querySelector<HTMLScriptElement>('script[data-entry]')!.dataset;
  for (const href of modules.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  await import(/* @vite-ignore */ entry!);
}

void firstScreenShown().then(startApp);
