import { useCopy } from './useCopy.js';

/**
 * Copies a page's address, and says when it worked (and what to do when it did not). One of the
 * card's tools: its refusal is said in the tools' row, after them all (portfolio-card.css).
 */
export function CopyLinkButton({ url }: { url: string }) {
  const { copied, copy } = useCopy();

  return (
    <>
      <button type="button" className="pcard__tool pcard__copy" onClick={() => void copy(url)}>
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
        <span className="pcard__copy-failed">Copying was refused: select the link instead.</span>
      )}
    </>
  );
}
