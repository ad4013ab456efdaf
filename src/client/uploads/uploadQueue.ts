import {
  UPLOAD_MAX_IN_PROGRESS,
  UPLOADS_IN_PROGRESS_CODE,
  type UploadedImage,
} from '../../shared/uploads.js';
import { checkBeforeSending, sendUpload, UploadError } from './sendUpload.js';

/** What an upload in the queue tells its field. */
export interface QueuedUploadEvents {
  /** Its turn came: the bytes start going up. */
  onStart: () => void;
  onProgress: (fraction: number) => void;
  /** It waits for another upload to finish (again, when the server said the person had too many). */
  onWaiting: () => void;
  signal: AbortSignal;
}

type Send = (
  file: Blob,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<UploadedImage>;

/**
 * How long to wait before asking again after a "too many at once" answer, one wait per attempt;
 * after the last, the server's refusal is shown: something else (another tab) keeps the person's
 * places. Each attempt sends the whole file again, so there are few of them (15.75 s in all).
 */
const RETRY_DELAYS_MS: readonly number[] = [250, 500, 1000, 2000, 4000, 8000];

const cancelled = () => new UploadError('Upload cancelled.', 0, 'aborted');

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Sends at most `limit` uploads at once, the rest in the order they were started: the server
 * refuses a person's upload past its own limit (UPLOAD_MAX_IN_PROGRESS), so every field picked in
 * quick succession waits its turn here instead of failing there. An upload the server still
 * refuses for that reason (another tab uploading) is asked again after a pause.
 */
export function createUploadQueue(
  limit: number,
  send: Send,
  retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
) {
  let active = 0;
  const waiting: (() => void)[] = [];

  const takePlace = (signal: AbortSignal): Promise<void> => {
    if (active < limit && waiting.length === 0) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        signal.removeEventListener('abort', leave);
        active += 1;
        resolve();
      };
      const leave = () => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(cancelled());
      };
      waiting.push(turn);
      signal.addEventListener('abort', leave, { once: true });
    });
  };

  const givePlace = () => {
    active -= 1;
    waiting.shift()?.();
  };

  return async function queueUpload(
    file: Blob,
    { onStart, onProgress, onWaiting, signal }: QueuedUploadEvents,
  ): Promise<UploadedImage> {
    // A file that cannot go at all says so at once, without waiting for a turn.
    const early = checkBeforeSending(file);
    if (early) throw early;
    if (signal.aborted) throw cancelled();
    if (active >= limit || waiting.length > 0) onWaiting();
    await takePlace(signal);
    try {
      for (let attempt = 0; ; attempt += 1) {
        onStart();
        try {
          return await send(file, onProgress, signal);
        } catch (error) {
          const tooMany = error instanceof UploadError && error.code === UPLOADS_IN_PROGRESS_CODE;
          if (!tooMany || signal.aborted || attempt >= retryDelaysMs.length) throw error;
        }
        onWaiting();
        await pause(retryDelaysMs[attempt]!, signal);
      }
    } finally {
      givePlace();
    }
  };
}

/** The editor's one queue: every image field shares the person's places on the server. */
export const queueUpload = createUploadQueue(UPLOAD_MAX_IN_PROGRESS, sendUpload);
