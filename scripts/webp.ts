import type { Page } from 'playwright-core';

/**
 * Chromium scales and encodes the picture itself: the PNG is drawn on a canvas of the output
 * width and read back as WebP at the given quality. (A device scale factor below 1 would do
 * the scaling in one step, but Chromium then lays some pages out wider than the viewport.)
 */
export async function toWebp(
  page: Page,
  png: Buffer,
  width: number,
  quality: number,
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ source, w, q }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = Math.round((image.naturalHeight * w) / image.naturalWidth);
      const context = canvas.getContext('2d')!;
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', q);
    },
    { source: `data:image/png;base64,${png.toString('base64')}`, w: width, q: quality },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
