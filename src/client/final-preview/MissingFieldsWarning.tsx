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
  return (
    <section className="fp-warning" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="fp-warning__title">
        {count === 1
          ? '1 field the template expects is empty'
          : `${count} fields the template expects are empty`}
      </h3>
      <ul className="fp-warning__list">
        {missing.map(({ part, fields }) => (
          <li key={part}>
            <strong>{part}:</strong> {fields.join(', ')}
          </li>
        ))}
      </ul>
      <p className="fp-warning__hint">
        Your page will show without them.{' '}
        <Link to={EDIT_PATH} state={{ templateId } satisfies EditorNavigationState}>
          Fill them in
        </Link>
      </p>
    </section>
  );
}
