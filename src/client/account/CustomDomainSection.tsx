import { useId, useState, type FormEvent } from 'react';
import {
  CLAIM_WAITS_DAYS,
  DOMAIN_STATE_WORDS,
  MAX_DOMAINS_PER_PORTFOLIO,
  hostnameProblem,
  normaliseHostname,
  type DnsRecord,
  type DomainView,
} from '../../shared/domains.js';
import { ApiError, api } from '../api/http.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { NewTabLink } from '../components/NewTabLink.js';
import { useCopy } from './useCopy.js';
import { when } from './when.js';
import './custom-domain.css';
import './status-pill.css';

/**
 * One portfolio's domains, from the person's list that the account page loads once
 * (PortfolioList), and how to change them there after the server confirmed a change.
 */
export interface PortfolioDomains {
  /** Custom domains are offered on this server: a portfolio may add one. */
  enabled: boolean;
  list: readonly DomainView[];
  change: (change: (list: readonly DomainView[]) => DomainView[]) => void;
}

/** A domain's state as a status pill: served (green), found changed (amber), or waiting. */
const STATE_TONES: Record<DomainView['state'], 'ok' | 'warn' | 'neutral'> = {
  pending: 'neutral',
  verified: 'ok',
  https: 'ok',
  changed: 'warn',
};

/** What each state means for the owner, and what to do next. */
const STATE_LEADS: Record<DomainView['state'], string> = {
  pending: `Create these records at your DNS provider. Changes can take a few minutes to an hour to be seen; we check again every few minutes. A domain whose records are not found within ${CLAIM_WAITS_DAYS} days is removed from this list.`,
  verified:
    'Your portfolio is served at this domain. Its HTTPS certificate is set up on the first visit. Keep these records in place.',
  https:
    'Your portfolio is served here over HTTPS, and its usual address now redirects here. Keep these records in place.',
  changed:
    'A check found these records missing or changed, so the domain is not served now. Put them back as shown:',
};

const domainPath = (hostname: string) => `/api/account/domains/${encodeURIComponent(hostname)}`;

/**
 * A portfolio's own domains on its account card: the form to add one, the DNS records to create
 * for each (with copy buttons), its state in words, Check now and Remove.
 */
export function CustomDomainSection({
  username,
  domains: { enabled, list: domains, change },
}: {
  username: string;
  domains: PortfolioDomains;
}) {
  const headingId = useId();
  if (!enabled && domains.length === 0) return null;

  const replace = (next: DomainView) =>
    change((list) => list.map((d) => (d.hostname === next.hostname ? next : d)));

  return (
    <section className="pdomain" aria-labelledby={headingId}>
      <h3 className="pdomain__title" id={headingId}>
        Custom domain<span className="visually-hidden"> for {username}</span>
      </h3>
      {domains.length === 0 && (
        <p className="pdomain__lead">
          Show this portfolio at an address of your own, such as <strong>www.yourname.com</strong>.
          You create a few DNS records where you bought the domain; we check them and set up HTTPS.
        </p>
      )}
      {domains.map((domain) => (
        <DomainItem
          key={domain.hostname}
          domain={domain}
          onChange={replace}
          onRemoved={() => change((list) => list.filter((d) => d.hostname !== domain.hostname))}
        />
      ))}
      {enabled && domains.length < MAX_DOMAINS_PER_PORTFOLIO && (
        <AddDomainForm
          username={username}
          another={domains.length > 0}
          onAdded={(domain) => change((list) => [...list, domain])}
        />
      )}
    </section>
  );
}

