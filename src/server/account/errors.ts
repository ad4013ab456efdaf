/**
 * The closed set of refusals of the account rules. Services throw these with a sentence for the
 * person; `account.routes.ts` alone decides the HTTP status and field of each.
 */
export type AccountRefusal =
  /** This person has no portfolio at that username. */
  | 'not_yours'
  /** Deleting the account was not confirmed with the agreed word or the account's email. */
  | 'not_confirmed'
  /** Too many exports are being packed at once. */
  | 'busy';

export class AccountError extends Error {
  constructor(
    readonly refusal: AccountRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}
