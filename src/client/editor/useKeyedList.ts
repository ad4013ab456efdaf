import { useLayoutEffect, useRef, useState } from 'react';

export interface KeyedEntry<T> {
  key: string;
  item: T;
  index: number;
}

export interface KeyedList<T> {
  entries: KeyedEntry<T>[];
  /** Appends an item; returns the new entry's key. */
  add: (item: T) => string;
  remove: (index: number) => void;
  /** Moves an item by `delta` places (-1 up, +1 down); ignored past either end. */
  move: (index: number, delta: -1 | 1) => void;
  /**
   * Changes the item with this key, as it is when the change lands: an upload that ends after
   * other edits (even of this same list) changes its own item and keeps theirs.
   */
  update: (key: string, change: (item: T) => T) => void;
}

/** A change to a list, applied to the list as it is when the change lands. */
export type ListChange<T> = (items: T[]) => T[];

interface Keys {
  keys: string[];
  next: number;
}

const initialKeys = (length: number, from = 0): Keys => ({
  keys: Array.from({ length }, (_, index) => `item-${from + index}`),
  next: from + length,
});

/**
 * A list edited in place (tiles, social links) with a stable key per item, so moving or removing
 * an item keeps every other item's inputs, focus and state where they belong. Every change is
 * handed on as a function of the list, never as a copy made from this render's items: an edit
 * that lands late (an upload's answer) must not put back what changed meanwhile.
 */
export function useKeyedList<T>(
  items: readonly T[],
  onChange: (change: ListChange<T>) => void,
): KeyedList<T> {
  const [state, setState] = useState(() => initialKeys(items.length));
  // Items replaced from outside (another length than ours): start a fresh set of keys.
  const current =
    state.keys.length === items.length ? state : initialKeys(items.length, state.next);
  const { keys } = current;
  // The keys as last rendered, for a change that lands after later renders.
  const latestKeys = useRef(keys);
  useLayoutEffect(() => {
    latestKeys.current = keys;
  });

  const commit = (change: ListChange<T>, nextKeys: string[], next = current.next) => {
    latestKeys.current = nextKeys;
    setState({ keys: nextKeys, next });
    onChange(change);
  };

  return {
    entries: items.map((item, index) => ({ key: keys[index] ?? `item-${index}`, item, index })),
    add(item) {
      const key = `item-${current.next}`;
      commit((latest) => [...latest, item], [...keys, key], current.next + 1);
      return key;
    },
    remove(index) {
      commit(
        (latest) => latest.filter((_, i) => i !== index),
        keys.filter((_, i) => i !== index),
      );
    },
    move(index, delta) {
      const target = index + delta;
      if (target < 0 || target >= items.length) return;
      const swap = <V>(list: readonly V[]): V[] => {
        if (target >= list.length) return [...list];
        const copy = [...list];
        [copy[index], copy[target]] = [copy[target]!, copy[index]!];
        return copy;
      };
      commit(swap, swap(keys));
    },
    update(key, change) {
      onChange((latest) => {
        // Found by its key among the keys as they are now: the item may have moved since.
        const index = latestKeys.current.indexOf(key);
        if (index < 0 || index >= latest.length) return latest;
        return latest.map((item, i) => (i === index ? change(item) : item));
      });
    },
  };
}
