import type { TemplateListResponse, TemplateSummary } from '../../shared/templates-api.js';
import { useApiAnswer, type Loaded } from '../api/useApiAnswer.js';

/**
 * The templates for sale with their prices (GET /api/templates), as /choose, the landing page,
 * Change template and the final preview show them; the selectors below read one part of it.
 * Prices are for display only: the server computes what is paid.
 */
export function useTemplateList() {
  return useApiAnswer<TemplateListResponse>('/api/templates');
}

export type TemplateList = Loaded<TemplateListResponse>;

/** One template's entry, once the list is here; `answer` is undefined when it is not listed. */
export type TemplatePrice = Loaded<TemplateSummary | undefined>;

export function templatePrice(list: TemplateList, templateId: string): TemplatePrice {
  if (list.status !== 'ready') return list;
  return { status: 'ready', answer: list.answer.templates.find((t) => t.id === templateId) };
}

/**
 * The lowest yearly price a buyer pays today, in paise: undefined while loading, and null when
 * nothing is for sale or the list could not be read (a page then says nothing about price
 * rather than something wrong).
 */
export function startingPrice(list: TemplateList): number | null | undefined {
  if (list.status === 'loading') return undefined;
  if (list.status === 'error') return null;
  const prices = list.answer.templates.flatMap((t) =>
    t.finalPricePaise === null ? [] : [t.finalPricePaise],
  );
  return prices.length > 0 ? Math.min(...prices) : null;
}
