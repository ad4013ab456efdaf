import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import type { Draft } from '../../shared/draft.js';
import { EDIT_PATH, type EditorNavigationState } from '../../shared/routes.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { TEMPLATE_DEFINITIONS, type TemplateId } from '../../shared/templates/catalog.js';
import { sampleLeftovers, type SampleLeftover } from '../editor/sampleLeftovers.js';

/** Samples loaded ahead of the card (loadSampleAhead), by template. */
const samplesLoaded = new Map<TemplateId, PortfolioData>();

/**
 * Loads a template's sample before the final preview draws its cards, so the warning is there
 * with the card: arriving after it, the warning pushed Make Payment down on a phone (a layout
 * shift of 0.06). Never fails: without the sample there is simply no warning.
 */
export async function loadSampleAhead(templateId: TemplateId): Promise<void> {
  if (samplesLoaded.has(templateId)) return;
  try {
    samplesLoaded.set(templateId, await TEMPLATE_DEFINITIONS[templateId].loadSample());
  } catch {
    // Without the sample there is nothing to compare: no warning rather than a wrong one.
  }
}

/** The parts of the draft still reading as the template's sample (loaded ahead, see above). */
function useSampleLeftovers(draft: Draft): SampleLeftover[] {
  return useMemo(() => {
    const sample = samplesLoaded.get(draft.templateId);
    return sample
      ? sampleLeftovers(TEMPLATE_DEFINITIONS[draft.templateId], draft.data, sample)
      : [];
  }, [draft.templateId, draft.data]);
}

/**
 * The editor starts from the template's sample so that the preview is never empty; parts left
 * unchanged would be published as someone else's words (a made-up name, phone number or
 * address), and a tile's sample link would send visitors to an example page. A warning only:
 * publishing stays allowed.
 */
export function SampleLeftoversWarning({ draft }: { draft: Draft }) {
  const id = useId();
  const leftovers = useSampleLeftovers(draft);
  if (leftovers.length === 0) return null;
  const first = leftovers[0]!;
  return (
    <section className="fp-warning" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="fp-warning__title">
        {leftovers.length === 1
          ? '1 part still shows the sample'
          : `${leftovers.length} parts still show the sample`}
      </h3>
      <p className="fp-warning__parts">{leftovers.map((leftover) => leftover.where).join(', ')}</p>
      <p className="fp-warning__hint">
        These are the template&rsquo;s example words, pictures and links, not yours: they would go
        on your page as they are.{' '}
        <Link
          to={EDIT_PATH}
          state={{ templateId: draft.templateId, step: first.step } satisfies EditorNavigationState}
        >
          Replace them
        </Link>
      </p>
    </section>
  );
}
