import { memo } from 'react';
import type { Step, StepId } from './steps.js';
import { UiIcon } from '../components/UiIcon.js';

interface StepIndicatorProps {
  steps: readonly Step[];
  current: StepId;
  /** The index of the furthest step reached: it and those before it are ticked. */
  reached: number;
  onSelect: (id: StepId) => void;
}

/**
 * Where the user is: numbered steps, the current one marked, those reached before ticked (also
 * after going back to an earlier one), each one a way to jump there.
 * Memoized: typing in a field does not draw it again.
 */
export const StepIndicator = memo(function StepIndicator({
  steps,
  current,
  reached,
  onSelect,
}: StepIndicatorProps) {
  const currentIndex = steps.findIndex((step) => step.id === current);
  return (
    <nav className="steps" aria-label="Editor steps">
      <ol className="steps__list">
        {steps.map((step, index) => {
          const state =
            index === currentIndex
              ? 'current'
              : index < currentIndex || index <= reached
                ? 'done'
                : 'todo';
          return (
            <li key={step.id} className={`steps__item is-${state}`}>
              <button
                type="button"
                className="steps__button"
                aria-current={state === 'current' ? 'step' : undefined}
                onClick={() => onSelect(step.id)}
              >
                <span className="steps__number" aria-hidden="true">
                  {state === 'done' ? <UiIcon name="check" /> : index + 1}
                </span>
                <span className="steps__label">
                  <span className="visually-hidden">Step {index + 1}: </span>
                  {step.label}
                  {state === 'done' && <span className="visually-hidden"> (visited)</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
});
