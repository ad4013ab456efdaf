import type { Draft } from '../../shared/draft.js';
import { templateDataPath } from '../../shared/routes.js';
import type { TemplateDataResponse } from '../../shared/templates-api.js';
import { templateName, type TemplateId } from '../../shared/templates/catalog.js';
import { api } from '../api/http.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { DRAFT_NOT_SAVED_MESSAGE, writeDraft } from '../draft/storage.js';

/** "Clear this draft?": once confirmed, the template's default content replaces the draft. */
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
  return (
    <ConfirmDialog
      title="Clear this draft?"
      confirmLabel="Clear draft"
      destructive
      onClose={onClose}
      onConfirm={async () => {
        const { data } = await api<TemplateDataResponse>(templateDataPath(templateId));
        const draft: Draft = { templateId, data };
        if (!writeDraft(draft)) {
          throw new Error(DRAFT_NOT_SAVED_MESSAGE);
        }
        onClose();
        onCleared(draft);
      }}
    >
      <p>
        Everything you typed for this {templateName(templateId)} portfolio in this browser is
        replaced with the template&apos;s example content.
      </p>
      <p>A page you have already published stays as it is.</p>
    </ConfirmDialog>
  );
}
