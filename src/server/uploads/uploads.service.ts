import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  ACCEPTED_FORMATS_TEXT,
  describeUpload,
  isUploadHash,
  OG_VARIANT,
  ogFile,
  parseUploadRef,
  UPLOAD_MAX_AVIF_PIXELS,
  UPLOAD_MAX_DECODED_BYTES,
  UPLOAD_MAX_COUNT,
  UPLOAD_MAX_IN_PROGRESS,
  UPLOAD_MAX_PIXELS,
  VARIANT_CONTENT_TYPES,
  variantFile,
  variantWidths,
  type TouchUploadsAnswer,
  type UploadedImage,
  type UploadList,
} from '../../shared/uploads.js';
import { imageValuesIn, type ImageValue } from '../../shared/domain/images.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import type { Db } from '../db/database.js';
import { UploadError } from './errors.js';
import {
  ImagePoolBusyError,
  ImagePoolClosedError,
  ImageTooSlowError,
  type ImagePool,
} from './image-pool.js';
import { withImageFiles } from './file-turns.js';
import { InFlightUploads, type Reservation } from './in-flight.js';
import { sniffImageType } from './image-type.js';
import { TooManyReceivingError, type IncomingFiles, type ReceivedFile } from './incoming.js';
import type { ProcessedFile } from './image.worker.js';
import type { MediaStorage } from './storage.js';
import {
  deleteIfStillStale,
  deleteUploadRow,
  deleteUploadRowsOf,
  findAnyUploadOf,
  findUpload,
  isOgFileKept,
  replaceOgFile,
  isHashOwned,
  isReferencedByOwnerData,
  listUploads,
  markReferenced,
  saveUpload,
  staleUploads,
  touchUploads,
  uploadTotals,
  type UploadRow,
} from './uploads.repository.js';
import { DAY_MS } from '../../shared/domain/time.js';

/** An upload referenced by no draft and no portfolio for this long is deleted. */
export const UNREFERENCED_DAYS = 30;

export interface UploadsContext {
  db: Db;
  storage: MediaStorage;
  pool: ImagePool;
  /** Where upload bodies are received (incoming.ts). */
  incoming: IncomingFiles;
  quotaBytes: number;
  /** The clock; tests move it to age uploads without waiting. */
  now: () => Date;
}

/** Seconds a person refused for having too many uploads in progress is asked to wait. */
export const UPLOADS_IN_PROGRESS_RETRY_SECONDS = 10;

const inFlightOf = new WeakMap<UploadsContext, InFlightUploads>();
function inFlight(ctx: UploadsContext): InFlightUploads {
  let tracker = inFlightOf.get(ctx);
  if (!tracker) {
    tracker = new InFlightUploads();
    inFlightOf.set(ctx, tracker);
  }
  return tracker;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

const notAnImage = () =>
  new UploadError(
    'unusable_file',
    `This file is not an image we can use. Please upload a ${ACCEPTED_FORMATS_TEXT} image.`,
  );

function present(storage: MediaStorage, row: UploadRow): UploadedImage {
  return describeUpload(storage.mediaBase, {
    hash: row.hash,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    createdAt: row.created_at,
  });
}

/**
 * One upload from its first byte to its answer: a place among the person's uploads in progress
 * and among the bodies this process receives, both taken before the body is read (a third upload
 * of one person at once is refused without reading a byte of it), then the file its body went
 * to. Until its row is saved it holds its size against the quota (the declared size until the
 * body is in). `end` gives everything back, whenever the request ends; a body that arrives after
 * that is removed at once.
 */
export class UploadInProgress {
  private file: ReceivedFile | undefined;
  private ended = false;

  private constructor(
    private readonly ctx: UploadsContext,
    readonly place: Reservation,
    private readonly releaseBody: () => void,
  ) {}

  static begin(ctx: UploadsContext, userId: string, declaredBytes: number): UploadInProgress {
    const tracker = inFlight(ctx);
    if (tracker.count(userId) >= UPLOAD_MAX_IN_PROGRESS) {
      throw new UploadError(
        'in_progress',
        `Your other uploads are still being processed (at most ${UPLOAD_MAX_IN_PROGRESS} at once). Please wait for them, then try again.`,
      );
    }
    let releaseBody: () => void;
    try {
      releaseBody = ctx.incoming.admit();
    } catch (error) {
      if (!(error instanceof TooManyReceivingError)) throw error;
      throw new UploadError(
        'busy',
        'Many images are being uploaded right now. Please try again in a minute.',
      );
    }
    return new UploadInProgress(ctx, tracker.reserve(userId, declaredBytes), releaseBody);
  }

  /** Receives the body into its file; refused past `limit` bytes. */
  async receive(body: Readable, limit: number): Promise<ReceivedFile> {
    const file = await this.ctx.incoming.receive(body, limit);
    if (this.ended) await this.ctx.incoming.discard(file);
    else this.file = file;
    return file;
  }

  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.releaseBody();
    inFlight(this.ctx).release(this.place);
    if (this.file) await this.ctx.incoming.discard(this.file);
  }
}

