import { ConfirmDialog } from '../components/ConfirmDialog.js';

/** Asks before a portfolio is taken offline: the username and the paid term stay. */
export function UnpublishDialog({
  username,
  url,
  onClose,
  onConfirm,
}: {
  username: string;
  url: string;
  onClose: () => void;
  /** Unpublishes; a failure is shown in the dialog. */
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      title={`Unpublish ${username}?`}
      confirmLabel="Unpublish"
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <p>
        Visitors to <strong>{url}</strong> will see that the page is not available, from now on.
      </p>
      <p>
        The username stays yours and your paid term keeps running. You can publish it again at any
        time.
      </p>
    </ConfirmDialog>
  );
}
