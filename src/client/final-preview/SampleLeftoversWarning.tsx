import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Draft } from '../../shared/draft.js';
import { EDIT_PATH, type EditorNavigationState } from '../../shared/routes.js';
import { TEMPLATE_DEFINITIONS } from '../../shared/templates/catalog.js';
import { sampleLeftovers, type SampleLeftover } from '../editor/sampleLeftovers.js';

/** The parts of the draft still reading as the template's sample (its words load on demand). */
function useSampleLeftovers(draft: Draft): SampleLeftover[] {
  const [found, setFound] = useState<SampleLeftover[]>([]);
  useEffect(() => {
    let current = true;
    const definition = TEMPLATE_DEFINITIONS[draft.templateId];
    void definition
      .loadSample()
      .then((sample) => {
        if (current) setFound(sampleLeftovers(definition, draft.data, sample));
      })
      .catch(() => {
        // Without the sample there is nothing to compare: no warning rather than a wrong one.
      });
    return () => {
      current = false;
    };
  }, [draft.templateId, draft.data]);
  return found;
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
