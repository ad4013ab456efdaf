import { useEffect, useState } from 'react';
import { api } from './http.js';

export type Loaded<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; answer: T };

/**
 * The answer to GET `path`: loading, then the answer or the failure's message. An answer that
 * comes back after the component went away, or for an earlier try, is dropped. `retry` asks
 * again; `update` changes the answer in place after an action the server has confirmed. A new
 * `path` shows the last answer until its own comes.
 */
export function useApiAnswer<T>(path: string) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    api<T>(path).then(
      (answer) => current && setLoaded({ status: 'ready', answer }),
      (error: Error) => current && setLoaded({ status: 'error', message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [path, attempt]);

  return {
    loaded,
    retry: () => {
      setLoaded({ status: 'loading' });
      setAttempt((count) => count + 1);
    },
    update: (change: (answer: T) => T) =>
      setLoaded((current) =>
        current.status === 'ready' ? { status: 'ready', answer: change(current.answer) } : current,
      ),
  };
}
