import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagForEncoding, matchesIfNoneMatch, pickEncoding } from './content-encoding.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A builder page's document as every request for it is answered: the HTML, compressed once (a
 * drawn page is 7-8 KB of HTML, 1.4-1.6 KB in brotli), and its tag, so a browser that has it asks
 * again for a few bytes instead of the page.
 */
export interface BuilderDocument {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Compresses on the thread pool: the server makes its documents at start, off the event loop. */
export async function builderDocument(html: string): Promise<BuilderDocument> {
  const bytes = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotliAsync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
  return { html: bytes, br, gzip: gz, etag };
}

/** Sends a document in the best encoding the browser takes, or 304 when it already has it. */
export function sendBuilderDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  document: BuilderDocument,
): FastifyReply {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const etag = etagForEncoding(document.etag, encoding);
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', etag);
  if (status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    return reply.status(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  const body =
    encoding === 'br' ? document.br : encoding === 'gzip' ? document.gzip : document.html;
  return reply.status(status).send(body);
}