/** Processes the image in the image pool; refusals become answers that name the problem. */
async function processOrRefuse(ctx: UploadsContext, owner: string, file: string) {
  let result;
  try {
    result = await ctx.pool.process(
      {
        file,
        maxPixels: UPLOAD_MAX_PIXELS,
        maxAvifPixels: UPLOAD_MAX_AVIF_PIXELS,
        maxDecodedBytes: UPLOAD_MAX_DECODED_BYTES,
      },
      owner,
    );
  } catch (error) {
    if (error instanceof ImageTooSlowError) {
      throw new UploadError(
        'unusable_file',
        `This image took too long to process. Please upload a smaller ${ACCEPTED_FORMATS_TEXT} image.`,
      );
    }
    if (error instanceof ImagePoolClosedError) {
      throw new UploadError(
        'busy',
        'The server is restarting. Please upload the image again in a minute.',
      );
    }
    if (error instanceof ImagePoolBusyError) {
      throw new UploadError(
        'busy',
        'Many images are being processed right now. Please try again in a minute.',
      );
    }
    throw error;
  }
  if (result.ok) return result;
  if (result.reason === 'too_many_scans') {
    throw new UploadError(
      'unusable_file',
      `This JPEG is saved in more than ${result.maxScans} passes (a photo needs about ten), which would take too long to read. Please save it again as an ordinary ${ACCEPTED_FORMATS_TEXT} image.`,
    );
  }
  if (result.reason === 'too_many_pixels') {
    throw new UploadError(
      'unusable_file',
      `This image is too large in pixels: it has too many pixels (at most ${result.maxPixels / 1_000_000} megapixels for this image). Please upload a smaller ${ACCEPTED_FORMATS_TEXT} image.`,
    );
  }
  throw new UploadError(
    'unusable_file',
    `This image could not be read; it may be damaged. Please upload a ${ACCEPTED_FORMATS_TEXT} image.`,
  );
}

/**
 * Stores an uploaded file for `userId`: checks its type from its bytes, the quota, makes the
 * variants in the image pool, writes them under the file's content hash and records the owner.
 * Uploading a file the person already has changes nothing but its reference time.
 */
export async function uploadImage(
  ctx: UploadsContext,
  userId: string,
  upload: UploadInProgress,
  file: ReceivedFile,
): Promise<{ image: UploadedImage; created: boolean }> {
  if (file.size === 0)
    throw new UploadError('unusable_file', 'Send the image file as the request body.');
  const type = sniffImageType(file.head);
  if (type === 'heic') {
    throw new UploadError(
      'unusable_file',
      `HEIC photos cannot be used here. Please upload a ${ACCEPTED_FORMATS_TEXT} image (most phones can share a photo as JPEG).`,
    );
  }
  if (type === 'svg') {
    throw new UploadError(
      'unusable_file',
      `SVG drawings cannot be used here: they can carry scripts. Please upload a ${ACCEPTED_FORMATS_TEXT} image.`,
    );
  }
  if (type === undefined) throw notAnImage();

  const hash = file.hash;
  const now = ctx.now().toISOString();
  const own = await findUpload(ctx.db, userId, hash);
  if (own) {
    await markReferenced(ctx.db, userId, hash, now);
    return { image: present(ctx.storage, own), created: false };
  }
  const tracker = inFlight(ctx);
  tracker.resize(upload.place, file.size);
  await checkQuota(ctx, tracker, upload.place, file.size);
  return processAndSave(ctx, tracker, upload.place, userId, hash, file.path, now);
}

/**
 * Refuses when the person's saved uploads, others in progress and `bytes` exceed the quota, or
 * when they would keep more than UPLOAD_MAX_COUNT uploads.
 */
async function checkQuota(
  ctx: UploadsContext,
  tracker: InFlightUploads,
  reservation: Reservation,
  bytes: number,
): Promise<void> {
  const saved = await uploadTotals(ctx.db, reservation.userId);
  if (saved.count + tracker.count(reservation.userId) > UPLOAD_MAX_COUNT) {
    throw new UploadError(
      'quota_exceeded',
      `You keep ${UPLOAD_MAX_COUNT.toLocaleString('en-IN')} uploaded images already. Remove images you no longer use, then try again.`,
    );
  }
  const used = saved.bytes + tracker.reservedBytes(reservation.userId, reservation);
  if (used + bytes > ctx.quotaBytes) {
    throw new UploadError(
      'quota_exceeded',
      `Your uploads already use ${megabytes(used)} of your ${megabytes(ctx.quotaBytes)}. Remove images you no longer use, then try again.`,
    );
  }
}

