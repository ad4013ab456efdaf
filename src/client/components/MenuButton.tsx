import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useDismiss } from './useDismiss.js';
import './menu-button.css';

export interface MenuAction {
  /** Tells the items apart (React's key). */
  id: string;
  /** What the item says; a visually hidden part may name what it acts on. */
  label: ReactNode;
  onSelect: () => void;
  /** Red: for what takes something away. */
  destructive?: boolean;
  /** The action asks first, in a dialog. */
  opensDialog?: boolean;
}

const itemsOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/**
 * A button that opens a short menu of actions (the WAI-ARIA menu button): Enter, Space or the
 * arrow keys open it on its first (Up: last) item, the arrow keys, Home and End move through
 * it, Escape closes it and gives focus back to the button, Tab or a click elsewhere closes it.
 * Like the editor's More menu, an action only asks for its dialog, and focus goes back to the
 * button first: the dialog gives focus back to whatever had it, and the item is about to hide.
 */
export function MenuButton({
  children,
  items,
  className,
}: {
  /** The button's content; its accessible name. */
  children: ReactNode;
  items: readonly MenuAction[];
  className?: string;
}) {
  const [open, setOpen] = useState<'first' | 'last' | false>(false);
  const buttonId = useId();
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const all = itemsOf(menu.current);
    (open === 'last' ? all.at(-1) : all[0])?.focus();
  }, [open]);
  const close = useCallback(() => setOpen(false), []);
  const dismiss = useDismiss({ open: open !== false, area: wrapper, opener: toggle, close });

  const closeToButton = () => {
    toggle.current?.focus();
    setOpen(false);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const all = itemsOf(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return moveTo(at + 1);
      case 'ArrowUp':
        return moveTo(at - 1);
      case 'Home':
        return moveTo(0);
      case 'End':
        return moveTo(all.length - 1);
    }
  };

  return (
    <div
      className={`menu-button${className ? ` ${className}` : ''}`}
      ref={wrapper}
      // Tab moves on from the menu (its items are not in the tab order) and closes it.
      onBlur={dismiss.onBlur}
    >
      <button
        ref={toggle}
        id={buttonId}
        type="button"
        className="button button--ghost menu-button__toggle"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={menuId}
        onClick={() => setOpen((was) => (was ? false : 'first'))}
        onKeyDown={onButtonKey}
      >
        {children}
      </button>
      <div
        ref={menu}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        className="menu-button__menu"
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        {items.map((item) => (
          <button
            key={item.id}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={`menu-button__item${item.destructive ? ' menu-button__item--danger' : ''}`}
            aria-haspopup={item.opensDialog ? 'dialog' : undefined}
            onClick={() => {
              closeToButton();
              item.onSelect();
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
    </div>
  );
}
