import type { Draft } from '../../shared/draft.js';
import { MissingFieldsWarning } from './MissingFieldsWarning.js';
import type { MissingFields } from './requiredFields.js';
import { SampleLeftoversWarning } from './SampleLeftoversWarning.js';

/**
 * The notes before publishing: expected fields still empty, then (for a new page) parts still
 * showing the sample. Shown in the publish or update card beside the page, and folded under
 * NotesSummary's one line on a phone: one list, so the two never say different things.
 */
export interface PublishNotesProps {
  draft: Draft;
  missing: MissingFields[];
  /** Whether parts still showing the sample are noted (not when updating a published page). */
  withSample: boolean;
}

export function PublishNotes({ draft, missing, withSample }: PublishNotesProps) {
  return (
    <>
      <MissingFieldsWarning missing={missing} templateId={draft.templateId} />
      {withSample && <SampleLeftoversWarning draft={draft} />}
    </>
  );
}
