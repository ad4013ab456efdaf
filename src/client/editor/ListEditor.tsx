import type { ReactNode } from 'react';
import { ItemToolbar } from './ItemToolbar.js';
import { Alert } from '../components/Alert.js';
import { UiIcon } from '../components/UiIcon.js';
import type { ListEditing } from './useListEditing.js';

/**
 * A list in the form (tiles, social links): its heading and count, `beforeItems` (the offer to
 * remove the sample's), its items (or `empty` while
 * there are none), the add button with any `moreActions` after it, the notes that refused
 * controls point to, and the live region that says what happened.
 */
export function ListEditor({
  editing,
  headingId,
  title,
  beforeItems,
  empty,
  addId,
  addLabel,
  onAdd,
  moreActions,
  children,
}: {
  editing: ListEditing;
  headingId: string;
  title: ReactNode;
  beforeItems?: ReactNode;
  empty?: ReactNode;
  addId?: string;
  addLabel: ReactNode;
  onAdd: () => void;
  moreActions?: ReactNode;
  /** The items, each an ItemCard. */
  children: ReactNode;
}) {
  const { rules, full } = editing;
  return (
    <section className="list-editor" aria-labelledby={headingId}>
      <header className="list-editor__head">
        <h3 id={headingId} className="list-editor__title">
          {title}
        </h3>
        <span className="list-editor__count">
          {editing.count} of {rules.max}
        </span>
      </header>
      {beforeItems}
      {editing.count === 0 && empty ? empty : <ol className="list-editor__items">{children}</ol>}
      <div className="list-editor__foot">
        <button
          type="button"
          id={addId}
          className="button button--ghost list-editor__add"
          aria-disabled={full ? true : undefined}
          aria-describedby={full ? rules.full.noteId : undefined}
          onClick={onAdd}
        >
          <UiIcon name="add" />
          {addLabel}
        </button>
        {moreActions}
        {rules.keep && (
          <p className="visually-hidden" id={rules.keep.noteId}>
            {rules.keep.message}
          </p>
        )}
        <p className="visually-hidden" id={rules.full.noteId}>
          {rules.full.message}
        </p>
        {full && editing.refusal === 'full' && (
          <Alert compact announce={false} className="list-editor__refusal">
            {rules.full.message}
          </Alert>
        )}
      </div>
      <p className="list-editor__announce visually-hidden" role="status">
        {editing.message}
      </p>
    </section>
  );
}

/** One item of a list: its name (and what it holds) as the legend, its toolbar, its fields. */
export function ItemCard({
  editing,
  index,
  name,
  summary,
  children,
}: {
  editing: ListEditing;
  index: number;
  name: string;
  summary: string;
  children: ReactNode;
}) {
  const { rules } = editing;
  const position = index + 1;
  const keep = editing.atMinimum ? rules.keep : undefined;
  return (
    <li className="item-card">
      <fieldset className="item-card__fieldset">
        <legend className="item-card__legend">
          <span className="item-card__name">{name}</span>
          {summary.trim() && (
            <span className="item-card__summary" aria-hidden="true">
              {summary}
            </span>
          )}
        </legend>
        <ItemToolbar
          idPrefix={rules.prefix(position)}
          itemName={`${rules.noun.toLowerCase()} ${position}`}
          isFirst={index === 0}
          isLast={index === editing.count - 1}
          onMove={(delta) => editing.move(index, delta)}
          onRemove={() => editing.remove(index)}
          removeRefusal={keep && { noteId: keep.noteId }}
        />
        {keep && editing.refusal === 'keep' && (
          <Alert compact announce={false} className="list-editor__refusal">
            {keep.message}
          </Alert>
        )}
        <div className="item-card__fields">{children}</div>
      </fieldset>
    </li>
  );
}
