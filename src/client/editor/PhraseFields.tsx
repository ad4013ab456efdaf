import { useCallback, useMemo } from 'react';
import { PHRASE_KEYS, PHRASE_LABELS, type PhraseKey } from '../../shared/domain/phrases.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import type { PhraseSpec } from '../../shared/templates/definition.js';
import type { TemplateDefinition } from '../../shared/templates/catalog.js';
import { fieldId, PHRASES_BESIDE_THEIR_FIELD } from './fieldRules.js';
import type { StepId } from './steps.js';
import type { Edit } from './StepFields.js';
import { TextField } from './TextField.js';
import '../components/fold-chevron.css';

/** The template's phrases shown in this part of the page, in a fixed order. */
export function phrasesIn(definition: TemplateDefinition, part: StepId): [PhraseKey, PhraseSpec][] {
  return PHRASE_KEYS.flatMap((key) => {
    const spec = definition.phrases[key];
    return spec && spec.part === part ? [[key, spec] as [PhraseKey, PhraseSpec]] : [];
  });
}

/** The phrases of this part that the fold below the step's fields holds. */
function foldedPhrasesIn(definition: TemplateDefinition, part: StepId) {
  return phrasesIn(definition, part).filter(([key]) => !PHRASES_BESIDE_THEIR_FIELD.includes(key));
}

/**
 * One phrase as a field of its own, drawn beside the field it goes with (the greeting above the
 * name); nothing when the template does not show it.
 */
export function PhraseField({
  definition,
  phraseKey,
  data,
  edit,
}: {
  definition: TemplateDefinition;
  phraseKey: PhraseKey;
  data: PortfolioData;
  edit: Edit;
}) {
  const onChange = useCallback(
    (value: string) => edit(setPhrase(phraseKey, value)),
    [edit, phraseKey],
  );
  const spec = definition.phrases[phraseKey];
  if (!spec) return null;
  return (
    <TextField
      id={fieldId('phrase', phraseKey)}
      label={spec.label ?? PHRASE_LABELS[phraseKey]}
      kind="line"
      hint="Leave it empty to keep the template's words."
      value={data.phrases?.[phraseKey] ?? ''}
      placeholder={spec.words}
      onChange={onChange}
    />
  );
}

const setPhrase = (key: PhraseKey, value: string) => (data: PortfolioData) => ({
  ...data,
  phrases: { ...data.phrases, [key]: value },
});

/**
 * The template's own words in this step (a greeting, a heading, a button), each replaceable by
 * the owner's; left empty, the template's words stay. Folded away: most people keep them.
 */
export function PhraseFields({
  definition,
  part,
  data,
  edit,
}: {
  definition: TemplateDefinition;
  part: StepId;
  data: PortfolioData;
  edit: Edit;
}) {
  const phrases = useMemo(() => foldedPhrasesIn(definition, part), [definition, part]);
  // One handler per phrase, so that only the field typed in renders again (TextField is memoized).
  const handlers = useMemo(
    () =>
      new Map(
        phrases.map(([key]) => [key, (value: string) => edit(setPhrase(key, value))] as const),
      ),
    [phrases, edit],
  );
  if (phrases.length === 0) return null;
  const changed = phrases.some(([key]) => (data.phrases?.[key] ?? '') !== '');
  return (
    <details className="phrase-fields" open={changed || undefined}>
      <summary className="phrase-fields__summary fold-summary fold-chevron">
        Words on the page
      </summary>
      <p className="phrase-fields__hint">
        The template's own words in this part of your page. Type your own, or leave a field empty to
        keep the template's.
      </p>
      {phrases.map(([key, spec]) => (
        <TextField
          key={key}
          id={fieldId('phrase', key)}
          label={spec.label ?? PHRASE_LABELS[key]}
          kind="line"
          value={data.phrases?.[key] ?? ''}
          placeholder={spec.words}
          onChange={handlers.get(key)!}
        />
      ))}
    </details>
  );
}
