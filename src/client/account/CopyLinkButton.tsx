import { useCopy } from './useCopy.js';

/**
 * Copies a page's address, and says when it worked (and what to do when it did not), under the
 * address in the Share panel.
 */
export function CopyLinkButton({ url }: { url: string }) {
  const { copied, copy } = useCopy();

  return (
    <>
      <button
        type="button"
        className="button button--ghost share__copy"
        onClick={() => void copy(url)}
      >
        {copied === 'copied' ? (
          <>
            Copied<span className="visually-hidden"> link</span>
          </>
        ) : (
          'Copy link'
        )}
      </button>
      <span className="visually-hidden" role="status">
        {copied === 'copied' ? 'Link copied' : copied === 'failed' ? 'Copying failed' : ''}
      </span>
      {copied === 'failed' && (
        <span className="share__copy-failed">Copying was refused: select the link instead.</span>
      )}
    </>
  );
}
