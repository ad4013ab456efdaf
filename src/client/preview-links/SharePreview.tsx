import { useEffect, useId, useRef, useState } from 'react';
import type { Draft } from '../../shared/draft.js';
import { PREVIEW_LINK_DAYS, type PreviewLink } from '../../shared/preview-links.js';
import { when } from '../account/when.js';
import { useSession } from '../auth/session.js';
import { useSignIn } from '../auth/useSignIn.js';
import { UiIcon } from '../components/UiIcon.js';
import { useModalDialog } from '../components/useModalDialog.js';
import { LinkTools } from './LinkTools.js';
import { expiryDay, listPreviewLinks, sharePreview } from './previewLinks.js';
import '../components/modal-card.css';
import './preview-links.css';

/**
 * The editor's "Share": a link to a snapshot of this draft that people can open before it is
 * published. Links are kept with the account, so signed out it asks for sign-in first, the way
 * an upload does, and the draft stays as it is.
 */
export function SharePreview({ draft }: { draft: Draft }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--ghost plink__open"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <UiIcon name="link" />
        <span className="plink__open-label">
          Share<span className="plink__open-rest"> preview</span>
        </span>
      </button>
      {open && <ShareDialog draft={draft} onClose={() => setOpen(false)} />}
    </>
  );
}

type Current =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; link: PreviewLink | undefined; justShared?: 'created' | 'updated' };

function ShareDialog({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog);
  const id = useId();
  const session = useSession();
  const signedIn = session.status === 'ready' && session.user !== null;
  const { signIn, pending: signingIn, message: signInMessage } = useSignIn();
  const [current, setCurrent] = useState<Current>({ status: 'loading' });
  const [sharing, setSharing] = useState(false);
  const [problem, setProblem] = useState<string>();
  const { templateId } = draft;

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    listPreviewLinks().then(
      (links) =>
        live &&
        setCurrent({ status: 'ready', link: links.find((l) => l.templateId === templateId) }),
      (error: Error) => live && setCurrent({ status: 'failed', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [signedIn, templateId]);

  const share = async () => {
    if (sharing) return;
    setSharing(true);
    setProblem(undefined);
    try {
      const { link, created } = await sharePreview(draft);
      setCurrent({ status: 'ready', link, justShared: created ? 'created' : 'updated' });
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setSharing(false);
    }
  };

  const signInAndShare = async () => {
    if (await signIn()) await share();
  };

  const link = current.status === 'ready' ? current.link : undefined;

  return (
    <dialog
      ref={dialog}
      className="modal-card plink-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="plink-dialog__body">
        <h2 id={`${id}-title`} className="plink-dialog__title">
          Share a preview link
        </h2>
        {!link && (
          <p>
            Anyone with the link sees this draft as your page will look, before you publish, for{' '}
            {PREVIEW_LINK_DAYS} days. Search engines are asked not to list it, and its contact form
            does not send.
          </p>
        )}

        {session.status === 'ready' && !signedIn && (
          <>
            <p className="plink-dialog__note">
              Links are kept with your account: sign in to make one. Your draft stays as it is.
            </p>
            <button
              type="button"
              className="button"
              disabled={signingIn}
              onClick={() => void signInAndShare()}
            >
              {signingIn ? 'Signing in…' : 'Sign in and share'}
            </button>
            {signInMessage && (
              <p className="plink__said is-failed" role="alert">
                {signInMessage}
              </p>
            )}
          </>
        )}

        {signedIn && current.status === 'loading' && <p role="status">Looking for your link…</p>}
        {signedIn && current.status === 'failed' && (
          <p className="plink__said is-failed" role="alert">
            Your links could not be loaded. {current.message}
          </p>
        )}

        {signedIn && current.status === 'ready' && !link && (
          <button
            type="button"
            className="button"
            aria-disabled={sharing}
            onClick={() => void share()}
          >
            {sharing ? 'Making the link…' : 'Create link'}
          </button>
        )}

        {link && (
          <div className="plink">
            {current.status === 'ready' && current.justShared && (
              <p className="plink__done" role="status">
                <UiIcon name="check" />
                {current.justShared === 'created'
                  ? 'Your link is ready.'
                  : 'The link now shows your latest changes.'}
              </p>
            )}
            <label className="plink__label" htmlFor={`${id}-url`}>
              Preview link
            </label>
            <input
              id={`${id}-url`}
              className="plink__url"
              readOnly
              value={link.url ?? 'This link cannot be shown again: revoke it and share again.'}
              onFocus={(event) => event.currentTarget.select()}
            />
            <p className="plink__meta">
              Shows this draft as it was at {when(link.updatedAt)}. Works until{' '}
              {expiryDay(link.expiresAt)}.
            </p>
            <button
              type="button"
              className="button button--ghost plink__update"
              aria-disabled={sharing}
              onClick={() => void share()}
            >
              {sharing ? 'Updating…' : 'Update with my latest changes'}
            </button>
            <LinkTools
              key={link.id}
              link={link}
              onRenewed={(renewed) => setCurrent({ status: 'ready', link: renewed })}
              onRevoked={() => setCurrent({ status: 'ready', link: undefined })}
            />
          </div>
        )}

        {problem && (
          <p className="plink__said is-failed" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="plink-dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
