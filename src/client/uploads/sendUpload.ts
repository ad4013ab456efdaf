import { isApiErrorBody } from '../../shared/api.js';
import {
  ACCEPTED_FORMATS_TEXT,
  UPLOAD_MAX_BYTES,
  type UploadedImage,
} from '../../shared/uploads.js';

/** Why an upload did not happen, in words for people; `status` 0 when the server was not reached. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

const MB = 1024 * 1024;

/** Refusals the browser can make before sending a byte. */
export function checkBeforeSending(file: Blob): UploadError | undefined {
  if (file.size === 0) {
    return new UploadError(
      `This file is empty. Please choose a ${ACCEPTED_FORMATS_TEXT} image.`,
      400,
    );
  }
  if (file.size > UPLOAD_MAX_BYTES) {
    const size = (file.size / MB).toFixed(1);
    return new UploadError(
      `This file is ${size} MB; images may be at most ${UPLOAD_MAX_BYTES / MB} MB. Please choose a smaller ${ACCEPTED_FORMATS_TEXT} image (a phone's "share as JPEG" or a smaller export works).`,
      413,
      'file_too_large',
    );
  }
  return undefined;
}

function errorFrom(xhr: XMLHttpRequest): UploadError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText) as unknown;
  } catch {
    body = null;
  }
  if (isApiErrorBody(body)) return new UploadError(body.error.message, xhr.status, body.error.code);
  if (xhr.status === 401) return new UploadError('Please sign in first.', 401, 'unauthorized');
  return new UploadError(
    xhr.status >= 500
      ? 'The server had a problem storing this image. Please try again in a moment.'
      : `The upload failed (HTTP ${xhr.status}).`,
    xhr.status,
  );
}

/**
 * Sends one image to `POST /api/uploads` as the raw body. XMLHttpRequest rather than fetch,
 * because only it reports how much of the body has been sent (`onProgress`, 0 to 1).
 */
export function sendUpload(
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  const early = checkBeforeSending(file);
  if (early) return Promise.reject(early);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.setRequestHeader('accept', 'application/json');
    // The server decides the type from the bytes; this only keeps proxies from guessing.
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status === 200 || xhr.status === 201) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadedImage);
        } catch {
          reject(new UploadError('The server answered in a way we did not expect.', xhr.status));
        }
        return;
      }
      reject(errorFrom(xhr));
    });
    xhr.addEventListener('error', () =>
      reject(
        new UploadError('The upload did not get through. Check your connection and try again.', 0),
      ),
    );
    xhr.addEventListener('abort', () => reject(new UploadError('Upload cancelled.', 0, 'aborted')));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
