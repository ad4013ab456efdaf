import type { ReactNode } from 'react';

/** Something a page needs could not be loaded: said where it would have been, with a retry. */
export function LoadFailed({
  className,
  onRetry,
  children,
}: {
  className: string;
  onRetry: () => void;
  /** What failed and why, in one sentence or two. */
  children: ReactNode;
}) {
  return (
    <div className={className} role="alert">
      <p>{children}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
