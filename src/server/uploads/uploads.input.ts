import { parseUploadRef, TOUCH_MAX_REFS } from '../../shared/uploads.js';
import { badRequest } from '../http/errors.js';

/** Reads `{ refs: string[] }` of POST /api/uploads/touch, naming the first field at fault. */
export function readTouchBody(body: unknown): string[] {
  const refs = (body as { refs?: unknown } | null)?.refs;
  if (!Array.isArray(refs)) throw badRequest('refs must be a list of upload references', 'refs');
  if (refs.length > TOUCH_MAX_REFS) {
    throw badRequest(`refs may hold at most ${TOUCH_MAX_REFS} references`, 'refs');
  }
  refs.forEach((ref, index) => {
    if (typeof ref !== 'string' || !parseUploadRef(ref)) {
      throw badRequest(
        `refs.${index} is not an upload reference (upload:<hash>:<width>x<height>)`,
        `refs.${index}`,
      );
    }
  });
  return refs as string[];
}
