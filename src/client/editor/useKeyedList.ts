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
   * other edits (even of this same list, or after its step was left and opened again) changes
   * its own item and keeps theirs.
   */
  update: (key: string, change: (item: T) => T) => void;
}

/** A change to a list, applied to the list as it is when the change lands. */
export type ListChange<T> = (items: T[]) => T[];

/**
 * Each list's keys, by the list itself: every change makes a new list and hands its keys on to
 * it, so the keys follow the list wherever it is rendered (a step left and opened again shows
 * the same keys), and a late change finds its item among the keys of the list it changes.
 */
const keysOfList = new WeakMap<readonly unknown[], readonly string[]>();
let lastKey = 0;

const freshKey = () => `item-${++lastKey}`;

/** The list's keys; a list not seen before (loaded, or replaced from outside) gets new ones. */
function keysOf(items: readonly unknown[]): readonly string[] {
  let keys = keysOfList.get(items);
  if (!keys) {
    keys = items.map(freshKey);
    keysOfList.set(items, keys);
  }
  return keys;
}

/**
 * Gives `next`, made from `list` by dropping some of its items (the same objects), the keys those
 * items had: an upload on its way to one of them still finds it. Returns `next`.
 */
export function withKeysOf<T>(list: readonly T[], next: T[]): T[] {
  const keys = keysOf(list);
  keysOfList.set(
    next,
    next.map((item) => {
      const at = list.indexOf(item);
      return at < 0 ? freshKey() : keys[at]!;
    }),
  );
  return next;
}

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
  const keys = keysOf(items);

  /** Hands on `change`, which gives the new list and its keys from the latest list and keys. */
  const commit = (change: (latest: T[], latestKeys: readonly string[]) => [T[], string[]]) =>
    onChange((latest) => {
      const [next, nextKeys] = change(latest, keysOf(latest));
      keysOfList.set(next, nextKeys);
      return next;
    });

  /** Where the item shown at `index` is in the latest list (-1: gone meanwhile). */
  const indexIn = (latestKeys: readonly string[], index: number) =>
    keys[index] === undefined ? -1 : latestKeys.indexOf(keys[index]);

  return {
    entries: items.map((item, index) => ({ key: keys[index]!, item, index })),
    add(item) {
      const key = freshKey();
      commit((latest, latestKeys) => [
        [...latest, item],
        [...latestKeys, key],
      ]);
      return key;
    },
    remove(index) {
      commit((latest, latestKeys) => {
        const at = indexIn(latestKeys, index);
        if (at < 0) return [latest, [...latestKeys]];
        return [latest.filter((_, i) => i !== at), latestKeys.filter((_, i) => i !== at)];
      });
    },
    move(index, delta) {
      commit((latest, latestKeys) => {
        const at = indexIn(latestKeys, index);
        const target = at + delta;
        if (at < 0 || target < 0 || target >= latest.length) return [latest, [...latestKeys]];
        const swap = <V>(list: readonly V[]): V[] => {
          const copy = [...list];
          [copy[at], copy[target]] = [copy[target]!, copy[at]!];
          return copy;
        };
        return [swap(latest), swap(latestKeys)];
      });
    },
    update(key, change) {
      commit((latest, latestKeys) => {
        // Found by its key among the latest keys: the item may have moved since. An item no
        // longer in the list (removed, or the list replaced) is left alone.
        const at = latestKeys.indexOf(key);
        if (at < 0) return [latest, [...latestKeys]];
        return [latest.map((item, i) => (i === at ? change(item) : item)), [...latestKeys]];
      });
    },
  };
}
