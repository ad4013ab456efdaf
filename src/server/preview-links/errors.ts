/**
 * The closed set of refusals of the preview-link rules. The service throws these with a sentence
 * for the person; preview-links.routes.ts alone decides the HTTP status and field of each.
 */
export type PreviewLinkRefusal =
  /** The person already has as many live links as anyone may. */
  | 'limit'
  /** The link has been renewed to the end of the days any link may live. */
  | 'lifetime'
  /** No live link of this person's has that id (someone else's, ended, or none at all). */
  | 'not_found'
  /** The draft shows an upload that is not the person's: the field is `field`. */
  | 'foreign_upload';

export class PreviewLinkError extends Error {
  constructor(
    readonly refusal: PreviewLinkRefusal,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'PreviewLinkError';
  }
}
