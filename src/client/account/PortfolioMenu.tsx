import { useState } from 'react';
import type { AccountPortfolio } from '../../shared/account.js';
import { MenuButton, type MenuAction } from '../components/MenuButton.js';
import { UiIcon } from '../components/UiIcon.js';
import { DeletePortfolioDialog } from './DeletePortfolioDialog.js';
import { UnpublishDialog } from './UnpublishDialog.js';

/**
 * The card's More menu: Export as JSON Resume, and what takes the page away: Unpublish (while published) and Delete, each asking first in its dialog.
 */
export function PortfolioMenu({
  portfolio: p,
  unpublish,
  exportResume,
  onDeleted,
}: {
  portfolio: AccountPortfolio;
  unpublish: () => Promise<void>;
  exportResume: () => Promise<void>;
  onDeleted: (username: string) => void;
}) {
  const [dialog, setDialog] = useState<'unpublish' | 'delete' | undefined>();
  const close = () => setDialog(undefined);

  const items: MenuAction[] = [
    {
      id: 'export',
      label: (
        <>
          Export as JSON Resume<span className="visually-hidden"> of {p.username}</span>
        </>
      ),
      onSelect: () => void exportResume(),
    },
    ...(p.unpublished
      ? []
      : [
          {
            id: 'unpublish',
            label: (
              <>
                Unpublish<span className="visually-hidden"> {p.username}</span>
              </>
            ),
            opensDialog: true,
            onSelect: () => setDialog('unpublish'),
          },
        ]),
    {
      id: 'delete',
      label: (
        <>
          Delete<span className="visually-hidden"> {p.username}</span>
        </>
      ),
      destructive: true,
      opensDialog: true,
      onSelect: () => setDialog('delete'),
    },
  ];

  return (
    <>
      <MenuButton className="pcard__more" items={items}>
        <UiIcon name="more" />
        More<span className="visually-hidden"> actions for {p.username}</span>
      </MenuButton>
      {dialog === 'unpublish' && (
        <UnpublishDialog
          username={p.username}
          url={p.url}
          onClose={close}
          onConfirm={async () => {
            await unpublish();
            close();
          }}
        />
      )}
      {dialog === 'delete' && (
        <DeletePortfolioDialog
          username={p.username}
          url={p.url}
          onClose={close}
          onDeleted={() => onDeleted(p.username)}
        />
      )}
    </>
  );
}
