import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import { UiIcon } from '../components/UiIcon.js';
import { useDismiss } from '../components/useDismiss.js';

/**
 * The draft's own actions in the editor's bar: Import…, Export as JSON Resume, Clear this draft
 * and Change template. Side by side on wide screens; below 1280 px they fold into a "More" menu
 * so the bar keeps to one row and the form starts higher. Each action only asks for its dialog, which the editor renders outside
 * the menu (a dialog inside a folded menu would be hidden with it).
 * Memoized: typing in a field does not draw it again.
 */
export const DraftActions = memo(function DraftActions({
  onClear,
  onChangeTemplate,
  onImport,
  onExport,
}: {
  onClear: () => void;
  onChangeTemplate: () => void;
  onImport: () => void;
  onExport: () => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open)
      wrapper.current?.querySelector<HTMLButtonElement>('.editor__draft-actions button')?.focus();
  }, [open]);
  const close = useCallback(() => setOpen(false), []);
  const dismiss = useDismiss({ open, area: wrapper, opener: toggle, close });

  // Focus goes back to More first: the dialog the action opens returns focus to whatever had
  // it, and the menu item that did is about to be hidden.
  const choose = (action: () => void) => () => {
    toggle.current?.focus();
    setOpen(false);
    action();
  };

  return (
    <div
      className="editor__more"
      ref={wrapper}
      // Tabbing on past the last item closes the menu rather than leaving it over the form.
      onBlur={dismiss.onBlur}
    >
      <button
        ref={toggle}
        type="button"
        className="button button--ghost editor__more-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <UiIcon name="more" />
        More<span className="visually-hidden"> draft actions</span>
      </button>
      <div id={menuId} className={`editor__draft-actions${open ? ' is-open' : ''}`}>
        <button
          type="button"
          className="button button--ghost editor__change"
          aria-haspopup="dialog"
          onClick={choose(onImport)}
        >
          Import…
        </button>
        <button
          type="button"
          className="button button--ghost editor__change"
          onClick={choose(onExport)}
        >
          Export as JSON Resume
        </button>
        <button
          type="button"
          className="button button--ghost editor__change"
          aria-haspopup="dialog"
          onClick={choose(onClear)}
        >
          Clear this draft
        </button>
        <button
          type="button"
          className="button button--ghost editor__change"
          aria-haspopup="dialog"
          onClick={choose(onChangeTemplate)}
        >
          Change template
        </button>
      </div>
    </div>
  );
});
