import { useEffect } from 'react';

/**
 * Scrolls a panel that just opened into view when it opened below the screen's edge (on a
 * phone the card's panels stack under its buttons): otherwise a tap seems to do nothing.
 */
export function useRevealOnOpen(id: string, open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const panel = document.getElementById(id);
    if (!panel) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    panel.scrollIntoView?.({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }, [id, open]);
}
