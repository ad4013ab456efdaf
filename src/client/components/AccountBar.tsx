import { NavLink } from 'react-router';
import { ACCOUNT_PATH } from '../../shared/routes.js';
import { signOut, useSession } from '../auth/session.js';
import './account-bar.css';

interface AccountBarProps {
  /** Starts the sign-in; without it a signed-out visitor sees no button. */
  signIn?: () => void;
  signingIn?: boolean;
  /** Whether Sign In stays off while a sign-in is under way (else a click starts a fresh one). */
  lockWhileSigningIn?: boolean;
}

/**
 * The right end of the builder's top bar: who is signed in, My portfolios and Sign out, or Sign In,
 * with the same look on every page.
 */
export function AccountBar({
  signIn,
  signingIn = false,
  lockWhileSigningIn = false,
}: AccountBarProps) {
  const session = useSession();
  const user = session.status === 'ready' ? session.user : null;
  return (
    <div className="account-bar" aria-live="polite">
      {user ? (
        <>
          <span className="account-bar__welcome">Welcome {user.givenName}!</span>
          <NavLink to={ACCOUNT_PATH} end className="account-bar__link">
            My portfolios
          </NavLink>
          <button type="button" className="button button--ghost" onClick={() => void signOut()}>
            Sign out
          </button>
        </>
      ) : (
        signIn && (
          // While the server says who is here, the button holds its place unseen: offering
          // Sign In to a person who turns out to be signed in read as being signed out.
          <button
            type="button"
            className={`button button--ghost${session.status === 'loading' ? ' account-bar__waiting' : ''}`}
            disabled={session.status === 'loading' || (lockWhileSigningIn && signingIn)}
            onClick={signIn}
          >
            {signingIn ? 'Signing in…' : 'Sign In'}
          </button>
        )
      )}
    </div>
  );
}
