import { memo } from 'react';
import { MenuButton, type MenuAction } from '../components/MenuButton.js';
import { UiIcon } from '../components/UiIcon.js';
import { useMediaQuery } from '../components/useMediaQuery.js';

/** Wide enough for Change template beside Share preview and More, on one row with the title. */
const ROOM_FOR_CHANGE_TEMPLATE = '(min-width: 1024px)';

/**
 * The draft's own actions in the editor's bar. Change template, which the person reaches for
 * while building, stands beside More where the bar has room; Import…, Export as JSON Resume and
 * Clear this draft, each used once or twice, wait in More (with Change template on narrower
 * screens), so the bar shows three buttons at most. Each action only asks for its dialog, which
 * the editor renders outside the menu. Memoized: typing in a field does not draw it again.
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
  const roomForChangeTemplate = useMediaQuery(ROOM_FOR_CHANGE_TEMPLATE);
  const changeTemplate: MenuAction = {
    id: 'change-template',
    label: 'Change template',
    onSelect: onChangeTemplate,
    opensDialog: true,
  };
  const items: MenuAction[] = [
    { id: 'import', label: 'Import…', onSelect: onImport, opensDialog: true },
    { id: 'export', label: 'Export as JSON Resume', onSelect: onExport },
    ...(roomForChangeTemplate ? [] : [changeTemplate]),
    {
      id: 'clear',
      label: 'Clear this draft',
      onSelect: onClear,
      opensDialog: true,
      destructive: true,
    },
  ];
  return (
    <>
      {roomForChangeTemplate && (
        <button
          type="button"
          className="button button--ghost editor__change"
          aria-haspopup="dialog"
          onClick={onChangeTemplate}
        >
          Change template
        </button>
      )}
      <MenuButton items={items} className="editor__more">
        <UiIcon name="more" />
        <span className="editor__more-word">More</span>
        <span className="visually-hidden"> draft actions</span>
      </MenuButton>
    </>
  );
});
