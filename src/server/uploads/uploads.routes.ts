import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCEPTED_FORMATS_TEXT,
  APP_MEDIA_BASE,
  isUploadHash,
  isFocalCropFile,
  OG_VARIANT,
  UPLOAD_LIST_DEFAULT_LIMIT,
  UPLOAD_LIST_MAX_LIMIT,
  UPLOAD_MAX_BYTES,
  type TouchUploadsAnswer,
  type UploadList,
  UPLOADS_IN_PROGRESS_CODE,
} from '../../shared/uploads.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import { addressText } from '../http/route-rules.js';
import { UploadError } from './errors.js';
import { IMMUTABLE_CACHE_CONTROL } from './media-headers.js';
import { readTouchBody } from './uploads.input.js';
import { BodyTooLargeError, BodyTooSlowError, type ReceivedFile } from './incoming.js';
import {
  listUploadsOf,
  removeUpload,
  touchReferences,
  uploadImage,
  UploadInProgress,
  UPLOADS_IN_PROGRESS_RETRY_SECONDS,
  type UploadsContext,
} from './uploads.service.js';

const tooLarge = () =>
  new HttpError(
    413,
    'file_too_large',
    `This file is larger than ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB. Please upload a smaller ${ACCEPTED_FORMATS_TEXT} image.`,
    'file',
  );

/** A body that could not be received, as answered. */
function receiveRefusal(error: Error): Error {
  if (error instanceof BodyTooLargeError) return tooLarge();
  if (error instanceof BodyTooSlowError) {
    return new HttpError(
      408,
      'upload_too_slow',
      'The file took too long to arrive (more than 10 minutes). Please try again on a faster connection.',
      'file',
    );
  }
  return error;
}

/** How each refusal of the upload rules is answered over HTTP. */
function httpErrorFor(error: UploadError): HttpError {
  switch (error.refusal) {
    case 'unusable_file':
      return badRequest(error.message, 'file');
    case 'quota_exceeded':
      return new HttpError(413, 'quota_exceeded', error.message, 'file');
    case 'in_progress':
      return new HttpError(429, UPLOADS_IN_PROGRESS_CODE, error.message, 'file');
    case 'busy':
      return new HttpError(503, 'busy', error.message);
    case 'not_found':
      return notFound(error.message);
    case 'unknown_cursor':
      return badRequest(error.message, 'after');
  }
}

async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof UploadError ? httpErrorFor(error) : error;
  }
}

/** The files an upload has: `<width>.<avif|webp|jpg>`, `og.jpg` and `og-<x>-<y>.jpg` (ogFile). */
export const MEDIA_FILE = /^(?:[0-9]{1,4}|og|og-\d{1,3}-\d{1,3})\.(avif|webp|jpg)$/;
const MEDIA_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/**
 * The uploads API (signed in, same origin, like every state-changing call) and the media files.
 *
 * `POST /api/uploads` takes the image as the raw request body, whatever its Content-Type says:
 * the type is decided from the bytes. A raw body (not multipart) lets the editor send a File
 * with XMLHttpRequest and show upload progress, and the server read it without a form parser.
 */
