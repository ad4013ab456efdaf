import { useEffect, useState, type RefObject } from 'react';

/** How far the form scrolls down, past its top, before the step bar folds away. */
const FOLD_AFTER_PX = 48;

/**
 * On a phone the step bar takes 70 of the 812 px: it folds away while the person scrolls down
 * through a step's fields and comes back as soon as they scroll up (or reach the top), as a
 * phone browser's own address bar does. Off (never folded) where `active` is false.
 */
export function useFoldOnScroll(scroller: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [folded, setFolded] = useState(false);
  useEffect(() => {
    const element = scroller.current;
    if (!element || !active) return;
    let last = element.scrollTop;
    const onScroll = () => {
      const top = element.scrollTop;
      // Small moves (a finger resting, momentum's end) change nothing.
      if (Math.abs(top - last) < 8) return;
      // At the bottom, folding makes the scroller taller and the browser pulls its top back:
      // that is no scroll up, and unfolding for it would fold and unfold the bar on every nudge.
      const atBottom = top + element.clientHeight >= element.scrollHeight - 2;
      if (top < last && atBottom) {
        last = top;
        return;
      }
      setFolded(top > last && top > FOLD_AFTER_PX);
      last = top;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scroller, active]);
  // Widened past a phone while folded: the bar is simply there.
  return active && folded;
}
