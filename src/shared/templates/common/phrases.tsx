import { createContext, useContext, type ReactNode } from 'react';
import type { PhraseKey } from '../../domain/phrases.js';
import type { PortfolioData } from '../../domain/portfolio.js';
import type { TemplateDefinition } from '../definition.js';

type Say = (key: PhraseKey) => string;

/** The owner's words where they gave some, the template's otherwise. */
export function phrasesOf(data: PortfolioData, definition: TemplateDefinition): Say {
  return (key) => data.phrases?.[key]?.trim() || definition.phrases[key]?.words || '';
}

const PhrasesContext = createContext<Say | undefined>(undefined);

/** Wraps a template's page so that any part of it can say its phrases (usePhrase). */
export function PhrasesProvider({
  data,
  definition,
  children,
}: {
  data: PortfolioData;
  definition: TemplateDefinition;
  children: ReactNode;
}) {
  return (
    <PhrasesContext.Provider value={phrasesOf(data, definition)}>
      {children}
    </PhrasesContext.Provider>
  );
}

export function usePhrase(key: PhraseKey): string {
  const say = useContext(PhrasesContext);
  if (!say) throw new Error('usePhrase outside a PhrasesProvider');
  return say(key);
}