async function processAndSave(
  ctx: UploadsContext,
  tracker: InFlightUploads,
  reservation: Reservation,
  userId: string,
  hash: string,
  file: string,
  now: string,
): Promise<{ image: UploadedImage; created: boolean }> {
  // The same file uploaded by someone else is already processed and stored: reuse it.
  const known = await findAnyUploadOf(ctx.db, hash);
  let files: ProcessedFile[] | undefined;
  let stored = known && (await ctx.storage.has(ogFileOf(hash))) ? known : undefined;
  for (;;) {
    if (!stored) {
      const processed = await processOrRefuse(ctx, userId, file);
      files = processed.files;
      const bytes = files.reduce((total, file) => total + file.data.length, 0);
      stored = { width: processed.width, height: processed.height, bytes };
    }
    const row: UploadRow = {
      user_id: userId,
      hash,
      bytes: stored.bytes,
      width: stored.width,
      height: stored.height,
      created_at: now,
      last_referenced_at: now,
      og_file: null,
    };
    // One person's final checks run one at a time: each sees the rows the others saved. The
    // files are kept from deletion meanwhile; if the copy meant for reuse went, this upload
    // processes and stores its own.
    const saved = await tracker.whileHeld(userId, () =>
      withImageFiles(ctx.db, hash, async (db) => {
        if (!files && !(await ctx.storage.has(ogFileOf(hash)))) return false;
        await checkQuota({ ...ctx, db }, tracker, reservation, row.bytes);
        await storeAll(ctx.storage, db, hash, files ?? []);
        await saveUpload(db, row);
        return true;
      }),
    );
    if (saved) return { image: present(ctx.storage, row), created: true };
    stored = undefined;
  }
}

/**
 * Stores every file of a new image, or none: when one cannot be written (a full disk), the
 * others are waited for and removed too, so nothing half-stored stays behind. Runs in the
 * image's file turn, where no other upload of it has files to lose.
 */
