import type { AccountPortfolio } from '../../shared/account.js';
import type { DomainsResponse, DomainView } from '../../shared/domains.js';
import { useApiAnswer } from '../api/useApiAnswer.js';
import type { PortfolioDomains } from './CustomDomainSection.js';
import { PortfolioCard } from './PortfolioCard.js';

/**
 * The person's portfolios as cards. Their custom domains come in one request for them all,
 * each card given its own; a failure is said once, above the cards, which work without them.
 */
export function PortfolioList({
  portfolios,
  onChange,
  onDeleted,
}: {
  portfolios: readonly AccountPortfolio[];
  onChange: (next: AccountPortfolio) => void;
  onDeleted: (username: string) => void;
}) {
  const { loaded, update } = useApiAnswer<DomainsResponse>('/api/account/domains');

  const domainsOf = (username: string): PortfolioDomains | undefined => {
    if (loaded.status !== 'ready') return undefined;
    const own = (domain: DomainView) => domain.username === username;
    return {
      enabled: loaded.answer.enabled,
      list: loaded.answer.domains.filter(own),
      change: (change) =>
        update((answer) => ({
          ...answer,
          domains: [
            ...answer.domains.filter((domain) => !own(domain)),
            ...change(answer.domains.filter(own)),
          ],
        })),
    };
  };

  return (
    <>
      {loaded.status === 'error' && (
        <p className="alert alert--compact account__error" role="alert">
          Your custom domains could not be loaded. {loaded.message}
        </p>
      )}
      <ul className="account__list">
        {portfolios.map((portfolio) => (
          <li key={portfolio.username}>
            <PortfolioCard
              portfolio={portfolio}
              domains={domainsOf(portfolio.username)}
              onChange={onChange}
              onDeleted={onDeleted}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
