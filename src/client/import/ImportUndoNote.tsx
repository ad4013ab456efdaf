import { UiIcon } from '../components/UiIcon.js';
import './import.css';

/**
 * Said in the editor after an import: what came in, and Undo import, which puts the draft back
 * exactly as it was before (edits made since go with it). Stays until closed.
 */
export function ImportUndoNote({
  summary,
  undone,
  onUndo,
  onClose,
}: {
  summary: string;
  undone: boolean;
  onUndo: () => void;
  onClose: () => void;
}) {
  return (
    <div className="import-note" role="status">
      <UiIcon name={undone ? 'back' : 'check'} />
      <p className="import-note__text">
        {undone ? 'The import was undone: your draft is as it was.' : `Imported ${summary}.`}
      </p>
      {!undone && (
        <button type="button" className="link-button import-note__undo" onClick={onUndo}>
          Undo import
        </button>
      )}
      <button type="button" className="import-note__close" onClick={onClose}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Close this note</span>
      </button>
    </div>
  );
}
