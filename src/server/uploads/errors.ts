/**
 * The closed set of refusals of the upload rules. The service throws these with a sentence for
 * the person; `uploads.routes.ts` alone decides the HTTP status and code of each.
 */
export type UploadRefusal =
  /** The file is not an image we accept, cannot be read, or is too large to process. */
  | 'unusable_file'
  /** The person's uploads would pass their quota. */
  | 'quota_exceeded'
  /** The person has as many uploads in progress as anyone may. */
  | 'in_progress'
  /** The worker pool's queue is full. */
  | 'busy'
  /** The person has no upload by that name. */
  | 'not_found'
  /** A page of the list was asked for after an upload the person does not have. */
  | 'unknown_cursor';

export class UploadError extends Error {
  constructor(
    readonly refusal: UploadRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}
