/**
 * On a phone the final preview shows the person's page as the page itself: its frame is as tall
 * as the document in it, so the window alone scrolls (no box scrolling inside the page).
 *
 * A frame's `vh` is its own height, so a template part at least a screen tall (min-height:
 * 100vh) would grow with the frame, forever. Such parts are measured at the phone's own screen
 * height, as a visitor's phone shows them, and held there while the frame is as tall as the page.
 */

/** Parts held at their screen-tall size, to let go before the next measure. */
const held = new WeakMap<Document, HTMLElement[]>();

/** The template's fixed parts (its bar): in a page-tall frame they follow the window's scroll. */
const pinned = new WeakMap<Document, HTMLElement[]>();

function release(doc: Document): void {
  for (const element of held.get(doc) ?? []) element.style.removeProperty('min-height');
  held.delete(doc);
  for (const element of pinned.get(doc) ?? []) element.style.removeProperty('translate');
  pinned.delete(doc);
}

/** Fits the frame to its document; returns the height given (undefined: nothing to measure). */
export function fitFrameToPage(frame: HTMLIFrameElement, screenHeight: number): number | undefined {
  const doc = frame.contentDocument;
  const view = frame.contentWindow;
  if (!doc?.body || !view) return undefined;
  release(doc);
  const elements = Array.from(doc.body.querySelectorAll<HTMLElement>('*'));
  elements.push(doc.body, doc.documentElement);
  const minHeights = (): string[] =>
    elements.map((element) => view.getComputedStyle(element).minHeight);
  frame.style.height = `${screenHeight + 100}px`;
  const taller = minHeights();
  frame.style.height = `${screenHeight}px`;
  const atScreen = minHeights();
  const hold: HTMLElement[] = [];
  elements.forEach((element, index) => {
    if (taller[index] === atScreen[index]) return;
    element.style.setProperty('min-height', atScreen[index]!, 'important');
    hold.push(element);
  });
  held.set(doc, hold);
  pinned.set(
    doc,
    elements.filter((element) => view.getComputedStyle(element).position === 'fixed'),
  );
  const height = doc.documentElement.scrollHeight;
  frame.style.height = `${height}px`;
  followWindow(frame);
  return height;
}

/**
 * Keeps the template's fixed bar at the top of the window as the window scrolls the page-tall
 * frame, where a visitor's phone shows it: the frame's own viewport is the whole page, so without
 * this the bar stays at the page's top. Moved by `translate`, which leaves its layout alone.
 */
export function followWindow(frame: HTMLIFrameElement): void {
  const doc = frame.contentDocument;
  const fixed = doc ? pinned.get(doc) : undefined;
  if (!fixed?.length) return;
  const above = -frame.getBoundingClientRect().top;
  const offset = Math.round(Math.max(0, Math.min(above, frame.offsetHeight - window.innerHeight)));
  for (const element of fixed) element.style.setProperty('translate', `0 ${offset}px`);
}

/** Gives the frame back to its CSS (beside the cards it fills its column and scrolls). */
export function unfitFrame(frame: HTMLIFrameElement): void {
  frame.style.removeProperty('height');
  if (frame.contentDocument) release(frame.contentDocument);
}
