import type { TemplateListResponse, TemplateSummary } from '../../shared/templates-api.js';
import { useApiAnswer, type Loaded } from '../api/useApiAnswer.js';

/**
 * The templates for sale with their prices (GET /api/templates), as /choose,
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
