import { useLayoutEffect, type RefObject } from 'react';

/**
 * Publishes an element's height on the document as a CSS custom property (e.g.
 * `--test-notice-height: 38px`) for as long as the element is mounted, following it as it
 * wraps or the text grows, so that other parts of the page can make room for it.
 */
export function useHeightVariable(element: RefObject<HTMLElement | null>, name: string): void {
  useLayoutEffect(() => {
    const current = element.current;
    if (!current) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty(name, `${current.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(current);
    return () => {
      observer.disconnect();
      root.removeProperty(name);
    };
  }, [element, name]);
}
