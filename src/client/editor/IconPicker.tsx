import type { ReactNode } from 'react';
import { UiIcon } from '../components/UiIcon.js';

interface IconPickerProps<N extends string> {
  /** Shared by the radio buttons of this one picker. */
  name: string;
  legend: string;
  /** Said before the legend to screen readers only, e.g. "Tile 2". */
  context?: string;
  options: readonly N[];
  value: N | undefined;
  onChange: (value: N | undefined) => void;
  renderIcon: (name: N) => ReactNode;
  /** Offer "No icon" first. */
  allowNone?: boolean;
}

const spoken = (name: string) => name.replace(/-/g, ' ');

/**
 * A row of icons to pick from: real radio buttons (arrow keys move between them, Tab leaves
 * the group), each named in words, shown as icon tiles with a visible focus ring.
 */
export function IconPicker<N extends string>({
  name,
  legend,
  context,
  options,
  value,
  onChange,
  renderIcon,
  allowNone = false,
}: IconPickerProps<N>) {
  return (
    <fieldset className="icon-picker">
      <legend className="field__label">
        {context && <span className="visually-hidden">{context} </span>}
        {legend}
        <span className="icon-picker__current" aria-hidden="true">
          {value ? spoken(value) : 'none'}
        </span>
      </legend>
      <div className="icon-picker__options">
        {allowNone && (
          <label className="icon-picker__option" title="No icon">
            <input
              type="radio"
              name={name}
              value=""
              checked={value === undefined}
              onChange={() => onChange(undefined)}
            />
            <span className="icon-picker__face">
              <UiIcon name="none" />
              <span className="visually-hidden">No icon</span>
            </span>
          </label>
        )}
        {options.map((option) => (
          <label key={option} className="icon-picker__option" title={spoken(option)}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span className="icon-picker__face">
              {renderIcon(option)}
              <span className="visually-hidden">{spoken(option)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
