import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TestModeNotice } from './TestModeNotice.js';
import { UiIcon } from './UiIcon.js';
import { useHeightVariable } from './useHeightVariable.js';
import './preview-bar.css';

/**
 * Builder chrome over a template preview, never part of a template or a public page: a slim bar
 * pinned to the top of the window with the way back and, on a test deployment, the test-mode
 * notice. It covers nothing: its height is published as --template-top-offset, which the
 * templates add to the top of their own fixed bars (on a public page it is unset, so 0).
 */
export function PreviewBar({
  backTo,
  backLabel,
  children,
}: {
  backTo: string;
  backLabel: string;
  /** Actions at the bar's end, such as picking the template shown. */
  children?: ReactNode;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useHeightVariable(bar, '--template-top-offset');
  return (
    <div className={children ? 'preview-bar preview-bar--with-actions' : 'preview-bar'} ref={bar}>
      <Link to={backTo} className="preview-bar__back">
        <UiIcon name="back" className="preview-bar__icon" />
        <span className="preview-bar__label">{backLabel}</span>
      </Link>
      <div className="preview-bar__end">
        <TestModeNotice compact />
        {children}
      </div>
    </div>
  );
}
