import { useEffect, type RefObject } from 'react';

/**
 * Opens a <dialog> as a modal while the component is mounted. The browser gives focus back to
 * what had it when a dialog is closed, but not when an open one is taken out of the page, which
 * is how React closes it: focus would fall to the page's start. So it is given back here.
 */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && opener?.isConnected) opener.focus();
    };
  }, [dialog]);
}
