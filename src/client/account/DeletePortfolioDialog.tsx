import { api } from '../api/http.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';

/**
 * Deletes a portfolio once its username is typed: the page goes offline and the username is
 * released at once, without a refund.
 */
export function DeletePortfolioDialog({
  username,
  url,
  onClose,
  onDeleted,
}: {
  username: string;
  url: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Delete ${username}?`}
      confirmLabel="Delete portfolio"
      destructive
      typeToConfirm={{ label: `Type ${username} to confirm`, accepts: [username] }}
      onClose={onClose}
      onConfirm={async () => {
        await api<null>(`/api/account/portfolios/${encodeURIComponent(username)}`, {
          method: 'DELETE',
        });
        onClose();
        onDeleted();
      }}
    >
      <p>
        The page at <strong>{url}</strong> goes offline at once and the username is released: anyone
        may take it afterwards. This cannot be undone.
      </p>
      <p>
        Deleting does not refund the time left on this page. Your receipts stay available on
        request.
      </p>
    </ConfirmDialog>
  );
}