async function storeAll(
  storage: MediaStorage,
  db: Db,
  hash: string,
  files: ProcessedFile[],
): Promise<void> {
  const results = await Promise.allSettled(
    files.map((file) => storage.put(`${hash}/${file.file}`, file.data, file.contentType)),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (!failed) return;
  if (!(await isHashOwned(db, hash))) await storage.deleteUpload(hash);
  throw failed.reason;
}

const ogFileOf = (hash: string) => `${hash}/${OG_VARIANT.file}`;

/** Which page of a person's uploads to list: at most `limit`, after the upload `after`. */
export interface UploadListPage {
  limit: number;
  after?: string;
}

export async function listUploadsOf(
  ctx: UploadsContext,
  userId: string,
  page: UploadListPage,
): Promise<UploadList> {
  const after = page.after === undefined ? undefined : await findUpload(ctx.db, userId, page.after);
  if (page.after !== undefined && !after) {
    throw new UploadError(
      'unknown_cursor',
      'The list cannot go on after an upload you do not have (it may have been removed): ask for its first page again.',
    );
  }
  // One row more than asked says whether another page follows.
  const [rows, totals] = await Promise.all([
    listUploads(ctx.db, userId, page.limit + 1, after),
    uploadTotals(ctx.db, userId),
  ]);
  const shown = rows.slice(0, page.limit);
  return {
    uploads: shown.map((row) => present(ctx.storage, row)),
    ...(rows.length > page.limit ? { next: shown.at(-1)!.hash } : {}),
    count: totals.count,
    usedBytes: totals.bytes,
    quotaBytes: ctx.quotaBytes,
  };
}

/** Removes the files of `hash` when nobody has the upload any more. */
async function dropFilesIfUnowned(db: Db, storage: MediaStorage, hash: string): Promise<void> {
  await withImageFiles(db, hash, async (turn) => {
    if (!(await isHashOwned(turn, hash))) await storage.deleteUpload(hash);
  });
}

/** The person removes one of their uploads; someone else's is "not found", never deleted. */
export async function removeUpload(
  ctx: UploadsContext,
  userId: string,
  hash: string,
): Promise<void> {
  const deleted = isUploadHash(hash) && (await deleteUploadRow(ctx.db, userId, hash));
  if (!deleted) throw new UploadError('not_found', 'You have no upload with this name.');
  await dropFilesIfUnowned(ctx.db, ctx.storage, hash);
}

/**
 * Every upload of a person, rows and (unless someone else has the same file) files: part of
 * deleting an account. Returns how many uploads were removed.
 */
export async function deleteUploadsOf(
  db: Db,
  storage: MediaStorage,
  userId: string,
): Promise<number> {
  const hashes = await deleteUploadRowsOf(db, userId);
  for (const hash of hashes) await dropFilesIfUnowned(db, storage, hash);
  return hashes.length;
}

/**
 * A draft says which uploads it holds: those of the person's own uploads are kept another
 * 30 days. References to uploads the person does not have (deleted, or someone else's) are
 * reported as missing and change nothing.
 */
export async function touchReferences(
  ctx: UploadsContext,
  userId: string,
  refs: string[],
): Promise<TouchUploadsAnswer> {
  const hashes = [...new Set(refs.map((ref) => parseUploadRef(ref)!.hash))];
  const found = new Set(await touchUploads(ctx.db, userId, hashes, ctx.now().toISOString()));
  return {
    kept: refs.filter((ref) => found.has(parseUploadRef(ref)!.hash)),
    missing: refs.filter((ref) => !found.has(parseUploadRef(ref)!.hash)),
  };
}

/**
 * Marks the uploads a portfolio about to be published or saved names as referenced (as a
 * draft's touch would), and returns the first image naming an upload the person does not have
 * (someone else's, or one deleted since); undefined when every upload is theirs.
 */
export async function touchUploadsOf(
  db: Db,
  userId: string,
  data: PortfolioData,
  now: Date,
): Promise<ImageValue | undefined> {
  const uploads = imageValuesIn(data).flatMap((image) => {
    const ref = parseUploadRef(image.value);
    return ref ? [{ image, hash: ref.hash }] : [];
  });
  if (uploads.length === 0) return undefined;
  const hashes = [...new Set(uploads.map((upload) => upload.hash))];
  const owned = new Set(await touchUploads(db, userId, hashes, now.toISOString()));
  return uploads.find((upload) => !owned.has(upload.hash))?.image;
}

/** People whose link-preview crop is being made in this process. */
const cropping = new Set<string>();

/**
 * Makes the Open Graph crop a page's link preview names for its profile picture (ogFile) when
 * the person moved its focal point off the centre: made once, when a portfolio showing it is
 * saved, from the largest stored JPEG, before any page can name it. Nothing to do for the
 * centre (og.jpg comes with every upload), for an address, or for an upload not the person's.
 */
export async function prepareLinkPreview(
  ctx: Pick<UploadsContext, 'db' | 'storage' | 'pool'>,
  userId: string,
  data: PortfolioData,
): Promise<void> {
  const ref = parseUploadRef(data.personalDetails.profileImage.trim());
  if (!ref?.focus) return;
  const file = ogFile(ref.focus);
  if (file === OG_VARIANT.file) return;
  // The stored size, not the reference's: it names the variant that exists.
  const upload = await findUpload(ctx.db, userId, ref.hash);
  if (!upload || upload.og_file === file) return;
  const key = `${ref.hash}/${file}`;
  if (!(await ctx.storage.has(key))) {
    // Skippable work: never queued behind others' uploads, one at a time per person.
    if (!ctx.pool.hasRoom() || cropping.has(userId)) return;
    cropping.add(userId);
    try {
      const widths = variantWidths(upload.width);
      const source = await ctx.storage.get(`${ref.hash}/${variantFile(widths.at(-1)!, 'jpeg')}`);
      if (!source) return;
      const bytes = new Uint8Array(await buffer(source.body));
      const crop = await ctx.pool.ogCrop({ bytes, focus: ref.focus }, userId);
      await ctx.storage.put(key, crop, VARIANT_CONTENT_TYPES.jpeg);
    } finally {
      cropping.delete(userId);
    }
  }
  // One crop per owner's upload: trying point after point replaces it rather than piling up
  // files outside the quota. A page still naming the old one gets the centred crop (/media).
  const previous = await replaceOgFile(ctx.db, userId, ref.hash, file);
  if (previous && previous !== file && !(await isOgFileKept(ctx.db, ref.hash, previous))) {
    await ctx.storage.delete(`${ref.hash}/${previous}`);
  }
}

/**
 * Deletes uploads referenced by no draft (no touch) for 30 days, unless a published portfolio
 * or an order of the owner still mentions them. Safe to run in several processes at once: each
 * row is deleted by one of them, and only while it is still unreferenced.
 */
export async function sweepUnreferenced(db: Db, storage: MediaStorage, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNREFERENCED_DAYS * DAY_MS).toISOString();
  let deleted = 0;
  for (;;) {
    const batch = await staleUploads(db, before, 100);
    if (batch.length === 0) return deleted;
    for (const row of batch) {
      if (await isReferencedByOwnerData(db, row.user_id, row.hash)) {
        await markReferenced(db, row.user_id, row.hash, now.toISOString());
      } else if (await deleteIfStillStale(db, row.user_id, row.hash, before)) {
        deleted += 1;
        await dropFilesIfUnowned(db, storage, row.hash);
      }
    }
  }
}
