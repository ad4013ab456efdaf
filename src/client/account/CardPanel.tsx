import type { ReactNode } from 'react';
import { useRevealOnOpen } from './useRevealOnOpen.js';
import '../components/fold-chevron.css';

/** Shows and hides one of the card's panels (CardPanel), with the folded sections' chevron. */
export function PanelToggle({
  open,
  setOpen,
  panelId,
  children,
}: {
  open: boolean;
  setOpen: (change: (open: boolean) => boolean) => void;
  panelId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="pcard__tool fold-chevron"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => setOpen((wasOpen) => !wasOpen)}
    >
      {children}
    </button>
  );
}

/**
 * Where one of the card's panels opens: always in the page, so that its toggle's aria-controls
 * names it, and hidden while closed; brought into view when it opens.
 */
export function CardPanel({
  id,
  open,
  children,
}: {
  id: string;
  open: boolean;
  children: ReactNode;
}) {
  useRevealOnOpen(id, open);
  return (
    <div id={id} className="pcard__panel" hidden={!open}>
      {children}
    </div>
  );
}
