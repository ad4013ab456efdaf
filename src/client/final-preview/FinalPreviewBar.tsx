import { Link } from 'react-router';
import type { EditorNavigationState } from '../../shared/routes.js';
import { AccountBar } from '../components/AccountBar.js';
import { TopBar } from '../components/TopBar.js';

/** Where the bar's back link goes, e.g. the editor, what it says, and its phone-width word. */
interface BackLink {
  to: string;
  state?: EditorNavigationState;
  label: string;
  shortLabel: string;
}

/**
 * The top bar of the final preview: the way back to the editor and the account part; signing in
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
    <TopBar>
      {back && (
        <Link className="fp-bar__back" to={back.to} state={back.state}>
          <span aria-hidden="true">←</span>
          <span className="fp-bar__back-long">{back.label}</span>
          <span className="fp-bar__back-short">{back.shortLabel}</span>
        </Link>
      )}
      <AccountBar signIn={signIn} signingIn={signingIn} lockWhileSigningIn />
    </TopBar>
  );
}
