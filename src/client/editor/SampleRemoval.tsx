import { useState } from 'react';
import { plural } from '../../shared/plural.js';
import { useFocusAfterRender } from './useFocusAfterRender.js';
import { withKeysOf, type ListChange } from './useKeyedList.js';

interface SampleRemovalProps<T> {
  items: readonly T[];
  /** The item holds nothing of the person's: a sample's words or address, as the sample has it. */
  isSample: (item: T) => boolean;
  /**
   * The list without its sample items; by default every other item. A list that must keep one
   * item puts a blank one back.
   */
  without?: (items: readonly T[]) => T[];
  onChange: (change: ListChange<T>) => void;
  /** What one item is called: "tile", "link". */
  noun: string;
  /** The list's name for a screen reader: "Projects", "Social links". */
  listLabel: string;
  /** Makes the buttons' ids unique on the page. */
  idPrefix: string;
}

/**
 * "All 6 links are still the sample's. [Remove the 6 sample links]", then "Removed 6 sample
 * links. [Undo]" while the list is as the removal left it. A sample's items are there so the
 * preview is never empty; a person writing their own would otherwise remove them one by one.
 */
export function SampleRemoval<T>({
  items,
  isSample,
  without = (list) => list.filter((item) => !isSample(item)),
  onChange,
  noun,
  listLabel,
  idPrefix,
}: SampleRemovalProps<T>) {
  const samples = items.filter(isSample).length;
  const [removal, setRemoval] = useState<{ before: T[]; after: T[]; count: number }>();
  const undoable = removal && removal.after === items ? removal : undefined;
  const focusLater = useFocusAfterRender();
  // The button pressed is gone once it has done its work: focus goes to the one in its place.
  const undoId = `${idPrefix}-undo-samples`;
  const removeId = `${idPrefix}-remove-samples`;

  const remove = () => {
    // The person's items keep their keys, and the list before keeps its own: a change on its way
    // to one of their items (an upload to a tile) lands on it whichever list is shown when it ends.
    const after = withKeysOf(items, without(items));
    onChange(() => after);
    setRemoval({ before: withKeysOf(items, [...items]), after, count: samples });
    focusLater(undoId);
  };
  const undo = (before: T[]) => {
    onChange(() => before);
    setRemoval(undefined);
    focusLater(removeId);
  };

  if (undoable) {
    return (
      <SampleRemovalLine
        idPrefix={idPrefix}
        removed={{
          status: `Removed ${plural(undoable.count, `sample ${noun}`)}.`,
          what:
            undoable.count === 1 ? `the sample ${noun}` : plural(undoable.count, `sample ${noun}`),
          undo: () => undo(undoable.before),
        }}
      />
    );
  }
  if (samples === 0) return null;
  return (
    <SampleRemovalLine
      idPrefix={idPrefix}
      offer={{
        text:
          samples === items.length
            ? `${samples === 1 ? `This ${noun} is` : `All ${plural(samples, noun)} are`} still the sample's.`
            : `${samples} of ${plural(items.length, noun)} are still the sample's.`,
        button:
          samples === 1
            ? `Remove the sample ${noun}`
            : `Remove the ${plural(samples, `sample ${noun}`)}`,
        where: ` from ${listLabel}`,
        remove,
      }}
    />
  );
}

interface SampleRemovalLineProps {
  /** Makes the buttons' ids unique on the page: `{idPrefix}-remove-samples`, `-undo-samples`. */
  idPrefix: string;
  /** While samples are left: what is still the sample's, and the button that removes them. */
  offer?: { text: string; button: string; where?: string; remove: () => void };
  /** Once removed: what was, and Undo ("Undo removing `what`" for a screen reader). */
  removed?: { status: string; what: string; undo: () => void };
}

/**
 * The line and its button, for a list's sample items or a step's sample fields alike: the text,
 * then "Remove…", or once removed the status, then Undo.
 */
export function SampleRemovalLine({ idPrefix, offer, removed }: SampleRemovalLineProps) {
  if (removed) {
    return (
      <div className="sample-removal">
        <p className="sample-removal__text" role="status">
          {removed.status}
        </p>
        <button
          id={`${idPrefix}-undo-samples`}
          type="button"
          className="button button--ghost sample-removal__button"
          onClick={removed.undo}
        >
          Undo
          <span className="visually-hidden"> removing {removed.what}</span>
        </button>
      </div>
    );
  }
  if (!offer) return null;
  return (
    <div className="sample-removal">
      <p className="sample-removal__text">{offer.text}</p>
      <button
        id={`${idPrefix}-remove-samples`}
        type="button"
        className="button button--ghost sample-removal__button"
        onClick={offer.remove}
      >
        {offer.button}
        {offer.where && <span className="visually-hidden">{offer.where}</span>}
      </button>
    </div>
  );
}
