import { useEffect, useState } from 'react';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { TEMPLATE_DEFINITIONS, type TemplateId } from '../../shared/templates/catalog.js';
import type { TemplateComponent } from '../../shared/templates/definition.js';
import { loadTemplate } from './loadTemplate.js';

type Loading<T> = { status: 'loading' } | ({ status: 'ready' } & T) | { status: 'failed' };

/** Loads what `load` gives for a template; 'failed' when the network drops it (pages offer a retry). */
function useTemplateChunks<T>(id: TemplateId, load: (id: TemplateId) => Promise<T>): Loading<T> {
  const [state, setState] = useState<{ id: TemplateId; state: Loading<T> }>({
    id,
    state: { status: 'loading' },
  });
  useEffect(() => {
    let live = true;
    load(id).then(
      (loaded) => live && setState({ id, state: { status: 'ready', ...loaded } }),
      () => live && setState({ id, state: { status: 'failed' } }),
    );
    return () => {
      live = false;
    };
  }, [id, load]);
  return state.id === id ? state.state : { status: 'loading' };
}

const componentOf = async (id: TemplateId) => ({ Component: await loadTemplate(id) });

const componentAndSampleOf = async (id: TemplateId) => {
  const [Component, sample] = await Promise.all([
    loadTemplate(id),
    TEMPLATE_DEFINITIONS[id].loadSample(),
  ]);
  return { Component, sample };
};

/** A template's component (its own chunk, with its CSS). */
export function useTemplate(id: TemplateId): Loading<{ Component: TemplateComponent }> {
  return useTemplateChunks(id, componentOf);
}

/** A template's component and its sample data, for the template preview pages. */
export function useTemplateWithSample(
  id: TemplateId,
): Loading<{ Component: TemplateComponent; sample: PortfolioData }> {
  return useTemplateChunks(id, componentAndSampleOf);
}
