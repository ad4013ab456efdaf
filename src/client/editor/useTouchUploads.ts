import { useEffect, useState } from 'react';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { parseUploadRef } from '../../shared/uploads.js';
import { useSession } from '../auth/session.js';
import { touchUploads, uploadRefsIn } from '../uploads/uploadRefs.js';

/**
 * When a draft is opened by someone signed in, tells the server which uploads it holds, so the
 * 30-day sweep keeps them. Answers the hashes of those the server no longer has, for the fields
 * to say so. A failure changes nothing: the next opening tries again.
 */
export function useTouchUploads(opened: PortfolioData): ReadonlySet<string> {
  const session = useSession();
  const userId = session.status === 'ready' ? (session.user?.email ?? null) : null;
  const [missing, setMissing] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (!userId) return;
    let current = true;
    touchUploads(uploadRefsIn(opened)).then(
      (answer) => {
        if (!current) return;
        setMissing(new Set(answer.missing.map((ref) => parseUploadRef(ref)!.hash)));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [opened, userId]);

  return missing;
}
