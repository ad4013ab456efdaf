/*
 * In the live preview, a new accent colour is shown where it took effect: an accent often colours
 * only buttons and links further down the page, so changing it on the Style step (where the
 * preview shows the page's top) would otherwise change nothing in sight. The colours of the
 * page's elements are noted before the change and compared after it; the changed part nearest
 * the view is brought into it if need be, and ringed for a moment.
 */
import './accent-spotlight.css';

const COLOUR_PROPERTIES = [
  'color',
  'background-color',
  'border-top-color',
  'border-bottom-color',
  'fill',
] as const;

export type ColourSnapshot = Map<Element, string>;

const coloursOf = (element: Element) => {
  const style = getComputedStyle(element);
  return COLOUR_PROPERTIES.map((property) => style.getPropertyValue(property)).join(' ');
};

/** Every element's colours in the page, before the accent changes. */
export function snapshotColours(root: ParentNode = document.body): ColourSnapshot {
  return new Map([...root.querySelectorAll('*')].map((element) => [element, coloursOf(element)]));
}

/** The outermost drawn elements whose colours differ from the snapshot. */
function changedSince(before: ColourSnapshot): Element[] {
  const changed = new Set<Element>();
  for (const [element, colours] of before) {
    if (!element.isConnected || coloursOf(element) === colours) continue;
    const { width, height } = element.getBoundingClientRect();
    if (width > 0 && height > 0) changed.add(element);
  }
  return [...changed].filter(
    (element) => !element.parentElement || !changed.has(element.parentElement),
  );
}

/** How far an element is from the window's view, in pixels (0 when any of it shows). */
function distanceFromView(element: Element): number {
  const { top, bottom } = element.getBoundingClientRect();
  if (bottom > 0 && top < window.innerHeight) return 0;
  return top >= window.innerHeight ? top - window.innerHeight : -bottom;
}

/** Rings an element for a moment, over the page (the template's own styles stay untouched). */
function ring(element: Element) {
  const box = element.getBoundingClientRect();
  const spot = document.createElement('div');
  spot.className = 'accent-spotlight';
  spot.setAttribute('aria-hidden', 'true');
  Object.assign(spot.style, {
    top: `${box.top + window.scrollY - 6}px`,
    left: `${box.left + window.scrollX - 6}px`,
    width: `${box.width + 12}px`,
    height: `${box.height + 12}px`,
  });
  document.body.append(spot);
  spot.addEventListener('animationend', () => spot.remove());
}

/**
 * After the accent has changed: the changed part nearest the view, scrolled to the view's middle
 * when none shows, then ringed. Nothing happens when no colour changed.
 */
export function spotlightAccentChange(before: ColourSnapshot): void {
  const changed = changedSince(before);
  if (changed.length === 0) return;
  const inView = changed.filter((element) => distanceFromView(element) === 0);
  const shown =
    inView.length > 0
      ? inView
      : [
          changed.reduce((nearest, element) =>
            distanceFromView(element) < distanceFromView(nearest) ? element : nearest,
          ),
        ];
  if (inView.length === 0) {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // This window only: scrollIntoView would scroll the editor around the frame too.
    const box = shown[0]!.getBoundingClientRect();
    const top = box.top + window.scrollY - Math.max(0, (window.innerHeight - box.height) / 2);
    window.scrollTo({ top, behavior: reduced ? 'instant' : 'smooth' });
  }
  // Once there (a smooth scroll takes a moment), the ring is drawn where the part has come to.
  const draw = () => shown.slice(0, 3).forEach(ring);
  if (inView.length > 0) draw();
  else if ('onscrollend' in window) window.addEventListener('scrollend', draw, { once: true });
  else draw();
}
