/**
 * A render thread for tests: renders as the real one does, except that a portfolio named
 * "Crash Now" ends the thread mid-render, as a fatal error in a render would.
 */
import type { PageBytesJob } from '../src/server/public-pages/page-bytes.js';
import { renderPageBytes } from '../src/server/public-pages/page-bytes.js';

export const CRASHING_NAME = 'Crash Now';

export default function renderOrCrash(job: PageBytesJob) {
  if (job.data.includes(CRASHING_NAME)) process.exit(70);
  return renderPageBytes(job);
}
