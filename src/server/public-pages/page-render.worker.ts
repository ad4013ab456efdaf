import { move, transferableSymbol, valueSymbol } from 'piscina';
import { renderPageBytes, type PageBytes, type PageBytesJob } from './page-bytes.js';

/**
 * The threads that render public pages (page-render-pool.ts): React's renderToString, the page
 * around it and its compression take 10-25 ms a page, too long to hold the event loop for.
 */
export default function renderInThread(job: PageBytesJob) {
  return movedPageBytes(renderPageBytes(job));
}

/**
 * A page's three encodings copied into one buffer of their exact size, which is moved to the
 * event loop rather than copied. Each encoding comes back as a view on a 64 KB buffer of zlib's
 * or Buffer's, and a structured clone copies a view's whole buffer: 192 KB a page for 30 KB of
 * bytes, copied again on the loop, whose collector then ran every half second during a sweep
 * (bench/RESULTS.md, Template sweep: event loop and publishes).
 */
export function movedPageBytes(bytes: PageBytes) {
  if (!bytes.ok) return bytes;
  const { html, gzip, br } = bytes;
  const buffer = new ArrayBuffer(html.length + gzip.length + br.length);
  let offset = 0;
  const copy = (part: Uint8Array) => {
    const view = new Uint8Array(buffer, offset, part.length);
    view.set(part);
    offset += part.length;
    return view;
  };
  const value: PageBytes = { ...bytes, html: copy(html), gzip: copy(gzip), br: copy(br) };
  return move({ [transferableSymbol]: [buffer], [valueSymbol]: value });
}
