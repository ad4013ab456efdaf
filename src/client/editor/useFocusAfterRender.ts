import { useCallback, useEffect, useRef } from 'react';

/**
 * Moves focus to an element by id once React has rendered the change that creates or moves it
 * (after adding, moving or removing a list item, or changing step).
 */
export function useFocusAfterRender(): (id: string) => void {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const id = pending.current;
    if (id === null) return;
    pending.current = null;
    document.getElementById(id)?.focus();
  });
  return useCallback((id: string) => {
    pending.current = id;
  }, []);
}
