import { useEffect, type FocusEvent, type RefObject } from 'react';

/**
 * Closing a popup part (a menu) the usual ways while it is open: a press outside `area`, Escape
 * (focus then goes back to `opener`, as the popup is about to hide) or focus moving on out of
 * `area` (Tab past its end). Give the returned `onBlur` to the element around opener and popup.
 * A blur to nothing is left to the press: Safari blurs before a click on an item.
 */
export function useDismiss({
  open,
  area,
  opener,
  close,
}: {
  open: boolean;
  area: RefObject<HTMLElement | null>;
  opener: RefObject<HTMLElement | null>;
  close: () => void;
}): { onBlur: (event: FocusEvent) => void } {
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!area.current?.contains(event.target as Node)) close();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      opener.current?.focus();
      close();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, area, opener, close]);

  return {
    onBlur: (event) => {
      const to = event.relatedTarget as Node | null;
      if (open && to && !area.current?.contains(to)) close();
    },
  };
}
