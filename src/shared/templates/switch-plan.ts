/**
 * A change of template as the editor makes it, and what the person is told first: carry the
 * draft over (carry-over.ts), bring back what an earlier change set aside (set-aside.ts), then
 * sort each line the new template cannot show into kept for later or gone for good. A line
 * whose values the same change puts straight back is neither: it is among what comes back.
 */
import type { Draft } from '../draft.js';
import { carryOver, type Samples } from './carry-over.js';
import { TEMPLATE_DEFINITIONS, type TemplateId } from './catalog.js';
import { mergeSetAside, restoreSetAside, stillSetAside } from './set-aside.js';

export interface SwitchPlan {
  /** The draft for the new template, with what is set aside for a later one. */
  draft: Draft;
  /** Not shown by the new template, kept with the draft for one that shows it. */
  kept: string[];
  /** Not shown, and gone for good. */
  discarded: string[];
  /** Where sections went, and which join another (carry-over's `moves`). */
  moves: string[];
  /** What an earlier change set aside and this one brings back, one line per kind of thing. */
  restored: string[];
  /** What an earlier change set aside, dropped now: the person has put another in its place. */
  replaced: string[];
  /** Whether the person is asked before the switch: something is not shown, or joins another. */
  ask: boolean;
}

export function planSwitch(draft: Draft, templateId: TemplateId, samples: Samples): SwitchPlan {
  const to = TEMPLATE_DEFINITIONS[templateId];
  const carried = carryOver(draft.data, TEMPLATE_DEFINITIONS[draft.templateId], to, samples);
  const { data, setAside, restored, replaced } = restoreSetAside(
    carried.data,
    to,
    mergeSetAside(draft.setAside, carried.setAside),
    samples.to,
  );
  const kept = carried.lost
    .filter((entry) => entry.setAside && stillSetAside(entry.setAside, setAside))
    .map((entry) => entry.line);
  const discarded = carried.lost.filter((entry) => !entry.setAside).map((entry) => entry.line);
  return {
    draft: { templateId, data, ...(setAside && { setAside }) },
    kept,
    discarded,
    moves: carried.moves,
    restored,
    replaced,
    ask: kept.length > 0 || discarded.length > 0 || replaced.length > 0 || carried.joined,
  };
}