function AddDomainForm({
  username,
  another,
  onAdded,
}: {
  username: string;
  another: boolean;
  onAdded: (domain: DomainView) => void;
}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = hostnameProblem(normaliseHostname(typed));
    if (problem) {
      setError(`Domain ${problem}.`);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const domain = await api<DomainView>(
        `/api/account/portfolios/${encodeURIComponent(username)}/domains`,
        { method: 'POST', body: JSON.stringify({ hostname: typed }) },
      );
      setTyped('');
      onAdded(domain);
    } catch (failure) {
      const message = (failure as Error).message;
      // The server names the field; say it in the words of the form.
      setError(
        failure instanceof ApiError && failure.field === 'hostname'
          ? `Domain: ${message.replace(/^hostname:?\s*/, '')}`
          : message,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="pdomain__form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={inputId}>{another ? 'Another domain' : 'Domain'}</label>
      <div className="pdomain__form-row">
        <input
          id={inputId}
          name="hostname"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="www.yourname.com"
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button" aria-disabled={busy}>
          {busy ? 'Adding…' : 'Add domain'}
        </button>
      </div>
      {error && (
        <p className="alert alert--compact account__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function DomainItem({
  domain,
  onChange,
  onRemoved,
}: {
  domain: DomainView;
  onChange: (next: DomainView) => void;
  onRemoved: () => void;
}) {
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const served = domain.state === 'verified' || domain.state === 'https';

  const check = async () => {
    if (checking) return;
    setChecking(true);
    setError(undefined);
    try {
      onChange(
        await api<DomainView>(`${domainPath(domain.hostname)}/check`, {
          method: 'POST',
          body: '{}',
        }),
      );
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="pdomain__item">
      <div className="pdomain__head">
        <p className="pdomain__host">
          {served ? (
            <NewTabLink href={`https://${domain.hostname}/`}>{domain.hostname}</NewTabLink>
          ) : (
            domain.hostname
          )}
        </p>
        <p className={`pdomain__state status-pill status-pill--${STATE_TONES[domain.state]}`}>
          {DOMAIN_STATE_WORDS[domain.state]}
        </p>
      </div>
      <p className="pdomain__lead">{STATE_LEADS[domain.state]}</p>
      {domain.checkProblem && <p className="pdomain__problem">{domain.checkProblem}</p>}
      <RecordsTable records={domain.records} hostname={domain.hostname} zone={domain.zone} />
      <div className="pdomain__actions">
        <button
          type="button"
          className="button button--ghost"
          aria-disabled={checking}
          onClick={() => void check()}
        >
          {checking ? 'Checking…' : 'Check now'}
          <span className="visually-hidden"> {domain.hostname}</span>
        </button>
        <button
          type="button"
          className="button button--ghost pdomain__remove"
          onClick={() => setConfirming(true)}
        >
          Remove<span className="visually-hidden"> {domain.hostname}</span>
        </button>
        <span className="visually-hidden" role="status">
          {checking ? `Checking ${domain.hostname}` : ''}
        </span>
      </div>
      {domain.checkedAt && (
        <p className="pdomain__checked">Last checked {when(domain.checkedAt)}</p>
      )}
      {error && (
        <p className="alert alert--compact account__error" role="alert">
          {error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Remove ${domain.hostname}?`}
          confirmLabel="Remove domain"
          destructive
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await api<null>(domainPath(domain.hostname), { method: 'DELETE' });
            setConfirming(false);
            onRemoved();
          }}
        >
          <p>
            Visitors to <strong>{domain.hostname}</strong> stop seeing your portfolio at once. Your
            page stays at its usual address.
          </p>
          <p>To use the domain again later, add it again: it gets a new verification token.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function RecordsTable({
  records,
  hostname,
  zone,
}: {
  records: DnsRecord[];
  hostname: string;
  zone: string;
}) {
  const relative = records.some((record) => record.host !== record.name);
  return (
    <div className="pdomain__records">
      <table>
        <caption className="visually-hidden">DNS records for {hostname}</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Host (Name)</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={`${record.type} ${record.name} ${record.value}`}>
              <td>{record.type}</td>
              <td data-label="Host (Name)">
                <code>{record.host}</code>
                <CopyButton
                  text={record.host}
                  what={`${record.type} record host for ${hostname}`}
                />
                {record.host !== record.name && (
                  <span className="pdomain__fullname">
                    Full name: <code>{record.name}</code>
                  </span>
                )}
              </td>
              <td data-label="Value">
                <code>{record.value}</code>
                <CopyButton
                  text={record.value}
                  what={`${record.type} record value for ${hostname}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {relative && (
        <p className="pdomain__hint">
          Most DNS providers add <strong>{zone}</strong> to the Host themselves, so type it as shown
          {records.some((record) => record.host === '@') ? ' (@ means the domain itself)' : ''}. If
          yours asks for the whole name, use the full name instead. Where a record with the same
          Host already exists (a parking page your provider added, say), edit it rather than adding
          another.
        </p>
      )}
    </div>
  );
}

function CopyButton({ text, what }: { text: string; what: string }) {
  const { copied, copy } = useCopy();

  return (
    <>
      <button type="button" className="pdomain__copy" onClick={() => void copy(text)}>
        {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Select it' : 'Copy'}
        <span className="visually-hidden"> {what}</span>
      </button>
      <span className="visually-hidden" role="status">
        {copied === 'copied' ? `${what} copied` : ''}
      </span>
    </>
  );
}
