import { useId, useState } from 'react';
import { UiIcon } from '../components/UiIcon.js';
import { PublishNotes, type PublishNotesProps } from './PublishNotes.js';
import { useSampleLeftovers } from './SampleLeftoversWarning.js';

/**
 * On a phone, the notes before publishing (parts still showing the sample, empty fields) as one
 * line that opens to the full notes, so that the page itself fills the first screen: listed open
 * above it, the notes pushed the page out of sight. Nothing at all when there is nothing to say.
 */
export function NotesSummary({ draft, missing, withSample }: PublishNotesProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const leftovers = useSampleLeftovers(draft).length;
  const sample = withSample ? leftovers : 0;
  const empty = missing.reduce((total, part) => total + part.fields.length, 0);
  if (sample === 0 && empty === 0) return null;
  const counts = [
    sample > 0 && (sample === 1 ? '1 sample part left' : `${sample} sample parts left`),
    empty > 0 && (empty === 1 ? '1 empty field' : `${empty} empty fields`),
  ].filter(Boolean);
  return (
    <div className={`fp-notes${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className="fp-notes__toggle"
        aria-expanded={open}
        aria-controls={`${id}-notes`}
        onClick={() => setOpen((was) => !was)}
      >
        <UiIcon name="alert" className="fp-notes__icon" />
        <span className="fp-notes__counts">
          {counts[0]}
          {counts[1] && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="visually-hidden">, </span>
              {counts[1]}
            </>
          )}
        </span>
        <UiIcon name="next" className="fp-notes__chevron" />
      </button>
      <div id={`${id}-notes`} className="fp-notes__list" hidden={!open}>
        <PublishNotes draft={draft} missing={missing} withSample={withSample} />
      </div>
    </div>
  );
}
