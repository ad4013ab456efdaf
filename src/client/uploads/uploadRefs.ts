import { imageValuesIn } from '../../shared/domain/images.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { isUploadRef, TOUCH_MAX_REFS, type TouchUploadsAnswer } from '../../shared/uploads.js';
import { api } from '../api/http.js';

/** Every uploaded image a draft holds: the profile picture and the tiles' images. */
export function uploadRefsIn(data: PortfolioData): string[] {
  const values = imageValuesIn(data).map((image) => image.value);
  return [...new Set(values.filter(isUploadRef))];
}

/**
 * Tells the server the draft still uses these uploads, so its 30-day sweep keeps them; answers
 * which are gone. Nothing to say when the draft holds none.
 */
export async function touchUploads(refs: readonly string[]): Promise<TouchUploadsAnswer> {
  if (refs.length === 0) return { kept: [], missing: [] };
  return api<TouchUploadsAnswer>('/api/uploads/touch', {
    method: 'POST',
    body: JSON.stringify({ refs: refs.slice(0, TOUCH_MAX_REFS) }),
  });
}
