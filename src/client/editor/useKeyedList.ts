import { useState } from 'react';

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
  replace: (index: number, item: T) => void;
}

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
 * an item keeps every other item's inputs, focus and state where they belong.
 */
export function useKeyedList<T>(items: readonly T[], onChange: (items: T[]) => void): KeyedList<T> {
  const [state, setState] = useState(() => initialKeys(items.length));
  // Items replaced from outside (another length than ours): start a fresh set of keys.
  const current =
    state.keys.length === items.length ? state : initialKeys(items.length, state.next);
  const { keys } = current;

  const commit = (nextItems: T[], nextKeys: string[], next = current.next) => {
    setState({ keys: nextKeys, next });
    onChange(nextItems);
  };

  return {
    entries: items.map((item, index) => ({ key: keys[index] ?? `item-${index}`, item, index })),
    add(item) {
      const key = `item-${current.next}`;
      commit([...items, item], [...keys, key], current.next + 1);
      return key;
    },
    remove(index) {
      commit(
        items.filter((_, i) => i !== index),
        keys.filter((_, i) => i !== index),
      );
    },
    move(index, delta) {
      const target = index + delta;
      if (target < 0 || target >= items.length) return;
      const swap = <V>(list: readonly V[]): V[] => {
        const copy = [...list];
        [copy[index], copy[target]] = [copy[target]!, copy[index]!];
        return copy;
      };
      commit(swap(items), swap(keys));
    },
    replace(index, item) {
      onChange(items.map((existing, i) => (i === index ? item : existing)));
    },
  };
}
