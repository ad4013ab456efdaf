import { useId, useRef, useState, type ReactNode } from 'react';
import './confirm-dialog.css';
import { useModalDialog } from './useModalDialog.js';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The button that goes ahead, e.g. "Delete portfolio". */
  confirmLabel: string;
  /** The button that leaves things as they are: "Cancel" unless it says more. */
  cancelLabel?: string;
  /** Red for what cannot be undone. */
  destructive?: boolean;
  /**
   * When set, the person types this (or one of these) before the button works: a label says
   * what to type. Compared as typed, case aside.
   */
  typeToConfirm?: { label: string; accepts: readonly string[] };
  /** Runs the action (with what was typed, if anything); a rejection shows its message here. */
  onConfirm: (typed: string) => Promise<void>;
  onClose: () => void;
}

/**
 * A modal question before an action: the browser's own <dialog> (focus kept inside, Escape
 * closes), the safe choice focused first, the outcome of the action shown in place.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  typeToConfirm,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const id = useId();

  useModalDialog(dialog);

  const matches =
    !typeToConfirm ||
    typeToConfirm.accepts.some((word) => word.toLowerCase() === typed.trim().toLowerCase());

  const confirm = async () => {
    if (!matches || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm(typed.trim());
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="confirm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <h2 id={`${id}-title`} className="confirm__title">
          {title}
        </h2>
        <div id={`${id}-body`} className="confirm__body">
          {children}
        </div>
        {typeToConfirm && (
          <div className="confirm__type">
            <label htmlFor={`${id}-typed`}>{typeToConfirm.label}</label>
            <input
              id={`${id}-typed`}
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        )}
        {error && (
          <p className="confirm__error" role="alert">
            {error}
          </p>
        )}
        <div className="confirm__actions">
          <button
            type="button"
            className="button button--ghost"
            autoFocus={!typeToConfirm}
            disabled={busy}
            onClick={onClose}
          >
            {cancelLabel}
          </button>
          <button
            type="submit"
            className={`button${destructive ? ' button--danger' : ''}`}
            disabled={!matches}
            aria-disabled={busy}
          >
            {busy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
