import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { AccountPortfolio, PublicationResponse } from '../../shared/account.js';
import { formatRupees } from '../../shared/domain/price.js';
import { allowsFreeUpdates, formatTermDate, termInWords } from '../../shared/domain/term.js';
import { receiptPath, renewPath } from '../../shared/routes.js';
import type { PortfolioDataResponse } from '../../shared/templates-api.js';
import { isTemplateId } from '../../shared/templates/catalog.js';
import { api } from '../api/http.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { NewTabLink } from '../components/NewTabLink.js';
import { CustomDomainSection } from './CustomDomainSection.js';
import { startEditingPublished } from '../draft/storage.js';
import { SharePanel } from './SharePanel.js';
import { useCopy } from './useCopy.js';
import { VisitsPanel } from './VisitsPanel.js';

/** One portfolio on the account page: its link, facts and actions. */
type Dialog = 'unpublish' | 'delete' | undefined;

export function PortfolioCard({
  portfolio: p,
  onChange,
  onDeleted,
}: {
  portfolio: AccountPortfolio;
  onChange: (next: AccountPortfolio) => void;
  onDeleted: (username: string) => void;
}) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>();
  const [receiptsOpen, setReceiptsOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [visitsOpen, setVisitsOpen] = useState(false);
  const [busy, setBusy] = useState<'edit' | 'publish' | undefined>();
  const [error, setError] = useState<string | undefined>();
  const headingId = `portfolio-${p.username}`;
  const receiptsId = `receipts-${p.username}`;
  const visitsId = `visits-${p.username}`;
  const shareId = `share-${p.username}`;
  const canEdit = allowsFreeUpdates(p.termState) && isTemplateId(p.templateId);
  const state = p.unpublished ? 'unpublished' : p.termState;

  const setPublication = async (unpublished: boolean) => {
    const answer = await api<PublicationResponse>(
      `/api/account/portfolios/${encodeURIComponent(p.username)}/${unpublished ? 'unpublish' : 'publish'}`,
      { method: 'POST', body: '{}' },
    );
    onChange({ ...p, unpublished: answer.unpublished });
  };

  const publish = async () => {
    setBusy('publish');
    setError(undefined);
    try {
      await setPublication(false);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const edit = async () => {
    if (!isTemplateId(p.templateId)) return;
    setBusy('edit');
    setError(undefined);
    try {
      const { data } = await api<PortfolioDataResponse>(`/api/portfolios/${p.templateId}`);
      if (!startEditingPublished({ templateId: p.templateId, data }, p.username)) {
        throw new Error(
          'Your browser would not let us save the draft (storage is full or blocked).',
        );
      }
      await navigate('/edit', { state: { templateId: p.templateId } });
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(undefined);
    }
  };

  return (
    <article className={`pcard pcard--${state}`} aria-labelledby={headingId}>
      <div className="pcard__head">
        <div>
          <p className="pcard__template">{p.templateName}</p>
          <h2 className="pcard__name" id={headingId}>
            {p.username}
          </h2>
        </div>
        <p className="pcard__state">
          {p.unpublished ? 'Unpublished · you took this page offline' : termInWords(p.paidUntil)}
        </p>
      </div>

      <LiveLink url={p.url} live={!p.unpublished && p.termState !== 'offline'} />

      <dl className="pcard__facts">
        <div>
          <dt>Template</dt>
          <dd>{p.templateName}</dd>
        </div>
        <div>
          <dt>Username</dt>
          <dd>{p.username}</dd>
        </div>
        <div>
          <dt>Paid until</dt>
          <dd>{formatTermDate(new Date(p.paidUntil))}</dd>
        </div>
      </dl>

      <div className="pcard__actions">
        <button
          type="button"
          className="button"
          disabled={!canEdit}
          aria-disabled={busy !== undefined}
          aria-describedby={canEdit ? undefined : `${headingId}-renew-hint`}
          onClick={() => void (busy ? undefined : edit())}
        >
          {busy === 'edit' ? 'Opening…' : 'Edit'}
          <span className="visually-hidden"> {p.username}</span>
        </button>
        {/* A full load: the renewal page may be served by the server or by the builder. */}
        <a className="button button--ghost" href={renewPath(p.username)}>
          Renew<span className="visually-hidden"> {p.username}</span>
        </a>
        <PanelToggle open={receiptsOpen} setOpen={setReceiptsOpen} panelId={receiptsId}>
          Receipts<span className="visually-hidden"> of {p.username}</span>
        </PanelToggle>
        <PanelToggle open={visitsOpen} setOpen={setVisitsOpen} panelId={visitsId}>
          Visitors<span className="visually-hidden"> of {p.username}</span>
        </PanelToggle>
        <PanelToggle open={shareOpen} setOpen={setShareOpen} panelId={shareId}>
          Share<span className="visually-hidden"> {p.username}</span>
        </PanelToggle>
        {p.unpublished ? (
          <button
            type="button"
            className="button button--ghost"
            aria-disabled={busy !== undefined}
            onClick={() => void (busy ? undefined : publish())}
          >
            {busy === 'publish' ? 'Publishing…' : 'Publish'}
            <span className="visually-hidden"> {p.username}</span>
          </button>
        ) : (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setDialog('unpublish')}
          >
            Unpublish<span className="visually-hidden"> {p.username}</span>
          </button>
        )}
        <button
          type="button"
          className="button button--ghost pcard__delete"
          onClick={() => setDialog('delete')}
        >
          Delete<span className="visually-hidden"> {p.username}</span>
        </button>
      </div>
      {!canEdit && (
        <p className="pcard__hint" id={`${headingId}-renew-hint`}>
          This page has expired: renew it to make changes.
        </p>
      )}
      {error && (
        <p className="account__error" role="alert">
          {error}
        </p>
      )}

      <div id={receiptsId} className="pcard__receipts" hidden={!receiptsOpen}>
        {p.orders.length === 0 ? (
          <p>No paid orders for this address.</p>
        ) : (
          <ul>
            {p.orders.map((order) => (
              <li key={order.orderId}>
                {order.receiptNumber ? (
                  <a href={receiptPath(order.orderId)}>
                    Receipt {order.receiptNumber} · {formatTermDate(new Date(order.paidAt))} ·{' '}
                    {formatRupees(order.amountPaise)} {order.currency}
                  </a>
                ) : (
                  <span>
                    {formatTermDate(new Date(order.paidAt))}: paid by the unused days of the
                    previous template
                  </span>
                )}
                {order.refundedAt && <> (refunded {formatTermDate(new Date(order.refundedAt))})</>}
              </li>
            ))}
          </ul>
        )}
      </div>

      {visitsOpen && <VisitsPanel id={visitsId} username={p.username} />}
      {shareOpen && <SharePanel id={shareId} username={p.username} url={p.url} />}
      <CustomDomainSection username={p.username} />

      {dialog === 'unpublish' && (
        <ConfirmDialog
          title={`Unpublish ${p.username}?`}
          confirmLabel="Unpublish"
          onClose={() => setDialog(undefined)}
          onConfirm={async () => {
            await setPublication(true);
            setDialog(undefined);
          }}
        >
          <p>
            Visitors to <strong>{p.url}</strong> will see that the page is not available, from now
            on.
          </p>
          <p>
            The username stays yours and your paid term keeps running. You can publish it again at
            any time.
          </p>
        </ConfirmDialog>
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete ${p.username}?`}
          confirmLabel="Delete portfolio"
          destructive
          typeToConfirm={{ label: `Type ${p.username} to confirm`, accepts: [p.username] }}
          onClose={() => setDialog(undefined)}
          onConfirm={async () => {
            await api<null>(`/api/account/portfolios/${encodeURIComponent(p.username)}`, {
              method: 'DELETE',
            });
            setDialog(undefined);
            onDeleted(p.username);
          }}
        >
          <p>
            The page at <strong>{p.url}</strong> goes offline at once and the username is released:
            anyone may take it afterwards. This cannot be undone.
          </p>
          <p>
            Deleting does not refund the time left on this page. Your receipts stay available on
            request.
          </p>
        </ConfirmDialog>
      )}
    </article>
  );
}

/** Shows and hides one of the card's panels. */
function PanelToggle({
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
      className="button button--ghost"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => setOpen((wasOpen) => !wasOpen)}
    >
      {children}
    </button>
  );
}

/** The page's address with a Copy button that says when it worked. */
function LiveLink({ url, live }: { url: string; live: boolean }) {
  const { copied, copy } = useCopy();

  return (
    <div className="pcard__link">
      <NewTabLink href={url} className="pcard__url" />
      <button
        type="button"
        className="button button--ghost pcard__copy"
        onClick={() => void copy(url)}
      >
        {copied === 'copied' ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> link</span>
      </button>
      <span className="visually-hidden" role="status">
        {copied === 'copied' ? 'Link copied' : copied === 'failed' ? 'Copying failed' : ''}
      </span>
      {copied === 'failed' && (
        <span className="pcard__copy-failed">Copying was refused: select the link instead.</span>
      )}
      {!live && <span className="pcard__offline">Not shown to visitors right now</span>}
    </div>
  );
}
