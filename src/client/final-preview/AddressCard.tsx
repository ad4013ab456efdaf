import type { ReactNode, RefObject } from 'react';
import { USERNAME_MAX, USERNAME_MIN } from '../../shared/domain/username.js';
import { Alert } from '../components/Alert.js';
import { ClaimResult } from './ClaimResult.js';
import type { Publishing } from './usePublishing.js';

/** Step 1: the username, checked by "Use this username". */
export function AddressCard({
  id,
  publishing: p,
  inputRef,
  canSubmit,
  signInAlert,
}: {
  /** Prefix for element ids (useId of the page). */
  id: string;
  publishing: Publishing;
  inputRef: RefObject<HTMLInputElement | null>;
  canSubmit: boolean;
  /** A failed sign-in that "Use this username" started. */
  signInAlert: ReactNode;
}) {
  return (
    <section className="surface-card fp-card" aria-labelledby={`${id}-address`}>
      <h2 id={`${id}-address`} className="fp-card__title">
        <span className="fp-card__step" aria-hidden="true">
          1
        </span>
        Your address
      </h2>
      {!p.claim && (
        <form className="fp-username" onSubmit={(event) => void p.submit(event)} noValidate>
          <label htmlFor={`${id}-username`} className="fp-username__label">
            Username
          </label>
          <div className="fp-username__row">
            <div className={`fp-username__field${p.showProblem ? ' is-invalid' : ''}`}>
              <span className="fp-username__prefix" aria-hidden="true">
                /users/
              </span>
              <input
                ref={inputRef}
                id={`${id}-username`}
                className="fp-username__input"
                type="text"
                inputMode="url"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={60}
                placeholder="your-name"
                value={p.username}
                aria-invalid={p.showProblem}
                aria-describedby={`${id}-username-hint`}
                onChange={(event) => p.changeUsername(event.target.value)}
              />
            </div>
            <button
              type="submit"
              className="button"
              disabled={!canSubmit || p.session.status === 'loading'}
              aria-disabled={p.busy}
            >
              {p.claiming ? 'Checking…' : 'Use this username'}
            </button>
          </div>
          <p
            id={`${id}-username-hint`}
            className={`fp-username__hint${p.showProblem ? ' is-problem' : ''}`}
            aria-live="polite"
          >
            {p.showProblem
              ? p.problem
              : `${USERNAME_MIN} to ${USERNAME_MAX} characters: letters a-z, digits 0-9 and hyphens. Capitals become lowercase, spaces hyphens.`}
          </p>
        </form>
      )}
      <div role="status">
        {p.claim && <ClaimResult claim={p.claim} onChange={p.editUsername} />}
      </div>
      {p.claimAlert && <Alert onDismiss={p.dismissClaimAlert}>{p.claimAlert}</Alert>}
      {signInAlert}
    </section>
  );
}
