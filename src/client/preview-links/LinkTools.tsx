import { useState } from 'react';
import type { PreviewLink } from '../../shared/preview-links.js';
import { useCopy } from '../account/useCopy.js';
import { expiryDay, renewPreviewLink, revokePreviewLink } from './previewLinks.js';

/**
 * What can be done with a live link, in the editor and on the account page alike: copy it, open
 * it, renew it (14 days from now, up to 60 from when it was made), revoke it (asked once more first: whoever has it then sees
 * that the preview has ended).
 */
export function LinkTools({
  link,
  onRenewed,
  onRevoked,
}: {
  link: PreviewLink;
  onRenewed: (link: PreviewLink) => void;
  onRevoked: () => void;
}) {
  const { copied, copy } = useCopy();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState<{ text: string; failed?: boolean }>();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setSaid(undefined);
    try {
      await work();
    } catch (error) {
      setSaid({ text: (error as Error).message, failed: true });
    } finally {
      setBusy(false);
    }
  };

  const renew = () =>
    run(async () => {
      const renewed = await renewPreviewLink(link.id);
      onRenewed(renewed);
      // The date the server gave: 14 days from today, or less near the end of a link's 60 days.
      setSaid({ text: `Renewed: the link works until ${expiryDay(renewed.expiresAt)}.` });
    });

  const revoke = () =>
    run(async () => {
      await revokePreviewLink(link.id);
      onRevoked();
    });

  if (asking) {
    return (
      <div className="plink__ask" role="group" aria-label="Revoke this link?">
        <p>Revoke this link? Anyone who opens it will see that the preview has ended.</p>
        <div className="plink__tools">
          <button
            type="button"
            className="button button--danger"
            aria-disabled={busy}
            onClick={() => !busy && void revoke()}
          >
            {busy ? 'Revoking…' : 'Revoke link'}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
            Keep it
          </button>
        </div>
        {said?.failed && (
          <p className="plink__said is-failed" role="alert">
            {said.text}
          </p>
        )}
      </div>
    );
  }

  return (
    <>
      <div className="plink__tools">
        {link.url && (
          <button type="button" className="button" onClick={() => void copy(link.url!)}>
            {copied === 'copied' ? 'Copied' : 'Copy link'}
          </button>
        )}
        {link.url && (
          <a className="button button--ghost" href={link.url} target="_blank" rel="noreferrer">
            Open<span className="visually-hidden"> the preview in a new tab</span>
          </a>
        )}
        <button
          type="button"
          className="button button--ghost"
          aria-disabled={busy}
          onClick={() => !busy && void renew()}
        >
          Renew<span className="visually-hidden"> for 14 days</span>
        </button>
        <button
          type="button"
          className="button button--ghost plink__revoke"
          onClick={() => setAsking(true)}
        >
          Revoke
        </button>
      </div>
      <p className={`plink__said${said?.failed ? ' is-failed' : ''}`} role="status">
        {copied === 'failed' ? 'Copying was refused: select the link and copy it instead.' : ''}
        {copied === 'copied' ? 'Link copied.' : ''}
        {said?.text}
      </p>
    </>
  );
}
