import { useEffect, useRef } from 'react';

/** A dismissible problem next to the action that caused it. */
export function Alert({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  // The panel scrolls: bring a new message into view next to the action that caused it.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);
  return (
    <div ref={box} className="fp-alert" role="alert">
      <p>{message}</p>
      <button
        type="button"
        className="fp-alert__close"
        aria-label="Dismiss message"
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}

export function Spinner() {
  return <span className="fp-spinner" aria-hidden="true" />;
}
