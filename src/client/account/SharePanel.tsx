import { useId } from 'react';
import { qrCodePath, websiteZipPath } from '../../shared/routes.js';
import { WebAddress } from '../components/BreakableText.js';
import { CopyLinkButton } from './CopyLinkButton.js';
import './share.css';

/**
 * Taking a portfolio elsewhere: its address to copy, the address as a QR code (for business cards and posters) and
 * the whole page as a website in a ZIP. Plain links: the server's answer says to save it as a
 * file, so the browser downloads it and the page stays; a refusal (busy, too many) opens a page
 * that says why, where a `download` attribute would show only a failed download.
 */
export function SharePanel({ username, url }: { username: string; url: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h3 className="share__title" id={titleId}>
        Share<span className="visually-hidden"> {username}</span>
      </h3>
      <p className="share__link">
        <span className="share__address">
          <WebAddress url={url} withoutScheme />
        </span>
        <CopyLinkButton url={url} />
      </p>
      <div className="share">
        <figure className="share__qr">
          <img
            src={qrCodePath(username, 'svg')}
            width={132}
            height={132}
            alt={`QR code of ${url}`}
            loading="lazy"
          />
          <figcaption>Scans to this address</figcaption>
        </figure>
        <div className="share__actions">
          <p className="share__lead">For business cards, posters and slides:</p>
          <a className="button button--ghost" href={qrCodePath(username, 'svg', true)}>
            QR code as SVG<span className="visually-hidden"> for {username}</span>
          </a>
          <a className="button button--ghost" href={qrCodePath(username, 'png', true)}>
            QR code as PNG<span className="visually-hidden"> for {username}</span>
          </a>
          <p className="share__lead">
            Your page as a website: open <code>index.html</code>, or put the files on any web host.
            Its contact form opens the visitor’s mail program.
          </p>
          <a className="button button--ghost" href={websiteZipPath(username)}>
            Download as a website (ZIP)<span className="visually-hidden"> for {username}</span>
          </a>
        </div>
      </div>
    </section>
  );
}
