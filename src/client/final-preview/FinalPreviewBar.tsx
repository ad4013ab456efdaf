import { Link } from 'react-router';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { AccountBar } from '../components/AccountBar.js';

/** The final preview's top bar; signing in from it reports through `signIn` (the page shows its failures). */
export function FinalPreviewBar({
  templateId,
  signIn,
  signingIn = false,
}: {
  templateId?: TemplateId;
  signIn?: () => void;
  signingIn?: boolean;
}) {
  return (
    <header className="fp-bar">
      <div className="fp-bar__start">
        <Link to="/" className="fp-bar__brand">
          Online Portfolio Builder
        </Link>
        {templateId && (
          <Link className="fp-bar__back" to="/edit" state={{ templateId }}>
            <span aria-hidden="true">←</span> Back to the editor
          </Link>
        )}
      </div>
      <AccountBar signIn={signIn} signingIn={signingIn} lockWhileSigningIn signInLook="ghost" />
    </header>
  );
}
