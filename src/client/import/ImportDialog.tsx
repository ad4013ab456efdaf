import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { Draft } from '../../shared/draft.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { ImportError, megabytes } from '../../shared/resume/import-error.js';
import {
  applyImport,
  planImport,
  type ImportPartId,
  type ImportPlan,
} from '../../shared/resume/plan-import.js';
import {
  IMPORT_ACCEPT,
  IMPORT_MAX_FILE_BYTES,
  readResumeFile,
} from '../../shared/resume/read-file.js';
import { TEMPLATE_DEFINITIONS, templateName } from '../../shared/templates/catalog.js';
import { plural } from '../../shared/plural.js';
import { useModalDialog } from '../components/useModalDialog.js';
import '../components/modal-card.css';
import './import.css';

/** What an import did, for the editor's Undo. */
export interface ImportDone {
  data: PortfolioData;
  /** "3 parts from resume.json". */
  summary: string;
}

interface Review {
  fileName: string;
  plan: ImportPlan;
}

/** Reads the chosen file here, in the browser: it is never sent anywhere. */
async function planFor(file: File, draft: Draft): Promise<ImportPlan> {
  if (file.size > IMPORT_MAX_FILE_BYTES) {
    throw new ImportError(
      `This file is larger than ${megabytes(IMPORT_MAX_FILE_BYTES)}, more than a résumé or a LinkedIn export. It was not read.`,
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const profile = readResumeFile(file.name, bytes);
  const definition = TEMPLATE_DEFINITIONS[draft.templateId];
  const sample = await definition.loadSample();
  return planImport(profile, definition, draft.data, sample);
}

/**
 * "Import…": a JSON Resume file or LinkedIn's data export, read in the browser, then a review of
 * what fills which part of this template: what is there now, what the file has, and a box per
 * part to replace it (ticked where the part is empty or still the template's sample, unticked
 * where the person wrote their own). What the template cannot show is listed. Nothing changes
 * until Import; a file that cannot be read says why and changes nothing.
 */
export function ImportDialog({
  draft,
  onImport,
  onClose,
}: {
  draft: Draft;
  onImport: (done: ImportDone) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const reviewTitle = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [review, setReview] = useState<Review | undefined>();
  const [chosen, setChosen] = useState<ReadonlySet<ImportPartId>>(new Set());
  const [error, setError] = useState<string | undefined>();
  const [reading, setReading] = useState(false);
  const id = useId();
  const name = templateName(draft.templateId);

  useModalDialog(dialog);
  useEffect(() => {
    if (review) reviewTitle.current?.focus();
  }, [review]);

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again (after fixing it) is a change too.
    event.target.value = '';
    if (!file) return;
    setError(undefined);
    setReading(true);
    try {
      const plan = await planFor(file, draft);
      if (plan.parts.length === 0) {
        throw new ImportError(`Nothing in ${file.name} fills a part of ${name}.`);
      }
      setChosen(new Set(plan.parts.filter((part) => part.replaceByDefault).map((part) => part.id)));
      setReview({ fileName: file.name, plan });
    } catch (failure) {
      setError(
        failure instanceof ImportError
          ? failure.message
          : 'This file could not be read. Choose a JSON Resume file or the ZIP LinkedIn sent you.',
      );
    } finally {
      setReading(false);
    }
  };

  const toggle = (part: ImportPartId, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(part);
      else next.delete(part);
      return next;
    });

  const finish = () => {
    if (!review || chosen.size === 0) return;
    onImport({
      data: applyImport(draft.data, review.plan, chosen),
      summary: `${plural(chosen.size, 'part')} from ${review.fileName}`,
    });
  };

  return (
    <dialog
      ref={dialog}
      className="modal-card import-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {review ? (
        <div key="review" className="import-dialog__body">
          <h2 id={`${id}-title`} ref={reviewTitle} tabIndex={-1} className="import-dialog__title">
            Import from {review.fileName}
          </h2>
          <div className="import-dialog__scroll">
            <p className="import-dialog__lead">
              {review.plan.format} read in this browser. Tick each part of your {name} page that the
              file should fill; the others stay as they are.
            </p>
            <ul className="import-parts" aria-label="Parts the file can fill">
              {review.plan.parts.map((part) => {
                const boxId = `${id}-${part.id}`;
                return (
                  <li key={part.id} className="import-part">
                    <h3 className="import-part__name">{part.label}</h3>
                    <dl className="import-part__values">
                      <div>
                        <dt>Now</dt>
                        <dd className={part.current ? '' : 'is-empty'}>
                          {part.current || 'Empty'}
                        </dd>
                      </div>
                      <div>
                        <dt>From the file</dt>
                        <dd>{part.incoming}</dd>
                      </div>
                    </dl>
                    <div className="import-part__choice">
                      <input
                        id={boxId}
                        type="checkbox"
                        checked={chosen.has(part.id)}
                        onChange={(event) => toggle(part.id, event.target.checked)}
                      />
                      <label htmlFor={boxId}>
                        {part.current ? 'Replace what is there' : 'Fill it in'}
                        <span className="visually-hidden">: {part.label}</span>
                      </label>
                    </div>
                  </li>
                );
              })}
            </ul>
            {review.plan.moves.length > 0 && (
              <>
                <h3 className="import-dialog__subtitle">Where the file’s lists go</h3>
                <ul className="import-dialog__list" aria-label="Where the file’s lists go">
                  {review.plan.moves.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
            {review.plan.notShown.length > 0 && (
              <>
                <h3 className="import-dialog__subtitle">Not imported</h3>
                <p className="import-dialog__fine">
                  {name} has no place for these, or they do not fit a portfolio’s rules:
                </p>
                <ul
                  className="import-dialog__list import-dialog__list--lost"
                  aria-label="Not imported"
                >
                  {review.plan.notShown.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <div className="import-dialog__actions">
            {chosen.size === 0 && (
              <p className="import-dialog__none" role="status">
                Tick at least one part to import.
              </p>
            )}
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setReview(undefined);
                setError(undefined);
              }}
            >
              Choose another file
            </button>
            <button
              type="button"
              className="button"
              aria-disabled={chosen.size === 0}
              onClick={finish}
            >
              Import {plural(chosen.size, 'part')}
            </button>
          </div>
        </div>
      ) : (
        <div key="choose" className="import-dialog__body">
          <h2 id={`${id}-title`} className="import-dialog__title">
            Import your résumé
          </h2>
          <div className="import-dialog__scroll">
            <p className="import-dialog__lead">
              Start from what you already have: a <strong>JSON Resume</strong> file (.json), or the
              ZIP LinkedIn emails you from Settings → Data privacy → Get a copy of your data.
            </p>
            <p className="import-dialog__fine">
              The file is read in this browser and never uploaded. You see what goes where before
              anything changes, and you can undo the import.
            </p>
            <div className="import-dialog__pick">
              <input
                ref={fileInput}
                id={`${id}-file`}
                className="import-dialog__file"
                type="file"
                accept={IMPORT_ACCEPT}
                aria-describedby={error ? `${id}-error` : undefined}
                disabled={reading}
                onChange={(event) => void read(event)}
              />
              <label htmlFor={`${id}-file`} className="button">
                {reading ? 'Reading…' : 'Choose a file'}
              </label>
            </div>
            {error && (
              <p id={`${id}-error`} className="import-dialog__error" role="alert">
                {error}
              </p>
            )}
          </div>
          <div className="import-dialog__actions">
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
