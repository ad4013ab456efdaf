import { useState } from 'react';
import type { Draft } from '../../shared/draft.js';
import { templateDataPath } from '../../shared/routes.js';
import type { TemplateDataResponse } from '../../shared/templates-api.js';
import { blankStart } from '../../shared/templates/blank-start.js';
import { templateName, type TemplateId } from '../../shared/templates/catalog.js';
import { api } from '../api/http.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { DRAFT_NOT_SAVED_MESSAGE, writeDraft } from '../draft/storage.js';

/** What a cleared draft starts again from. */
type Start = 'example' | 'blank';

/**
 * "Clear this draft?": once confirmed, the template's example content, or a blank page under the
 * template's headings, replaces the draft.
 */
export function ClearDraftDialog({
  templateId,
  onCleared,
  onClose,
}: {
  templateId: TemplateId;
  /** The fresh draft, already stored: the editor starts over with it. */
  onCleared: (draft: Draft) => void;
  onClose: () => void;
}) {
  const [start, setStart] = useState<Start>('example');
  return (
    <ConfirmDialog
      title="Clear this draft?"
      confirmLabel="Clear draft"
      destructive
      onClose={onClose}
      onConfirm={async () => {
        const { data } = await api<TemplateDataResponse>(templateDataPath(templateId));
        const draft: Draft = { templateId, data: start === 'blank' ? blankStart(data) : data };
        if (!writeDraft(draft)) {
          throw new Error(DRAFT_NOT_SAVED_MESSAGE);
        }
        onClose();
        onCleared(draft);
      }}
    >
      <p>
        Everything you typed for this {templateName(templateId)} portfolio in this browser is
        replaced. A page you have already published stays as it is.
      </p>
      <fieldset className="clear-draft__starts">
        <legend>Start again from</legend>
        <label>
          <input
            type="radio"
            name="clear-draft-start"
            checked={start === 'example'}
            onChange={() => setStart('example')}
          />
          <span>
            <strong>The template&apos;s example</strong>
            <small>Its sample person&apos;s words and pictures, to change one by one.</small>
          </span>
        </label>
        <label>
          <input
            type="radio"
            name="clear-draft-start"
            checked={start === 'blank'}
            onChange={() => setStart('blank')}
          />
          <span>
            <strong>A blank page</strong>
            <small>Empty fields under the template&apos;s headings, to fill in yourself.</small>
          </span>
        </label>
      </fieldset>
    </ConfirmDialog>
  );
}
