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

function release(doc: Document): void {
  for (const element of held.get(doc) ?? []) element.style.removeProperty('min-height');
  held.delete(doc);
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
  const height = doc.documentElement.scrollHeight;
  frame.style.height = `${height}px`;
  return height;
}

/** Gives the frame back to its CSS (beside the cards it fills its column and scrolls). */
export function unfitFrame(frame: HTMLIFrameElement): void {
  frame.style.removeProperty('height');
  if (frame.contentDocument) release(frame.contentDocument);
}
