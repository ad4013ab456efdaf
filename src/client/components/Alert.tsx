import { useEffect, useRef, type ReactNode } from 'react';
import './alert.css';

/**
 * A problem shown next to what caused it, in the error red (never the brand colour): a light red
 * box with a red bar on its left. `warning` is the same box in amber, for what is worth knowing
 * but went through. A string is one paragraph; other content is laid out by the caller.
 */
export function Alert({
  children,
  tone = 'error',
  onDismiss,
  compact = false,
  announce = true,
  reveal = onDismiss !== undefined,
  className,
}: {
  children: ReactNode;
  tone?: 'error' | 'warning';
  /** Shows a close button (×) that calls it. */
  onDismiss?: () => void;
  /** Tighter, for a line inside a form or a dialog. */
  compact?: boolean;
  /** Read out when it appears (role="alert"); false for a standing explanation. */
  announce?: boolean;
  /**
   * Scrolled into view when it appears or its content changes (in a scrolling panel, next to
   * the action that caused it). By default when it can be dismissed.
   */
  reveal?: boolean;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const scrollKey = reveal ? children : undefined;
  useEffect(() => {
    if (scrollKey !== undefined) box.current?.scrollIntoView({ block: 'nearest' });
  }, [scrollKey]);
  const classes = [
    'alert',
    onDismiss && 'alert--dismissible',
    tone === 'warning' && 'alert--warning',
    compact && 'alert--compact',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div ref={box} className={classes} role={announce ? 'alert' : undefined}>
      {typeof children === 'string' ? <p className="alert__text">{children}</p> : children}
      {onDismiss && (
        <button
          type="button"
          className="alert__close"
          aria-label="Dismiss message"
          onClick={onDismiss}
        >
          ×
        </button>
      )}
    </div>
  );
}
