import { describe, expect, it } from 'vitest';
import { isAllowedImage } from './domain/urls.js';
import {
  CENTRE,
  isPortraitUpload,
  linkPreviewImage,
  objectPosition,
  parseUploadRef,
  startingFocus,
  uploadRef,
  withFocus,
} from './uploads.js';

const hash = 'ab'.repeat(32);

describe('upload references with a focal point', () => {
  it('reads the plain form and the form with a focal point', () => {
    expect(parseUploadRef(`upload:${hash}:800x600`)).toEqual({ hash, width: 800, height: 600 });
    expect(parseUploadRef(`upload:${hash}:800x600#30,75`)).toEqual({
      hash,
      width: 800,
      height: 600,
      focus: { x: 30, y: 75 },
    });
  });

  it.each([
    `upload:${hash}:800x600#101,50`,
    `upload:${hash}:800x600#50`,
    `upload:${hash}:800x600#-1,50`,
    `upload:${hash}:800x600#1000,50`,
    `upload:${hash}:800x600#`,
    `upload:${hash}:0x600`,
  ])('refuses %s', (value) => {
    expect(parseUploadRef(value)).toBeUndefined();
    expect(isAllowedImage(value)).toBe(false);
  });

  it('writes the centre as the plain form, and clamps and rounds', () => {
    const plain = `upload:${hash}:800x600`;
    expect(withFocus(plain, { x: 50, y: 50 })).toBe(plain);
    expect(withFocus(plain, { x: 12.6, y: 140 })).toBe(`${plain}#13,100`);
    expect(uploadRef({ hash, width: 1, height: 2, focus: { x: -3, y: 0 } })).toBe(
      `upload:${hash}:1x2#0,0`,
    );
  });

  it('is an allowed portfolio image with or without a focal point', () => {
    expect(isAllowedImage(`upload:${hash}:800x600`)).toBe(true);
    expect(isAllowedImage(`upload:${hash}:800x600#0,100`)).toBe(true);
    expect(isAllowedImage(`upload:${'g'.repeat(64)}:800x600`)).toBe(false);
  });

  it('gives the CSS object-position', () => {
    expect(objectPosition({ x: 30, y: 75 })).toBe('30% 75%');
    expect(objectPosition()).toBe('50% 50%');
  });
});

describe('linkPreviewImage', () => {
  it("names an upload's Open Graph crop, an address as it is, nothing for no image", () => {
    expect(linkPreviewImage('/media', `upload:${hash}:800x600#10,10`)).toEqual({
      url: `/media/${hash}/og-10-10.jpg`,
      width: 1200,
      height: 630,
    });
    expect(linkPreviewImage('https://cdn.example.com', `upload:${hash}:800x600`)?.url).toBe(
      `https://cdn.example.com/${hash}/og.jpg`,
    );
    expect(linkPreviewImage('/media', ' https://example.com/me.jpg ')).toEqual({
      url: 'https://example.com/me.jpg',
    });
    expect(linkPreviewImage('/media', '')).toBeUndefined();
    // Link previews cannot draw SVG (the templates' sample pictures).
    expect(linkPreviewImage('/media', '/images/samples/avatar.svg')).toBeUndefined();
    expect(linkPreviewImage('/media', 'https://example.com/logo.SVG?v=2')).toBeUndefined();
    // The centre is the crop every upload comes with.
    expect(linkPreviewImage('/media', `upload:${hash}:800x600#50,50`)?.url).toBe(
      `/media/${hash}/og.jpg`,
    );
  });
});

describe('startingFocus', () => {
  it("keeps a portrait's upper part in view, and a landscape or square photo's centre", () => {
    // The review: a 3:4 portrait cropped to a wide frame lost the top of the head everywhere.
    expect(startingFocus({ width: 1200, height: 1600 })).toEqual({ x: 50, y: 30 });
    expect(startingFocus({ width: 1600, height: 1200 })).toEqual(CENTRE);
    expect(startingFocus({ width: 1000, height: 1050 })).toEqual(CENTRE);
    // Stored in the draft's reference only when it is not the centre.
    const ref = uploadRef({ hash, width: 1200, height: 1600 });
    expect(withFocus(ref, startingFocus({ width: 1200, height: 1600 }))).toMatch(/#50,30$/);
  });
});

describe('isPortraitUpload', () => {
  it('is an upload more than a tenth taller than wide, with or without a focal point', () => {
    expect(isPortraitUpload(`upload:${hash}:1200x1600`)).toBe(true);
    expect(isPortraitUpload(` upload:${hash}:1200x1600#50,30 `)).toBe(true);
    // A near-square photo stays in the landscape frame, as it starts at the centre.
    expect(isPortraitUpload(`upload:${hash}:1000x1100`)).toBe(false);
    expect(isPortraitUpload(`upload:${hash}:1000x1101`)).toBe(true);
    expect(isPortraitUpload(`upload:${hash}:1600x1200`)).toBe(false);
    // An address says nothing of the picture's size.
    expect(isPortraitUpload('https://example.com/portrait.jpg')).toBe(false);
    expect(isPortraitUpload('')).toBe(false);
  });
});
