import { useEffect, useState } from 'react';
import type { TemplateId } from '../../shared/templates/catalog.js';
import type { TemplateComponent } from '../../shared/templates/definition.js';
import { loadTemplate } from './loadTemplate.js';

type Loading<T> = { status: 'loading' } | ({ status: 'ready' } & T) | { status: 'failed' };

/**
 * What each loader has loaded, by template: a page whose template was loaded before it first
 * renders (a template preview's route loads it with the page; main.tsx waits for that before it
 * hydrates a drawn preview) draws the template at once, as the build drew it.
 */
const loadedChunks = new Map<(id: TemplateId) => Promise<unknown>, Map<TemplateId, unknown>>();

function remembered<T>(load: (id: TemplateId) => Promise<T>) {
  const byId = new Map<TemplateId, T>();
  const remembering = async (id: TemplateId) => {
    const loaded = await load(id);
    byId.set(id, loaded);
    return loaded;
  };
  loadedChunks.set(remembering, byId);
  return remembering;
}

function alreadyLoaded<T>(load: (id: TemplateId) => Promise<T>, id: TemplateId): Loading<T> {
  const loaded = loadedChunks.get(load)?.get(id) as T | undefined;
  return loaded ? { status: 'ready', ...loaded } : { status: 'loading' };
}

/** Loads what `load` gives for a template; 'failed' when the network drops it (pages offer a retry). */
function useTemplateChunks<T>(id: TemplateId, load: (id: TemplateId) => Promise<T>): Loading<T> {
  const [state, setState] = useState<{ id: TemplateId; state: Loading<T> }>(() => ({
    id,
    state: alreadyLoaded(load, id),
  }));
  useEffect(() => {
    // Drawn from what was loaded already (the render reads the same).
    if (alreadyLoaded(load, id).status === 'ready') return;
    let live = true;
    load(id).then(
      (loaded) => live && setState({ id, state: { status: 'ready', ...loaded } }),
      () => live && setState({ id, state: { status: 'failed' } }),
    );
    return () => {
      live = false;
    };
  }, [id, load]);
  return state.id === id && state.state.status !== 'loading'
    ? state.state
    : alreadyLoaded(load, id);
}

const componentOf = remembered(async (id: TemplateId) => ({ Component: await loadTemplate(id) }));

/**
 * Starts loading a template's component before the page that draws it renders (the draft
 * preview's route fetches it beside the page's own code rather than after it). A failure is left
 * for useTemplate to meet again and show.
 */
export function loadTemplateAhead(id: TemplateId): Promise<void> {
  return componentOf(id).then(
    () => undefined,
    () => undefined,
  );
}

/** A template's component (its own chunk, with its CSS). */
export function useTemplate(id: TemplateId): Loading<{ Component: TemplateComponent }> {
  return useTemplateChunks(id, componentOf);
}
