import { listed } from '../../shared/plural.js';
import { useId } from 'react';
import { Link } from 'react-router';
import { EDIT_PATH, type EditorNavigationState } from '../../shared/routes.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import type { MissingFields } from './requiredFields.js';

/**
 * Fields the template has a place for (those the editor marks) still empty. Publishing does not
 * need them (SPEC section 5), so the note says what happens without them, not that they are required.
 */
export function MissingFieldsWarning({
  missing,
  templateId,
}: {
  missing: MissingFields[];
  templateId: TemplateId;
}) {
  const id = useId();
  if (missing.length === 0) return null;
  const count = missing.reduce((total, part) => total + part.fields.length, 0);
  // A line, not a list of every field: the editor marks each one where it is.
  const parts = missing.map(({ part, fields }) => `${part} (${fields.length})`);
  const where = listed(parts);
  return (
    <section className="fp-warning" aria-labelledby={`${id}-title`}>
      <div className="fp-warning__head">
        <h3 id={`${id}-title`} className="fp-warning__title">
          {count === 1 ? '1 expected field is empty' : `${count} expected fields are empty`}
        </h3>
        <Link
          className="fp-warning__fix"
          to={EDIT_PATH}
          state={{ templateId } satisfies EditorNavigationState}
        >
          {count === 1 ? 'Fill it in' : 'Fill them in'}
        </Link>
      </div>
      <p className="fp-warning__parts">
        In {where}. Your page shows without {count === 1 ? 'it' : 'them'}.
      </p>
    </section>
  );
}
