import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The contact form's start token: when the form was handed out, signed with a key derived from
 * the session secret, so a script cannot claim to have started long ago. The public page carries
 * one made when the page was rendered; its script asks for a fresh one when a visitor starts
 * typing (CONTACT_START_PATH), so the fill time is measured from then. The token holds no
 * personal data and sets no cookie.
 */
export class ContactTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('contact-form-start').digest();
  }

  issue(): string {
    const issuedAt = String(this.now());
    return `${issuedAt}.${this.sign(issuedAt)}`;
  }

  /** Seconds since the token was issued, or undefined for a missing, altered or future token. */
  ageSeconds(token: string): number | undefined {
    const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const expected = Buffer.from(this.sign(match[1]!));
    const given = Buffer.from(match[2]!);
    if (!timingSafeEqual(expected, given)) return undefined;
    const age = (this.now() - Number(match[1])) / 1000;
    // Another process's clock may run a little ahead; a token from further ahead is forged.
    return age < -60 ? undefined : Math.max(0, age);
  }

  private sign(issuedAt: string): string {
    return createHmac('sha256', this.key).update(issuedAt).digest('base64url');
  }
}
