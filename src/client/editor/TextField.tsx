import { memo, type ChangeEvent } from 'react';
import { FIELD_LIMITS, fieldProblem, type FieldKind } from './fieldRules.js';
import { UiIcon } from '../components/UiIcon.js';

export interface TextFieldProps {
  id: string;
  label: string;
  /** Said before the label to screen readers only, e.g. "Tile 2", where the group is not enough. */
  context?: string;
  kind: FieldKind;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** A short help line under the label. */
  hint?: string;
  /** Something about the value worth knowing that does not make it invalid. */
  warning?: string;
  rows?: number;
}

const INPUT_MODES: Partial<Record<FieldKind, 'url' | 'email' | 'tel'>> = {
  link: 'url',
  image: 'url',
  email: 'email',
  tel: 'tel',
};

const AUTOCOMPLETE: Partial<Record<FieldKind, string>> = {
  email: 'email',
  tel: 'tel',
};

/** Addresses only show their counter when they get near the limit; texts always do. */
const COUNTER_ALWAYS: readonly FieldKind[] = ['name', 'line', 'paragraph'];

/**
 * One labelled text field: a live character counter against the server's limit (also enforced
 * with maxLength), and the server's own check with its message beside the field. The value is
 * kept as typed even when it is refused, so no input is ever lost.
 * Memoized: a keystroke elsewhere in the form does not render it again.
 */
export const TextField = memo(function TextField({
  id,
  label,
  context,
  kind,
  value,
  onChange,
  placeholder,
  hint,
  warning,
  rows = 4,
}: TextFieldProps) {
  const max = FIELD_LIMITS[kind];
  const problem = fieldProblem(kind, value);
  const showCounter = COUNTER_ALWAYS.includes(kind) || value.length >= max * 0.9;
  const atLimit = value.length >= max;
  const describedBy = [
    hint ? `${id}-hint` : undefined,
    problem ? `${id}-problem` : undefined,
    warning && !problem ? `${id}-warning` : undefined,
    showCounter ? `${id}-count` : undefined,
  ]
    .filter(Boolean)
    .join(' ');

  const common = {
    id,
    value,
    placeholder,
    maxLength: max,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.target.value),
  };

  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {context && <span className="visually-hidden">{context} </span>}
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {kind === 'paragraph' ? (
        <textarea className="field__control field__control--area" rows={rows} {...common} />
      ) : (
        <input
          className="field__control"
          type={kind === 'tel' ? 'tel' : 'text'}
          inputMode={INPUT_MODES[kind]}
          autoComplete={AUTOCOMPLETE[kind] ?? 'off'}
          spellCheck={INPUT_MODES[kind] ? false : undefined}
          {...common}
        />
      )}
      {warning && !problem && (
        <p className="field__warning" id={`${id}-warning`}>
          <UiIcon name="alert" className="field__problem-icon" />
          {warning}
        </p>
      )}
      {(problem || showCounter) && (
        <div className="field__meta">
          {problem && (
            <p className="field__problem" id={`${id}-problem`}>
              <UiIcon name="alert" className="field__problem-icon" />
              {problem}
            </p>
          )}
          {showCounter && (
            <span className={`field__count${atLimit ? ' is-full' : ''}`} id={`${id}-count`}>
              {value.length} / {max}
              <span className="visually-hidden"> characters</span>
            </span>
          )}
        </div>
      )}
      <span className="visually-hidden" role="status">
        {atLimit ? `${label}: the limit of ${max} characters is reached.` : ''}
      </span>
    </div>
  );
});
