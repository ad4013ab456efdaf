/**
 * The contrast guard's verdicts in words, for the editor (what it did with a colour) and for the
 * server (why it refuses one): both are built from the same numbers here.
 */
import type { AccentVerdict, Shortfall } from './look.js';

type NotOk = Exclude<AccentVerdict, { status: 'ok' }>;

/** 4.49 stays 4.49:1 (never rounded up to a ratio it does not reach). */
const ratioText = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

function hardToRead(colour: string, { what, ratio, needed, large, mark }: Shortfall): string {
  if (mark) {
    const how =
      ratio < 1 ? 'darker than the page' : `only ${ratioText(ratio)} lighter than the page`;
    return `${colour} barely shows as ${what} (${how}; it needs to be ${needed}:1 lighter)`;
  }
  return `${colour} is hard to read as ${what} (${ratioText(ratio)}; ${large ? 'large text' : 'text'} needs ${needed}:1)`;
}

/** What the editor did with a colour, and why. */
export function accentReason(verdict: NotOk): string {
  if (verdict.status === 'adjusted') {
    const done = verdict.direction === 'darker' ? 'darkened' : 'lightened';
    return `${hardToRead(verdict.requested, verdict.shortfall)}, so it was ${done} to ${verdict.accent} (${ratioText(verdict.ratio)}).`;
  }
  if (verdict.code === 'not-a-colour') return `${verdict.requested} is not a colour like #1b75a6.`;
  return `${hardToRead(verdict.requested, verdict.shortfall)}, and no lighter or darker shade of it is readable everywhere this template uses it. Choose another colour.`;
}

/** Why the server refuses a colour for this template, and which shade would do. */
export function accentProblem(verdict: NotOk, templateName: string): string {
  const why =
    verdict.status === 'refused' && verdict.code === 'not-a-colour'
      ? `${verdict.requested} is not a colour like #1b75a6`
      : hardToRead(verdict.requested, verdict.shortfall);
  const fix =
    verdict.status === 'adjusted'
      ? ` Use ${verdict.accent} instead.`
      : verdict.code === 'no-readable-shade'
        ? ` No lighter or darker shade of it is readable everywhere ${templateName} uses it.`
        : '';
  return `appearance.accent is not readable on ${templateName}: ${why}.${fix}`;
}
