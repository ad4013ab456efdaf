import { useEffect, useState } from 'react';
import { api, ApiError } from './http.js';

export type Loaded<T> =
  | { status: 'loading' }
  /** `httpStatus`: the server's status code when it answered (0 when it could not be reached). */
  | { status: 'error'; message: string; httpStatus?: number }
  | { status: 'ready'; answer: T };

/**
 * The answer to GET `path`: loading, then the answer or the failure's message. An answer that
 * comes back after the component went away, or for an earlier try, is dropped. `retry` asks
 * again; `update` changes the answer in place after an action the server has confirmed. A new
 * `path` shows the last answer until its own comes (`answeredFor` says which path `loaded` is
 * for). No `path` asks nothing yet (e.g. until someone signs in) and stays loading.
 */
export function useApiAnswer<T>(path: string | undefined) {
  const [state, setState] = useState<{ path: string | undefined; loaded: Loaded<T> }>({
    path: undefined,
    loaded: { status: 'loading' },
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (path === undefined) return;
    let current = true;
    api<T>(path).then(
      (answer) => current && setState({ path, loaded: { status: 'ready', answer } }),
      (error: Error) =>
        current &&
        setState({
          path,
          loaded: {
            status: 'error',
            message: error.message,
            httpStatus: error instanceof ApiError ? error.status : undefined,
          },
        }),
    );
    return () => {
      current = false;
    };
  }, [path, attempt]);

  return {
    loaded: state.loaded,
    answeredFor: state.path,
    retry: () => {
      setState((was) => ({ path: was.path, loaded: { status: 'loading' } }));
      setAttempt((count) => count + 1);
    },
    update: (change: (answer: T) => T) =>
      setState((current) =>
        current.loaded.status === 'ready'
          ? {
              path: current.path,
              loaded: { status: 'ready', answer: change(current.loaded.answer) },
            }
          : current,
      ),
  };
}
