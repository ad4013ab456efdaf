import type { PhraseKey } from '../../domain/phrases.js';
import type { PortfolioData } from '../../domain/portfolio.js';
import type { TemplateDefinition } from '../definition.js';

type Say = (key: PhraseKey) => string;

/** The owner's words where they gave some, the template's otherwise. */
export function phrasesOf(data: PortfolioData, definition: TemplateDefinition): Say {
  return (key) => data.phrases?.[key]?.trim() || definition.phrases[key]?.words || '';
}
