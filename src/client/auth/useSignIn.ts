import { useCallback, useState } from 'react';
import { SIGN_IN_MESSAGES } from '../../shared/auth.js';
import { refreshSession, useSession } from './session.js';
import { openSignInPopup } from './signInPopup.js';

/** Sign-in for a page: pending while the popup is open, a friendly message when it fails. */
export function useSignIn() {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const session = useSession();
  const signedIn = session.status === 'ready' && session.user !== null;

  const signIn = useCallback(async (): Promise<boolean> => {
    setMessage(undefined);
    setPending(true);
    const outcome = await openSignInPopup();
    // A newer attempt replaced this one; that attempt will report.
    if (outcome === 'superseded') return false;
    if (outcome === 'closed') {
      // The window may have finished the sign-in without being able to tell us (its opener
      // was cut): the server knows.
      const session = await refreshSession();
      setPending(false);
      if (session.status === 'ready' && session.user) return true;
      setMessage(SIGN_IN_MESSAGES.closed);
      return false;
    }
    setPending(false);
    if (outcome !== 'success') {
      setMessage(SIGN_IN_MESSAGES[outcome]);
      return false;
    }
    const session = await refreshSession();
    if (session.status === 'error') {
      setMessage(session.message);
      return false;
    }
    if (session.status !== 'ready' || !session.user) {
      // The popup succeeded but this page has no session: the cookie did not stick.
      setMessage(SIGN_IN_MESSAGES.cookies);
      return false;
    }
    return true;
  }, []);

  return {
    signIn,
    pending,
    // A sign-in that finished elsewhere (another window, a tab) makes an earlier failure moot.
    message: signedIn ? undefined : message,
    dismissMessage: () => setMessage(undefined),
  };
}
