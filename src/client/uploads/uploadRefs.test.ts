import { describe, expect, it } from 'vitest';
import { blankTile, type PortfolioData } from '../../shared/domain/portfolio.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { UPLOAD_MAX_BYTES } from '../../shared/uploads.js';
import { checkBeforeSending } from './sendUpload.js';
import { uploadRefsIn } from './uploadRefs.js';

const ref = (char: string, focus = '') => `upload:${char.repeat(64)}:800x600${focus}`;

describe('uploadRefsIn', () => {
  it('finds the profile picture and every tile image that is an upload, once each', () => {
    const data: PortfolioData = structuredClone(SAMPLE_DATA.template1);
    data.personalDetails.profileImage = ref('a', '#20,30');
    data.section2!.sectionTiles = [
      { ...blankTile(), img: ref('b') },
      { ...blankTile(), img: 'https://example.com/x.jpg' },
      { ...blankTile(), img: ` ${ref('b')} ` },
      { ...blankTile(), img: '' },
    ];
    expect(uploadRefsIn(data)).toEqual([ref('a', '#20,30'), ref('b')]);
  });

  it('finds nothing in a draft of addresses', () => {
    expect(uploadRefsIn(SAMPLE_DATA.template5)).toEqual([]);
  });
});

describe('checkBeforeSending', () => {
  it('refuses an empty file and one over 15 MB before sending', () => {
    expect(checkBeforeSending(new Blob([]))?.message).toContain('empty');
    const big = checkBeforeSending(new Blob([new Uint8Array(UPLOAD_MAX_BYTES + 1)]));
    expect(big?.status).toBe(413);
    expect(big?.message).toContain('at most 15 MB');
    expect(checkBeforeSending(new Blob([new Uint8Array(UPLOAD_MAX_BYTES)]))).toBeUndefined();
  });
});
