import type { ClaimResponse } from '../../shared/orders.js';

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
 * still available rather than asking again. A check reserves nothing (the hold starts with the
 * payment, and the server decides again then), so only "available" is kept: an update of a live
 * page is done, and a move's price counts days. Kept for the person who asked, and for a short
 * while: someone else may take the name meanwhile, and the page should not say otherwise for long.
 */
const answerKeyOf = (templateId: string) => `finalPreviewUsernameAnswer:${templateId}`;
const ANSWER_KEPT_MS = 15 * 60_000;
type FreeClaim = Extract<ClaimResponse, { status: 'free' }>;

const isText = (value: unknown): value is string => typeof value === 'string';

/** A stored answer as this code writes it; anything else (an older shape, an edit) is not shown. */
function asFreeClaim(value: unknown, username: string): FreeClaim | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const claim = value as Partial<Record<keyof FreeClaim, unknown>>;
  if (claim.status !== 'free' || claim.username !== username || !isText(claim.url))
    return undefined;
  const other = claim.sameTemplate as Partial<Record<string, unknown>> | undefined;
  if (other === undefined) return { status: 'free', username, url: claim.url };
  if (typeof other !== 'object' || other === null) return undefined;
  const { username: otherName, url, paidUntil } = other;
  if (!isText(otherName) || !isText(url) || !isText(paidUntil)) return undefined;
  return {
    status: 'free',
    username,
    url: claim.url,
    sameTemplate: { username: otherName, url, paidUntil },
  };
}

export function readCheckedAnswer(
  templateId: string,
  username: string,
  email: string,
  now = Date.now(),
): FreeClaim | undefined {
  try {
    const kept = JSON.parse(window.localStorage.getItem(answerKeyOf(templateId)) ?? 'null') as {
      claim?: unknown;
      email?: unknown;
      at?: unknown;
    } | null;
    if (!kept || kept.email !== email || typeof kept.at !== 'number') return undefined;
    if (now - kept.at > ANSWER_KEPT_MS || kept.at > now) return undefined;
    return asFreeClaim(kept.claim, username);
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
    if (answer?.claim.status !== 'free') window.localStorage.removeItem(answerKeyOf(templateId));
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
