import { UiIcon } from '../components/UiIcon.js';

interface ItemToolbarProps {
  /** Prefix of the buttons' ids, e.g. f-section-tile-2 (lists move focus to them by id). */
  idPrefix: string;
  /** The item in words, e.g. "tile 2". */
  itemName: string;
  isFirst: boolean;
  isLast: boolean;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  /** When set, removing is refused and this says why (the button stays focusable). */
  removeRefusal?: { noteId: string };
}

/** Move up, move down and remove, for one item of a list. */
export function ItemToolbar({
  idPrefix,
  itemName,
  isFirst,
  isLast,
  onMove,
  onRemove,
  removeRefusal,
}: ItemToolbarProps) {
  return (
    <div className="item-toolbar">
      <button
        type="button"
        id={`${idPrefix}-up`}
        className="icon-button"
        disabled={isFirst}
        aria-label={`Move ${itemName} up`}
        title="Move up"
        onClick={() => onMove(-1)}
      >
        <UiIcon name="up" />
      </button>
      <button
        type="button"
        id={`${idPrefix}-down`}
        className="icon-button"
        disabled={isLast}
        aria-label={`Move ${itemName} down`}
        title="Move down"
        onClick={() => onMove(1)}
      >
        <UiIcon name="down" />
      </button>
      <button
        type="button"
        id={`${idPrefix}-remove`}
        className="icon-button icon-button--danger"
        aria-label={`Remove ${itemName}`}
        aria-disabled={removeRefusal ? true : undefined}
        aria-describedby={removeRefusal?.noteId}
        title={removeRefusal ? 'The last one cannot be removed' : 'Remove'}
        onClick={onRemove}
      >
        <UiIcon name="remove" />
      </button>
    </div>
  );
}
