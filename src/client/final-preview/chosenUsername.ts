import { HOLD_MINUTES, type ClaimResponse } from '../../shared/orders.js';

/**
 * The final preview's username field, kept per template in this browser (localStorage, as the
 * draft is), so that a reload, another tab or coming back another day does not lose the name
 * being chosen. Forgotten once that name is paid for.
 */
const keyOf = (templateId: string) => `finalPreviewUsername:${templateId}`;

/** What was typed in the final preview's username field for this template, so a reload keeps it. */
export function readChosenUsername(templateId: string): string {
  try {
    return window.localStorage.getItem(keyOf(templateId)) ?? '';
  } catch {
    return '';
  }
}

export function writeChosenUsername(templateId: string, username: string): void {
  try {
    if (username === '') window.localStorage.removeItem(keyOf(templateId));
    else window.localStorage.setItem(keyOf(templateId), username);
  } catch {
    // Not kept across a reload, then; the field itself still works.
  }
}

/**
 * The answer "Use this username" gave for the name, kept with it, so that a reload shows the name
 * still checked (and its price, for a move) rather than asking again: a check reserves nothing
 * (the hold starts with the payment, and the server decides then). Kept for the person who asked,
 * and only as long as a hold would last. An update of a live page is done, not an answer to keep.
 */
const answerKeyOf = (templateId: string) => `finalPreviewUsernameAnswer:${templateId}`;
const ANSWER_KEPT_MS = HOLD_MINUTES * 60_000;
type KeptClaim = Extract<ClaimResponse, { status: 'free' | 'owned_other_template' }>;

const isKept = (claim: ClaimResponse): claim is KeptClaim =>
  claim.status === 'free' || claim.status === 'owned_other_template';

export function readCheckedAnswer(
  templateId: string,
  username: string,
  email: string,
  now = Date.now(),
): KeptClaim | undefined {
  try {
    const kept = JSON.parse(window.localStorage.getItem(answerKeyOf(templateId)) ?? 'null') as {
      claim?: ClaimResponse;
      email?: unknown;
      at?: unknown;
    } | null;
    const claim = kept?.claim;
    if (!claim || typeof claim !== 'object' || !isKept(claim)) return undefined;
    if (claim.username !== username || kept.email !== email) return undefined;
    if (typeof kept.at !== 'number' || now - kept.at > ANSWER_KEPT_MS || kept.at > now) {
      return undefined;
    }
    return claim;
  } catch {
    return undefined;
  }
}

/** Keeps the answer just shown, or forgets it (`undefined`: the name changed or was paid for). */
export function writeCheckedAnswer(
  templateId: string,
  answer: { claim: ClaimResponse; email: string } | undefined,
  now = Date.now(),
): void {
  try {
    if (!answer || !isKept(answer.claim)) window.localStorage.removeItem(answerKeyOf(templateId));
    else {
      window.localStorage.setItem(
        answerKeyOf(templateId),
        JSON.stringify({ claim: answer.claim, email: answer.email, at: now }),
      );
    }
  } catch {
    // Asked again after a reload, then.
  }
}
