/**
 * A phone number as a person writes it: digits, spaces and + ( ) - . only, at most 40 characters.
 * The draft's schema and the résumé import take the same rule.
 */
export const PHONE_MAX_LENGTH = 40;
export const PHONE_PATTERN = /^[0-9+()\-.\s]*$/;
export const PHONE_RULE = 'may contain only digits, spaces and + ( ) - .';

/** Whether an already trimmed value passes the rule (empty passes: no number). */
export function isPhoneNumber(value: string): boolean {
  return value.length <= PHONE_MAX_LENGTH && PHONE_PATTERN.test(value);
}
