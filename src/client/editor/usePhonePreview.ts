import { useEffect, useRef, useState } from 'react';
import { PHONE_LAYOUT_WIDTH } from '../../shared/site.js';

/**
 * On a phone the editor shows its form alone; "Preview" lays the live preview over it, full
 * screen, and "Back to editing" returns to the very field the person was last in. Growing the window
 * past the phone layout closes it (the preview is beside the form there).
 */
export function usePhonePreview() {
  const [isOpen, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const lastField = useRef<HTMLElement | null>(null);

  // Tapping Preview focuses the button: remember the field typed in before it.
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
        lastField.current = target;
      }
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);

  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${PHONE_LAYOUT_WIDTH + 1}px)`);
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (isOpen) closeRef.current?.focus();
  }, [isOpen]);

  const open = () => {
    const field = lastField.current;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    returnTo.current = field?.isConnected ? field : active;
    setOpen(true);
  };

  /** `restoreFocus: false` when the caller moves focus itself (a step change behind it). */
  const close = ({ restoreFocus = true }: { restoreFocus?: boolean } = {}) => {
    setOpen(false);
    // After the form is no longer inert: focus can go back to it.
    if (restoreFocus) {
      requestAnimationFrame(() => returnTo.current?.focus({ preventScroll: false }));
    }
  };

  return { isOpen, open, close, closeRef };
}