export function registerUploadRoutes(app: FastifyInstance, ctx: UploadsContext): void {
  /** Each upload request's upload, from its place being taken until it is answered or gone. */
  const uploads = new WeakMap<FastifyRequest, UploadInProgress>();
  const end = async (request: FastifyRequest) => {
    await uploads.get(request)?.end();
    uploads.delete(request);
  };
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (request, payload, done) => {
      const upload = uploads.get(request);
      if (!upload) return done(new HttpError(503, 'busy', 'The upload was interrupted.'));
      upload.receive(payload, UPLOAD_MAX_BYTES).then(
        (file) => done(null, file),
        (error: Error) => done(receiveRefusal(error)),
      );
    });
    // The client may still be sending a body we refused (too large, or too many at once): do
    // not keep the connection for it, so the browser stops sending the file.
    scope.addHook('onSend', async (_request, reply) => {
      if (reply.statusCode === 413 || reply.statusCode === 429) reply.header('connection', 'close');
    });
    scope.addHook('onResponse', end);
    scope.addHook('onRequestAbort', end);
    scope.post(
      '/api/uploads',
      {
        // Who and how often are settled before a byte of the body is read (http/route-rules.ts).
        config: { signedIn: true, rateLimits: ['uploadsPerIp', 'uploadsPerUser'] },
        // Then whether there is room (UploadInProgress), also before the body.
        preParsing: async (request, reply, payload) => {
          const user = await request.requireUser();
          const length = request.headers['content-length'];
          const declared = length === undefined ? UPLOAD_MAX_BYTES : Number(length);
          if (!(declared <= UPLOAD_MAX_BYTES)) throw tooLarge();
          try {
            uploads.set(request, UploadInProgress.begin(ctx, user.id, declared));
            // Whenever the connection's part ends: a client that hangs up after its whole body
            // gets neither onRequestAbort (the body was complete) nor onResponse (never sent).
            reply.raw.once('close', () => void end(request));
          } catch (error) {
            if (!(error instanceof UploadError)) throw error;
            // Too many at once, of the person's or of everyone's: worth trying again shortly.
            reply.header('retry-after', String(UPLOADS_IN_PROGRESS_RETRY_SECONDS));
            throw httpErrorFor(error);
          }
          return payload;
        },
      },
      async (request, reply) => {
        const user = await request.requireUser();
        const upload = uploads.get(request)!;
        const file = request.body as ReceivedFile | undefined;
        // No body at all (nor a type, so no parser ran): nothing to store.
        if (!file) throw badRequest('Send the image file as the request body.', 'file');
        const { image, created } = await answer(() => uploadImage(ctx, user.id, upload, file));
        reply.status(created ? 201 : 200).header('cache-control', 'no-store');
        return image;
      },
    );
  });

  const listQuery = z.object({
    limit: addressText(10)
      .regex(/^[1-9]\d*$/, { error: `must be a whole number from 1 to ${UPLOAD_LIST_MAX_LIMIT}` })
      .transform(Number)
      .refine((limit) => limit <= UPLOAD_LIST_MAX_LIMIT, {
        error: `must be at most ${UPLOAD_LIST_MAX_LIMIT}`,
      })
      .optional(),
    after: addressText(64)
      .refine(isUploadHash, { error: 'must be the hash of an upload (64 hex digits)' })
      .optional(),
  });
  const listRules = {
    config: { signedIn: true, rateLimits: ['uploadListsPerUser'], query: listQuery },
  } as const;
  app.get<{ Querystring: z.infer<typeof listQuery> }>(
    '/api/uploads',
    listRules,
    async (request, reply): Promise<UploadList> => {
      const user = await request.requireUser();
      const { limit = UPLOAD_LIST_DEFAULT_LIMIT, after } = request.query;
      reply.header('cache-control', 'no-store');
      return answer(() => listUploadsOf(ctx, user.id, { limit, after }));
    },
  );

  // Up to 500 references of about 90 characters each.
  const touchRules = {
    config: { signedIn: true, rateLimits: ['uploadChangesPerUser'] },
    bodyLimit: 64 * 1024,
  } as const;
  app.post(
    '/api/uploads/touch',
    touchRules,
    async (request, reply): Promise<TouchUploadsAnswer> => {
      const user = await request.requireUser();
      const refs = readTouchBody(request.body);
      reply.header('cache-control', 'no-store');
      return touchReferences(ctx, user.id, refs);
    },
  );

  const hashParams = { params: z.object({ hash: addressText(64) }) };
  app.delete<{ Params: { hash: string } }>(
    '/api/uploads/:hash',
    { config: { signedIn: true, rateLimits: ['uploadChangesPerUser'], ...hashParams } },
    async (request, reply) => {
      const user = await request.requireUser();
      await answer(() => removeUpload(ctx, user.id, request.params.hash));
      return reply.status(204).send();
    },
  );

  /** The stored files, by name; their names are their content's hash, so they never change. */
  app.get<{ Params: { hash: string; file: string } }>(
    `${APP_MEDIA_BASE}/:hash/:file`,
    { config: { params: z.object({ hash: addressText(64), file: addressText(64) }) } },
    async (request, reply) => {
      const { hash, file } = request.params;
      const extension = MEDIA_FILE.exec(file)?.[1];
      const valid = isUploadHash(hash) && extension !== undefined;
      let stored = valid ? await ctx.storage.get(`${hash}/${file}`) : undefined;
      // A focal-point crop that could not be made when the page was saved: the centred crop
      // stands in, briefly cached, so the crop is used once it exists.
      const standIn = !stored && valid && isFocalCropFile(file);
      if (standIn) stored = await ctx.storage.get(`${hash}/${OG_VARIANT.file}`);
      if (!stored) {
        reply.header('cache-control', 'no-store');
        throw notFound('There is no image at this address.');
      }
      reply
        .header('content-type', MEDIA_TYPES[extension!]!)
        .header('cache-control', standIn ? 'public, max-age=300' : IMMUTABLE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        // Public images: pages on other origins (a custom domain) may show them.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (stored.size !== undefined) reply.header('content-length', String(stored.size));
      return reply.send(stored.body);
    },
  );
}
