import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The contact form's start token: when the form was handed out, signed with a key derived from
 * the session secret, so a script cannot claim to have started long ago. The public page carries
 * one made when the page was rendered; its script asks for a fresh one when a visitor starts
 * typing (CONTACT_START_PATH), so the fill time is measured from then. The token holds no
 * personal data and sets no cookie. It does not expire: a page rendered at publish carries a
 * token from then, and a visitor without JavaScript would otherwise have their first Send
 * refused; an old token only ever passes the fill-time check, which it would pass anyway.
 * The signed values of the contact form live here: the start token and the sender's key.
 */
export class ContactTokens {
  private readonly key: Buffer;
  private readonly senderPepper: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('contact-form-start').digest();
    this.senderPepper = createHmac('sha256', secret).update('contact-sender').digest();
  }

  /**
   * Who sent a message, as far as the per-sender allowance needs to know: a keyed hash of the
   * sender's network and the day. Without the key it cannot be turned back into an address, and
   * the same sender on another day gives another value.
   */
  senderKey(network: string, day: string): string {
    return createHmac('sha256', this.senderPepper).update(`${day}|${network}`).digest('base64url');
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
