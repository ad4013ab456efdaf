/**
 * The focal-point crop's name is written in three patterns (each a literal, so the ReDoS check
 * can read it): the one that makes it and the two that accept it must agree.
 */
import { describe, expect, it } from 'vitest';
import { isFocalCropFile, ogFile } from '../../shared/uploads.js';
import { STORAGE_KEY } from './storage.js';
import { MEDIA_FILE } from './uploads.routes.js';

const HASH = 'a'.repeat(64);

describe('focal-point crop file names', () => {
  it('are accepted by storage and /media wherever ogFile makes them, and nothing else is one', () => {
    for (const focus of [
      { x: 0, y: 0 },
      { x: 30, y: 20 },
      { x: 100, y: 100 },
      { x: 7, y: 99 },
    ]) {
      const file = ogFile(focus);
      expect(isFocalCropFile(file), file).toBe(true);
      expect(STORAGE_KEY.test(`${HASH}/${file}`), file).toBe(true);
      expect(MEDIA_FILE.test(file), file).toBe(true);
    }
    expect(ogFile({ x: 50, y: 50 })).toBe('og.jpg');
    for (const file of ['og.jpg', 'og-1000-2.jpg', 'og-1-2.webp', '../og-1-2.jpg', 'og-a-2.jpg']) {
      expect(isFocalCropFile(file), file).toBe(false);
    }
  });
});
