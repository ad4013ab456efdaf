import { useState } from 'react';
import type { AccountPortfolio } from '../../shared/account.js';
import {
  allowsFreeUpdates,
  daysUntil,
  formatTermDate,
  isServed,
  RENEWAL_DUE_DAYS,
  termInWords,
} from '../../shared/domain/term.js';
import { renewPath } from '../../shared/routes.js';
import { isTemplateId } from '../../shared/templates/catalog.js';
import { NewTabLink } from '../components/NewTabLink.js';
import { PageThumbnail } from './PageThumbnail.js';
import { CardPanel, PanelToggle } from './CardPanel.js';
import { WebAddress, WithWholeDates } from '../components/BreakableText.js';
import { CustomDomainSection, type PortfolioDomains } from './CustomDomainSection.js';
import { PortfolioMenu } from './PortfolioMenu.js';
import { ReceiptsPanel } from './ReceiptsPanel.js';
import { SharePanel } from './SharePanel.js';
import { usePortfolioActions } from './usePortfolioActions.js';
import { VisitsPanel } from './VisitsPanel.js';
import './status-pill.css';
import './portfolio-card.css';

/** The term's status as a status pill: live (green), in its grace days (amber), or not shown. */
const STATE_TONES = {
  live: 'ok',
  grace: 'warn',
  offline: 'neutral',
  released: 'neutral',
  unpublished: 'neutral',
} as const;

/**
 * One portfolio on the account page, read as a product: its template's picture, its address as
 * the title, the template and the term's status, then its actions by weight: Edit (and Publish
 * once unpublished) and View as buttons, Renew beside them once the renewal is due (the last
 * RENEWAL_DUE_DAYS, or past the end: nothing renews by itself) and a quiet "Renew early" link
 * under the paid-until date before that, while the name is still its owner's; the three panels as
 * lighter tools (Share holds Copy link), and the rest in the More menu: Export, Unpublish and
 * Delete. The panels open under the whole card; its custom domains (`domains`, undefined until
 * loaded) under them.
 */
export function PortfolioCard({
  portfolio: p,
  domains,
  onChange,
  onDeleted,
}: {
  portfolio: AccountPortfolio;
  domains: PortfolioDomains | undefined;
  onChange: (next: AccountPortfolio) => void;
  onDeleted: (username: string) => void;
}) {
  const { busy, error, publish, edit, exportResume, unpublish } = usePortfolioActions(p, onChange);
  const [receiptsOpen, setReceiptsOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [visitsOpen, setVisitsOpen] = useState(false);
  const headingId = `portfolio-${p.username}`;
  const hintId = `${headingId}-renew-hint`;
  const receiptsId = `receipts-${p.username}`;
  const visitsId = `visits-${p.username}`;
  const shareId = `share-${p.username}`;
  const canEdit = allowsFreeUpdates(p.termState) && isTemplateId(p.templateId);
  const state = p.unpublished ? 'unpublished' : p.termState;
  const status = p.unpublished
    ? 'Unpublished · you took this page offline'
    : termInWords(p.paidUntil);
  const paidUntil = formatTermDate(new Date(p.paidUntil));
  // The server renews a name while it is kept for its owner: released, it is bought again.
  const canRenew = p.termState !== 'released';
  const renewDue = p.termState !== 'live' || daysUntil(new Date(p.paidUntil)) <= RENEWAL_DUE_DAYS;

  return (
    <article className={`surface-card pcard pcard--${state}`} aria-labelledby={headingId}>
      <PageThumbnail
        username={p.username}
        templateId={p.templateId}
        served={!p.unpublished && isServed(p.termState)}
        className="pcard__thumb"
      />
      <div className="pcard__info">
        <h2 className="pcard__title">
          <NewTabLink href={p.url}>
            <WebAddress id={headingId} url={p.url} withoutScheme />
          </NewTabLink>
        </h2>
        <p className="pcard__meta">
          {p.templateName} template
          {/* The date once: the status names it while the term is far from its end. */}
          {!status.includes(paidUntil) && (
            <>
              {' '}
              · paid until <span className="whole-date">{paidUntil}</span>
            </>
          )}
        </p>
        <p className={`pcard__state status-pill status-pill--${STATE_TONES[state]}`}>
          <span>
            <WithWholeDates text={status} />
          </span>
        </p>
        {/* Until the last days of the term the date is the news; renewing then is a quiet link. */}
        {canRenew && !renewDue && (
          <p className="pcard__renew-early">
            <a href={renewPath(p.username)}>
              Renew early<span className="visually-hidden"> {p.username}</span>
            </a>
          </p>
        )}
      </div>

      <PortfolioMenu
        portfolio={p}
        unpublish={unpublish}
        exportResume={exportResume}
        onDeleted={onDeleted}
      />

      <div className="pcard__actions">
        <div className="pcard__primary">
          {p.unpublished && (
            <button
              type="button"
              className="button"
              aria-disabled={busy !== undefined}
              onClick={() => void publish()}
            >
              {busy === 'publish' ? 'Publishing…' : 'Publish'}
              <span className="visually-hidden"> {p.username}</span>
            </button>
          )}
          {/* A full load: the renewal page may be served by the server or by the builder. */}
          {canRenew && renewDue && (
            <a className="button" href={renewPath(p.username)}>
              Renew<span className="visually-hidden"> {p.username}</span>
            </a>
          )}
          {/* Focusable while it does nothing (expired, or busy): its hint can be reached. */}
          <button
            type="button"
            className={canEdit ? 'button' : 'button button--ghost pcard__edit--expired'}
            aria-disabled={!canEdit || busy !== undefined}
            aria-describedby={canEdit ? undefined : hintId}
            onClick={() => void (canEdit ? edit() : undefined)}
          >
            {busy === 'edit' ? 'Opening…' : 'Edit'}
            <span className="visually-hidden"> {p.username}</span>
          </button>
          <NewTabLink href={p.url} className="button button--ghost">
            View<span className="visually-hidden"> {p.username}</span>
          </NewTabLink>
        </div>
        {!canEdit && (
          <p className="pcard__hint" id={hintId}>
            This page has expired: renew it to make changes.
          </p>
        )}
        <div className="pcard__tools">
          <PanelToggle open={shareOpen} setOpen={setShareOpen} panelId={shareId}>
            Share<span className="visually-hidden"> {p.username}</span>
          </PanelToggle>
          <PanelToggle open={visitsOpen} setOpen={setVisitsOpen} panelId={visitsId}>
            Visitors<span className="visually-hidden"> of {p.username}</span>
          </PanelToggle>
          <PanelToggle open={receiptsOpen} setOpen={setReceiptsOpen} panelId={receiptsId}>
            Receipts<span className="visually-hidden"> of {p.username}</span>
          </PanelToggle>
        </div>
        {error && (
          <p className="alert alert--compact account__error" role="alert">
            {error}
          </p>
        )}
      </div>

      <div className="pcard__panels">
        <CardPanel id={shareId} open={shareOpen}>
          <SharePanel username={p.username} url={p.url} />
        </CardPanel>
        {/* Its numbers are asked for each time it opens. */}
        <CardPanel id={visitsId} open={visitsOpen}>
          {visitsOpen && <VisitsPanel username={p.username} />}
        </CardPanel>
        <CardPanel id={receiptsId} open={receiptsOpen}>
          <ReceiptsPanel orders={p.orders} refundedPayments={p.refundedPayments} />
        </CardPanel>
        {domains && <CustomDomainSection username={p.username} domains={domains} />}
      </div>
    </article>
  );
}
