/**
 * A QR code of a portfolio's address, for business cards and posters: SVG (any size, for print)
 * or PNG (for documents and messages). Made with the `qrcode` library on request; only the
 * owner's names are answered, like every other account action. The PNG is the SVG drawn by
 * sharp, off the event loop: the library's own PNG encoder runs on it, in JavaScript, and held
 * every other request up while it drew a code (bench/RESULTS.md, Measurements behind design
 * choices in the code).
 */
import QRCode from 'qrcode';
import sharp from 'sharp';
import { portfolioUrl } from '../../shared/domain/username.js';
import { NOT_YOUR_NAME } from '../site/ownership.js';
import { findOwnedName } from '../site/usernames.repository.js';
import type { AccountContext } from './account.service.js';
import { AccountError } from './errors.js';

export type QrFormat = 'svg' | 'png';

/** Large enough to print sharp at a few centimetres; the SVG scales to anything. */
const PNG_WIDTH = 1024;

export interface QrCode {
  body: string | Buffer;
  contentType: string;
  url: string;
}

export async function portfolioQrCode(
  ctx: AccountContext,
  userId: string,
  username: string,
  format: QrFormat,
): Promise<QrCode> {
  if (!(await findOwnedName(ctx.db, userId, username))) {
    throw new AccountError('not_yours', NOT_YOUR_NAME);
  }
  const url = portfolioUrl(ctx.publicUrl(), username);
  // Medium error correction: still reads with a scuffed corner, without a dense pattern.
  // Medium error correction: still reads with a scuffed corner, without a dense pattern.
  const svg = await QRCode.toString(url, { errorCorrectionLevel: 'M', margin: 2, type: 'svg' });
  if (format === 'svg') return { body: svg, contentType: 'image/svg+xml; charset=utf-8', url };
  // Drawn at one pixel a module, then each pixel repeated (31 or 32 times each way for a
  // typical code): no blurred edges for a scanner to misread.
  const png = await sharp(Buffer.from(svg))
    .resize(PNG_WIDTH, PNG_WIDTH, { kernel: 'nearest' })
    .png()
    .toBuffer();
  return { body: png, contentType: 'image/png', url };
}
