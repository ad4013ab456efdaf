import {
  parsePortfolio,
  type ParseResult,
  type PortfolioData,
} from '../../shared/domain/portfolio.js';

/**
 * The one way to read a portfolio document stored in the database (published portfolios, orders,
 * templates' default data): the JSON text parsed, then checked by the same schema that accepted it.
 * A stored document that fails is a fault of ours, never shown as it is.
 */
export function decodeStoredPortfolio(json: string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, problem: { field: 'data', message: 'data is not valid JSON' } };
  }
  return parsePortfolio(value);
}

/** As decodeStoredPortfolio, for callers with no better answer than a server error. */
export function requireStoredPortfolio(json: string, what: string): PortfolioData {
  const decoded = decodeStoredPortfolio(json);
  if (!decoded.ok) {
    throw new Error(`The stored ${what} does not pass the schema: ${decoded.problem.message}`);
  }
  return decoded.data;
}
