import { useEffect, useState } from 'react';
import type { TemplateComponent } from '../../shared/templates/definition.js';
import type { TemplateId } from '../../shared/routes.js';
import { loadTemplate } from './loadTemplate.js';

type State =
  { status: 'loading' } | { status: 'ready'; Component: TemplateComponent } | { status: 'failed' };

/** Loads a template's chunk; 'failed' when the network drops it (the page offers a retry). */
export function useTemplate(id: TemplateId): State {
  const [state, setState] = useState<{ id: TemplateId; state: State }>({
    id,
    state: { status: 'loading' },
  });
  useEffect(() => {
    let live = true;
    loadTemplate(id).then(
      (Component) => live && setState({ id, state: { status: 'ready', Component } }),
      () => live && setState({ id, state: { status: 'failed' } }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return state.id === id ? state.state : { status: 'loading' };
}
