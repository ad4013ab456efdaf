import type { PhraseKey } from '../../domain/phrases.js';
import type { PortfolioData } from '../../domain/portfolio.js';
import type { TemplateDeclaration } from '../definition.js';

type Say = (key: PhraseKey) => string;

/** The owner's words where they gave some, the template's otherwise. */
export function phrasesOf(
  data: PortfolioData,
  definition: Pick<TemplateDeclaration<string>, 'phrases'>,
): Say {
  return (key) => data.phrases?.[key]?.trim() || definition.phrases[key]?.words || '';
}
