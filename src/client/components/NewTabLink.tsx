import type { ReactNode } from 'react';
import { WebAddress } from './BreakableText.js';

/**
 * A link that opens in a new tab and says so to screen readers; it shows its address by default
 * (breaking only after a slash).
 */
export function NewTabLink({
  href,
  className,
  children = <WebAddress url={href} />,
}: {
  href: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
