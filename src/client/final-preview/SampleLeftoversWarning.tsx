import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import type { Draft } from '../../shared/draft.js';
import { EDIT_PATH, type EditorNavigationState } from '../../shared/routes.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { TEMPLATE_DEFINITIONS } from '../../shared/templates/catalog.js';
import {
  loadEverySample,
  sampleLeftovers,
  type SampleLeftover,
} from '../editor/sampleLeftovers.js';
import { editorSteps } from '../editor/steps.js';

/** Every template's sample, loaded ahead of the card (loadSamplesAhead). */
let samplesLoaded: readonly PortfolioData[] | undefined;

/**
 * Loads every template's sample before the final preview draws its cards, so the warning is
 * there with the card: arriving after it, the warning pushed Make Payment down on a phone (a
 * layout shift of 0.06). Every template's, not only the draft's: a change of template carries
 * the first template's sample words and links along. Never fails: without the samples there is
 * simply no warning.
 */
export async function loadSamplesAhead(): Promise<void> {
  // Without the samples there is nothing to compare: no warning rather than a wrong one.
  const loaded = await loadEverySample();
  if (loaded.length > 0) samplesLoaded = loaded;
}

/** The parts of the draft still reading as a template's sample (loaded ahead, see above). */
export function useSampleLeftovers(draft: Draft): SampleLeftover[] {
  return useMemo(
    () =>
      samplesLoaded
        ? sampleLeftovers(TEMPLATE_DEFINITIONS[draft.templateId], draft.data, samplesLoaded)
        : [],
    [draft.templateId, draft.data],
  );
}

/** Up to this many parts are named in a line; more are listed by step. */
const PARTS_IN_A_LINE = 3;

/** The leftovers by the step that holds them, each named without its step's prefix. */
function byStep(draft: Draft, leftovers: SampleLeftover[]) {
  return editorSteps(TEMPLATE_DEFINITIONS[draft.templateId], draft.data)
    .map((step) => ({
      step,
      parts: leftovers
        .filter((leftover) => leftover.step === step.id)
        .map(({ where }) =>
          where.startsWith(`${step.label}: `) ? where.slice(step.label.length + 2) : where,
        ),
    }))
    .filter((group) => group.parts.length > 0);
}

/**
 * The editor starts from the template's sample so that the preview is never empty; parts left
 * unchanged would be published as someone else's words (a made-up name, phone number or
 * address), and a tile's sample link would send visitors to an example page. A warning only:
 * publishing stays allowed. The parts are listed open, one line per step, and named short (on a
 * phone, inside the notes line above the page, NotesSummary.tsx).
 */
export function SampleLeftoversWarning({ draft }: { draft: Draft }) {
  const id = useId();
  const leftovers = useSampleLeftovers(draft);
  if (leftovers.length === 0) return null;
  const first = leftovers[0]!;
  const replace = (
    <Link
      className="fp-warning__fix"
      to={EDIT_PATH}
      state={{ templateId: draft.templateId, step: first.step } satisfies EditorNavigationState}
    >
      Replace them
    </Link>
  );
  const hint = 'They would be published as they are.';
  return (
    <section className="fp-warning" aria-labelledby={`${id}-title`}>
      <div className="fp-warning__head">
        <h3 id={`${id}-title`} className="fp-warning__title">
          {leftovers.length === 1
            ? '1 part still shows the sample'
            : `${leftovers.length} parts still show the sample`}
        </h3>
        {replace}
      </div>
      {leftovers.length <= PARTS_IN_A_LINE ? (
        <p className="fp-warning__parts">
          {leftovers.map((leftover) => leftover.where).join(', ')}
        </p>
      ) : (
        <dl className="fp-warning__groups">
          {byStep(draft, leftovers).map(({ step, parts }) => (
            <div key={step.id}>
              <dt>{step.label}</dt>
              <dd>{parts.join(', ')}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="fp-warning__hint">{hint}</p>
    </section>
  );
}
