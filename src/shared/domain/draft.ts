import { isTemplateId, type TemplateId } from '../routes.js';
import { parsePortfolio, type FieldProblem, type PortfolioData } from './portfolio.js';

/** The browser's local-storage key for the work in progress (spec: templateData). */
export const DRAFT_STORAGE_KEY = 'templateData';

/** What lives under templateData: the template being edited and its data. */
export interface Draft {
  templateId: TemplateId;
  data: PortfolioData;
}

export type DraftReadResult =
  | { status: 'ok'; draft: Draft }
  | { status: 'missing' }
  | { status: 'invalid'; problem: FieldProblem };

/** Reads a stored draft without trusting it: unparseable or unsafe content is refused. */
export function parseDraft(raw: string | null): DraftReadResult {
  if (raw === null || raw === '') return { status: 'missing' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {
      status: 'invalid',
      problem: { field: 'templateData', message: 'The saved draft is not valid JSON.' },
    };
  }
  if (typeof value !== 'object' || value === null) {
    return {
      status: 'invalid',
      problem: { field: 'templateData', message: 'The saved draft is empty.' },
    };
  }
  const { templateId, data } = value as { templateId?: unknown; data?: unknown };
  if (!isTemplateId(templateId)) {
    return {
      status: 'invalid',
      problem: { field: 'templateId', message: 'The saved draft names no template.' },
    };
  }
  const parsed = parsePortfolio(data);
  if (!parsed.ok) return { status: 'invalid', problem: parsed.problem };
  return { status: 'ok', draft: { templateId, data: parsed.data } };
}
