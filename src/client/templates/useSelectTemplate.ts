import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EDIT_PATH, type EditorNavigationState } from '../../shared/routes.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { useSession } from '../auth/session.js';
import { keepPick, preparePick } from './pickTemplate.js';

/** Select on /choose: the pick (pickTemplate.ts), then the editor on it. */
export function useSelectTemplate() {
  const navigate = useNavigate();
  const session = useSession();
  const [busyTemplate, setBusyTemplate] = useState<TemplateId | undefined>();
  const [selectError, setSelectError] = useState<string | undefined>();

  /** The templates this person has published: picking one of them edits that portfolio. */
  const published = new Set(
    session.status === 'ready' ? session.portfolios.map((p) => p.templateId) : [],
  );

  const select = async (templateId: TemplateId) => {
    setSelectError(undefined);
    setBusyTemplate(templateId);
    try {
      keepPick(await preparePick(templateId));
      await navigate(EDIT_PATH, { state: { templateId } satisfies EditorNavigationState });
    } catch (error) {
      setSelectError((error as Error).message);
      setBusyTemplate(undefined);
    }
  };

  return {
    select,
    /** The template being opened, while its data loads. */
    busyTemplate,
    published,
    /** Why the last pick did not go through. */
    problem: selectError,
    dismissProblem: () => setSelectError(undefined),
  };
}
