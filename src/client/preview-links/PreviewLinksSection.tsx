import type { PreviewLink } from '../../shared/preview-links.js';
import { WebAddress } from '../components/BreakableText.js';
import { useApiAnswer } from '../api/useApiAnswer.js';
import { PREVIEW_LINKS_PATH, type PreviewLinksResponse } from '../../shared/preview-links.js';
import { LinkTools } from './LinkTools.js';
import { expiryDay, linkName } from './previewLinks.js';
import './preview-links.css';

/** The account page's list of the person's live preview links, each with its tools. */
export function PreviewLinksSection() {
  const { loaded, update } = useApiAnswer<PreviewLinksResponse>(PREVIEW_LINKS_PATH);
  const replace = (next: PreviewLink) =>
    update(({ links }) => ({ links: links.map((l) => (l.id === next.id ? next : l)) }));
  const remove = (id: string) =>
    update(({ links }) => ({ links: links.filter((l) => l.id !== id) }));

  return (
    <section className="plinks" aria-labelledby="account-preview-links">
      <h2 id="account-preview-links">Preview links</h2>
      {loaded.status === 'loading' && (
        <p className="account__status" role="status">
          Loading your preview links…
        </p>
      )}
      {loaded.status === 'error' && (
        <p className="alert alert--compact account__error" role="alert">
          Your preview links could not be loaded. {loaded.message}
        </p>
      )}
      {loaded.status === 'ready' && loaded.answer.links.length === 0 && (
        <p className="account__lead">
          No live preview links. In the editor, Share makes a link to your draft that people can
          open before you publish; it is listed here until it ends.
        </p>
      )}
      {loaded.status === 'ready' && loaded.answer.links.length > 0 && (
        <ul className="plinks__list">
          {loaded.answer.links.map((link) => (
            <li key={link.id} className="surface-card account__panel plinks__item">
              <h3 className="plinks__name">{linkName(link)}</h3>
              <p className="plinks__url">
                {link.url ? (
                  <WebAddress url={link.url} />
                ) : (
                  'This link cannot be shown again: revoke it and share the draft again.'
                )}
              </p>
              <p className="plink__meta">
                Works until {expiryDay(link.expiresAt)} · last shared {expiryDay(link.updatedAt)}
              </p>
              <LinkTools link={link} onRenewed={replace} onRevoked={() => remove(link.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
