import { describe, expect, it } from 'vitest';
import { useKeyedList, withKeysOf, type ListChange } from './useKeyedList.js';

// It keeps no React state: its keys live with the lists, so it can be called outside a render.
const keyedList = useKeyedList;

describe('a keyed list, after some of its items are dropped at once', () => {
  it('lets a late change find the item it was for among the items kept', () => {
    let list = [{ title: 'Sample one' }, { title: 'Mine' }, { title: 'Sample two' }];
    const onChange = (change: ListChange<{ title: string; photo?: string }>) => {
      list = change(list);
    };
    // An upload for "Mine" starts, keyed as the list showed it then.
    const mine = keyedList(list, onChange).entries[1]!.key;
    const kept = withKeysOf(list, [list[1]!]);
    onChange(() => kept);
    keyedList(list, onChange).update(mine, (item) => ({ ...item, photo: 'upload:1' }));
    expect(list).toEqual([{ title: 'Mine', photo: 'upload:1' }]);
  });

  it('gives an item it did not have a key of its own', () => {
    const list = [{ title: 'Sample' }];
    const blank = { title: '' };
    const next = withKeysOf(list, [blank]);
    const [before] = keyedList(list, () => {}).entries;
    const [after] = keyedList(next, () => {}).entries;
    expect(after!.key).not.toBe(before!.key);
  });
});
