import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Draft } from '../../shared/draft.js';
import { parseDraftAsTyped } from '../../shared/draft.js';
import { EDIT_PATH, templatePreviewPath, type EditorNavigationState } from '../../shared/routes.js';
import { isTemplateId, templateName, type TemplateId } from '../../shared/templates/catalog.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { LoadFailed } from '../components/LoadFailed.js';
import { Spinner } from '../components/Spinner.js';
import { readDraftJson } from '../draft/storage.js';
import { keepPick, preparePick, type TemplatePick } from '../templates/pickTemplate.js';
import './simple-page.css';

type Arrival =
  | { status: 'picking' }
  | { status: 'asking'; pick: TemplatePick; current: Draft }
  | { status: 'failed'; message: string };

/**
 * The draft in this browser that keeping `pick` would lose: one of another template, or one that
 * differs from what the pick brings (edited, or another version of the live page). None when
 * there is no draft, or it is what the pick would store anyway.
 */
function draftLostBy(pick: TemplatePick): Draft | undefined {
  const raw = readDraftJson();
  if (!raw || raw === JSON.stringify({ templateId: pick.templateId, data: pick.data })) return;
  return parseDraftAsTyped(raw);
}

/**
 * Whether this template's own preview linked here (its Use this template): the one page where
 * the person asked for the pick. A published portfolio is on this site too, and may link to
 * /edit?template=...; from it, or from anywhere else, a draft is not replaced without asking.
 */
function cameFromItsPreview(templateId: TemplateId): boolean {
  try {
    if (document.referrer === '') return false;
    const referrer = new URL(document.referrer);
    return (
      referrer.origin === location.origin && referrer.pathname === templatePreviewPath(templateId)
    );
  } catch {
    return false;
  }
}

/**
 * /edit?template=<id> (a template preview's Use this template): picks the template as Select on
 * /choose does (pickTemplate.ts), then opens the editor at plain /edit in place of this address,
 * so Back returns to the preview. A link from anywhere but that preview must not silently replace
 * a draft of the person's own: then the editor asks first.
 */
export function TemplateArrival({ requested }: { requested: string }) {
  const navigate = useNavigate();
  const templateId = isTemplateId(requested) ? requested : undefined;
  const [arrival, setArrival] = useState<Arrival>({ status: 'picking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const open = (id?: TemplateId) =>
      navigate(EDIT_PATH, {
        replace: true,
        state: id ? ({ templateId: id } satisfies EditorNavigationState) : undefined,
      });
    // No such template: the editor opens as plain /edit would (the draft, or the picker).
    if (!templateId) {
      void open();
      return;
    }
    let live = true;
    preparePick(templateId)
      .then((pick) => {
        if (!live) return;
        const current = draftLostBy(pick);
        if (current && !cameFromItsPreview(templateId)) {
          setArrival({ status: 'asking', pick, current });
          return;
        }
        keepPick(pick);
        void open(templateId);
      })
      .catch((error: unknown) => {
        if (live) setArrival({ status: 'failed', message: (error as Error).message });
      });
    return () => {
      live = false;
    };
  }, [templateId, attempt, navigate]);

  const name = templateId ? templateName(templateId) : '';
  if (arrival.status === 'failed') {
    return (
      <main className="simple-page">
        <LoadFailed
          className="surface-card simple-page__card"
          onRetry={() => {
            setArrival({ status: 'picking' });
            setAttempt((count) => count + 1);
          }}
        >
          The {name} template could not be opened. {arrival.message}
        </LoadFailed>
      </main>
    );
  }
  if (arrival.status === 'asking') {
    const { pick, current } = arrival;
    const mine = templateName(current.templateId);
    const replacement = pick.editing
      ? `your published ${name}`
      : current.templateId === pick.templateId
        ? `a fresh ${name}`
        : name;
    return (
      <main className="simple-page">
        <ConfirmDialog
          title={`Replace your draft of ${mine} with ${replacement}?`}
          confirmLabel={`Use ${name}`}
          cancelLabel="Keep my draft"
          onConfirm={async () => {
            keepPick(pick);
            await navigate(EDIT_PATH, {
              replace: true,
              state: { templateId: pick.templateId } satisfies EditorNavigationState,
            });
          }}
          onClose={() => void navigate(EDIT_PATH, { replace: true })}
        >
          <p>
            A link from another site opens the editor on the {name} template. Your draft of {mine}{' '}
            in this browser would be replaced, and what you typed in it cannot be brought back.
          </p>
        </ConfirmDialog>
      </main>
    );
  }
  return (
    <main className="simple-page">
      <p className="surface-card simple-page__card" role="status">
        <Spinner /> Opening {name || 'the editor'}…
      </p>
    </main>
  );
}
