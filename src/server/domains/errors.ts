/**
 * The closed set of refusals of the custom-domain rules. The service throws these with a
 * sentence for the person; `domains.routes.ts` alone decides the HTTP status of each.
 */
export type DomainRefusal =
  /** The operator has not set custom domains up. */
  | 'not_offered'
  /** The typed name cannot be a domain of the person's own. */
  | 'invalid_hostname'
  /** The portfolio already has as many domains as it may. */
  | 'too_many'
  /** The person has already added this name, or another portfolio serves it. */
  | 'taken'
  /** No such portfolio or domain of this person's (someone else's looks the same). */
  | 'not_yours';

export class DomainError extends Error {
  constructor(
    readonly refusal: DomainRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
