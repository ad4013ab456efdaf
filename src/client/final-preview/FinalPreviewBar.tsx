import { Link } from 'react-router';
import { AccountBar } from '../components/AccountBar.js';

/** Where the bar's back link goes, e.g. the editor, and what it says. */
interface BackLink {
  to: string;
  state?: unknown;
  label: string;
}

/**
 * The top bar of the final preview (and of the renew page, which shares its look); signing in
 * from it reports through `signIn` (the page shows its failures).
 */
export function FinalPreviewBar({
  back,
  signIn,
  signingIn = false,
}: {
  back?: BackLink;
  signIn?: () => void;
  signingIn?: boolean;
}) {
  return (
    <header className="fp-bar">
      <div className="fp-bar__start">
        <Link to="/" className="fp-bar__brand">
          Online Portfolio Builder
        </Link>
        {back && (
          <Link className="fp-bar__back" to={back.to} state={back.state}>
            <span aria-hidden="true">←</span> {back.label}
          </Link>
        )}
      </div>
      <AccountBar signIn={signIn} signingIn={signingIn} lockWhileSigningIn signInLook="ghost" />
    </header>
  );
}
