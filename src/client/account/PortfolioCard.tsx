import { Fragment, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { AccountPortfolio, PublicationResponse } from '../../shared/account.js';
import {
  allowsFreeUpdates,
  daysUntil,
  formatTermDate,
  termInWords,
} from '../../shared/domain/term.js';
import { renewPath } from '../../shared/routes.js';
import type { PortfolioDataResponse } from '../../shared/templates-api.js';
import { isTemplateId, templateCardImage } from '../../shared/templates/catalog.js';
import { api } from '../api/http.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { MenuButton, type MenuAction } from '../components/MenuButton.js';
import { NewTabLink } from '../components/NewTabLink.js';
import { startEditingPublished } from '../draft/storage.js';
import { UiIcon } from '../components/UiIcon.js';
import { CustomDomainSection } from './CustomDomainSection.js';
import { ReceiptsPanel } from './ReceiptsPanel.js';
import { SharePanel } from './SharePanel.js';
import { useCopy } from './useCopy.js';
import { VisitsPanel } from './VisitsPanel.js';

type Dialog = 'unpublish' | 'delete' | undefined;

/** Renewing leads the card from when the status starts counting the days left (termInWords). */
const RENEW_LEADS_DAYS = 30;

/**
 * One portfolio on the account page, read as a product: its template's picture, its address as
 * the title, the template and the term's status, then its actions by weight: Edit and View (and
 * Renew once due, Publish once unpublished) as buttons, the panels and Copy as lighter tools,
 * Unpublish and Delete in the More menu. The panels open under the whole card.
 */
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
  const status = p.unpublished
    ? 'Unpublished · you took this page offline'
    : termInWords(p.paidUntil);
  const paidUntil = formatTermDate(new Date(p.paidUntil));
  const renewDue = p.termState !== 'live' || daysUntil(new Date(p.paidUntil)) <= RENEW_LEADS_DAYS;

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

  const leavingActions: MenuAction[] = [
    ...(p.unpublished
      ? []
      : [
          {
            id: 'unpublish',
            label: (
              <>
                Unpublish<span className="visually-hidden"> {p.username}</span>
              </>
            ),
            opensDialog: true,
            onSelect: () => setDialog('unpublish'),
          },
        ]),
    {
      id: 'delete',
      label: (
        <>
          Delete<span className="visually-hidden"> {p.username}</span>
        </>
      ),
      destructive: true,
      opensDialog: true,
      onSelect: () => setDialog('delete'),
    },
  ];

  // A full load: the renewal page may be served by the server or by the builder.
  const renew = (
    <a className={renewDue ? 'button' : 'pcard__tool'} href={renewPath(p.username)}>
      Renew<span className="visually-hidden"> {p.username}</span>
    </a>
  );

  return (
    <article className={`pcard pcard--${state}`} aria-labelledby={headingId}>
      {isTemplateId(p.templateId) && (
        <img
          className="pcard__thumb"
          src={templateCardImage(p.templateId)}
          alt=""
          width={200}
          height={150}
          loading="lazy"
        />
      )}
      <div className="pcard__info">
        <h2 className="pcard__title">
          <NewTabLink href={p.url}>
            <Address id={headingId} url={p.url} />
          </NewTabLink>
        </h2>
        <p className="pcard__meta">
          {p.templateName} template
          {/* The date once: the status names it while the term is far from its end. */}
          {!status.includes(paidUntil) && <> · paid until {paidUntil}</>}
        </p>
        <p className="pcard__state">{status}</p>
      </div>

      <MenuButton className="pcard__more" items={leavingActions}>
        <UiIcon name="more" />
        More<span className="visually-hidden"> actions for {p.username}</span>
      </MenuButton>

      <div className="pcard__actions">
        <div className="pcard__primary">
          {p.unpublished && (
            <button
              type="button"
              className="button"
              aria-disabled={busy !== undefined}
              onClick={() => void (busy ? undefined : publish())}
            >
              {busy === 'publish' ? 'Publishing…' : 'Publish'}
              <span className="visually-hidden"> {p.username}</span>
            </button>
          )}
          {renewDue && renew}
          <button
            type="button"
            className={canEdit ? 'button' : 'button button--ghost'}
            disabled={!canEdit}
            aria-disabled={busy !== undefined}
            aria-describedby={canEdit ? undefined : `${headingId}-renew-hint`}
            onClick={() => void (busy ? undefined : edit())}
          >
            {busy === 'edit' ? 'Opening…' : 'Edit'}
            <span className="visually-hidden"> {p.username}</span>
          </button>
          <NewTabLink href={p.url} className="button button--ghost">
            View<span className="visually-hidden"> {p.username}</span>
          </NewTabLink>
        </div>
        {!canEdit && (
          <p className="pcard__hint" id={`${headingId}-renew-hint`}>
            This page has expired: renew it to make changes.
          </p>
        )}
        <div className="pcard__tools">
          <CopyLinkButton url={p.url} />
          <PanelToggle open={shareOpen} setOpen={setShareOpen} panelId={shareId}>
            Share<span className="visually-hidden"> {p.username}</span>
          </PanelToggle>
          <PanelToggle open={visitsOpen} setOpen={setVisitsOpen} panelId={visitsId}>
            Visitors<span className="visually-hidden"> of {p.username}</span>
          </PanelToggle>
          <PanelToggle open={receiptsOpen} setOpen={setReceiptsOpen} panelId={receiptsId}>
            Receipts<span className="visually-hidden"> of {p.username}</span>
          </PanelToggle>
          {!renewDue && renew}
        </div>
        {error && (
          <p className="account__error" role="alert">
            {error}
          </p>
        )}
      </div>

      <div className="pcard__panels">
        {shareOpen && <SharePanel id={shareId} username={p.username} url={p.url} />}
        {visitsOpen && <VisitsPanel id={visitsId} username={p.username} />}
        <ReceiptsPanel id={receiptsId} orders={p.orders} open={receiptsOpen} />
        <CustomDomainSection username={p.username} />
      </div>

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

/**
 * The address without its scheme, drawn in pieces that each end in "/": a long address wraps
 * after a slash, and inside a piece (at a hyphen, or anywhere) only when the piece alone is too
 * wide. Pieces laid out that way would be read with a pause after each slash, so screen readers
 * (and the card's name, `id`) get the address in one piece instead.
 */
function Address({ id, url }: { id: string; url: string }) {
  const shown = url.replace(/^https?:\/\//, '');
  const parts = shown.split('/');
  return (
    <>
      <span id={id} className="visually-hidden">
        {shown}
      </span>
      <span aria-hidden="true">
        {parts.map((part, index) => (
          <Fragment key={index}>
            {index > 0 && <wbr />}
            <span className="pcard__piece">{index < parts.length - 1 ? `${part}/` : part}</span>
          </Fragment>
        ))}
      </span>
    </>
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
      className="pcard__tool"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => setOpen((wasOpen) => !wasOpen)}
    >
      {children}
    </button>
  );
}

/** Copies the page's address, and says when it worked (and what to do when it did not). */
function CopyLinkButton({ url }: { url: string }) {
  const { copied, copy } = useCopy();

  return (
    <>
      <button type="button" className="pcard__tool pcard__copy" onClick={() => void copy(url)}>
        {copied === 'copied' ? (
          <>
            Copied<span className="visually-hidden"> link</span>
          </>
        ) : (
          'Copy link'
        )}
      </button>
      <span className="visually-hidden" role="status">
        {copied === 'copied' ? 'Link copied' : copied === 'failed' ? 'Copying failed' : ''}
      </span>
      {copied === 'failed' && (
        <span className="pcard__copy-failed">Copying was refused: select the link instead.</span>
      )}
    </>
  );
}
