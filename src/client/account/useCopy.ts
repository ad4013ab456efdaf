import { useEffect, useState } from 'react';

/** How the last copy went: said beside the button for a moment, then forgotten. */
export type CopyOutcome = 'copied' | 'failed' | undefined;

/** Copies text to the clipboard; `copied` says how it went for 2.5 seconds. */
export function useCopy(): { copied: CopyOutcome; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState<CopyOutcome>();

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(undefined), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return { copied, copy };
}
