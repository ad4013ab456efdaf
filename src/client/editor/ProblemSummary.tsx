import type { DraftProblem } from './fieldRules.js';
import type { Step } from './steps.js';
import { Alert } from '../components/Alert.js';
import { UiIcon } from '../components/UiIcon.js';

interface ProblemSummaryProps {
  problems: readonly DraftProblem[];
  steps: readonly Step[];
  onGoTo: (problem: DraftProblem) => void;
  headingId: string;
}

/** Why 'Review and publish' did not go on: each field to fix, with a way straight to it. */
export function ProblemSummary({ problems, steps, onGoTo, headingId }: ProblemSummaryProps) {
  const stepLabel = (problem: DraftProblem) =>
    steps.find((step) => step.id === problem.step)?.label ?? '';
  return (
    <Alert className="problems">
      <h2 className="problems__title" id={headingId} tabIndex={-1}>
        <UiIcon name="alert" />
        {problems.length === 1
          ? 'One field needs fixing before the preview'
          : `${problems.length} fields need fixing before the preview`}
      </h2>
      <ul className="problems__list">
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <button type="button" className="problems__link" onClick={() => onGoTo(problem)}>
              <strong>
                {stepLabel(problem)} · {problem.where}
              </strong>
              <span>{problem.message}</span>
            </button>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
