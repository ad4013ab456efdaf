import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A preview link's token: 32 random bytes (256 bits) as base64url, unrelated to anything of the
 * person's. Stored twice, neither time as itself: its SHA-256 finds the link (one index lookup,
 * so a guess costs the same time whether or not a link is near it), and a sealed copy (AES-256-GCM
 * under a key derived from the session secret) lets the owner copy the link again later.
 */
export class PreviewTokens {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = createHmac('sha256', sessionSecret).update('preview link tokens').digest();
  }

  /** A new token, with its hash and sealed copy. */
  issue(): { token: string; hash: string; sealed: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashPreviewToken(token), sealed: this.seal(token) };
  }

  seal(token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The token a sealed copy holds; undefined when it was sealed under another secret. */
  open(sealed: string): string | undefined {
    try {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString();
    } catch {
      return undefined;
    }
  }
}

export const hashPreviewToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');
