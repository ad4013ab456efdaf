import { useState } from 'react';
import { useFocusAfterRender } from './useFocusAfterRender.js';
import { useKeyedList, type ListChange } from './useKeyedList.js';

export interface ListRules {
  /** The item in sentences, e.g. "Tile" ("Tile 2 added."), and after a move ("it is now tile 3"). */
  noun: string;
  movedNoun: string;
  /** The prefix of an item's control ids, by its position from 1. */
  prefix: (position: number) => string;
  max: number;
  /** Said when an add is refused because the list is full; the note's id, for the add button. */
  full: { message: string; noteId: string };
  /** Removing stops at `min` items, saying this; without it the list may be emptied. */
  keep?: { min: number; message: string; noteId: string };
  /** Where focus goes when the last item is removed. */
  emptyFocus?: string;
}

/**
 * Editing a list in the form (tiles, social links): add, remove, move, each said to screen
 * readers and followed by focus on the control that makes sense next; an add past `max` or a
 * remove below `keep.min` is refused, and the refusal is shown beside the control that was refused.
 */
export function useListEditing<T>(
  items: readonly T[],
  onChange: (change: ListChange<T>) => void,
  rules: ListRules,
) {
  const list = useKeyedList(items, onChange);
  const focusLater = useFocusAfterRender();
  const [message, setMessage] = useState('');
  const [refusal, setRefusal] = useState<'full' | 'keep' | null>(null);
  const full = items.length >= rules.max;
  const atMinimum = rules.keep !== undefined && items.length <= rules.keep.min;
  const { noun, prefix } = rules;

  const refuse = (kind: 'full' | 'keep', text: string) => {
    setRefusal(kind);
    setMessage(text);
  };
  const tell = (text: string) => {
    setRefusal(null);
    setMessage(text);
  };

  /** Appends `item`, then focuses `focusId`; refused when the list is full. */
  const add = (item: T, focusId: string, said = `${noun} ${items.length + 1} added.`) => {
    if (full) {
      refuse('full', rules.full.message);
      return;
    }
    list.add(item);
    tell(said);
    focusLater(focusId);
  };

  const remove = (index: number) => {
    if (atMinimum && rules.keep) {
      refuse('keep', rules.keep.message);
      return;
    }
    list.remove(index);
    tell(`${noun} ${index + 1} removed.`);
    const next = Math.min(index, items.length - 2) + 1;
    const focus = items.length > 1 ? `${prefix(next)}-remove` : rules.emptyFocus;
    if (focus) focusLater(focus);
  };

  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    list.move(index, delta);
    tell(
      `${noun} ${index + 1} moved ${delta < 0 ? 'up' : 'down'}; it is now ${rules.movedNoun} ${target + 1}.`,
    );
    // At an end the button pressed is gone (disabled): focus its opposite.
    const atEdge = target === 0 || target === items.length - 1;
    const button = atEdge ? (delta < 0 ? 'down' : 'up') : delta < 0 ? 'up' : 'down';
    focusLater(`${prefix(target + 1)}-${button}`);
  };

  return {
    rules,
    entries: list.entries,
    count: items.length,
    full,
    atMinimum,
    refusal,
    message,
    add,
    remove,
    move,
    update: list.update,
  };
}

/** What a list's frame and its cards use, whatever the items are. */
export type ListEditing = Omit<
  ReturnType<typeof useListEditing<unknown>>,
  'entries' | 'add' | 'update'
>;
