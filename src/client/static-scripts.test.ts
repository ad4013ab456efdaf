import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_CHANNEL, SIGN_IN_MESSAGE_TYPE } from '../shared/auth.js';
import { CONTACT_FIELDS, CONTACT_START_PATH } from '../shared/contact.js';

/*
 * The scripts in public/ are served as they are, without a build, so they cannot import the
 * shared constants and write their values out instead. These checks fail when a constant changes
 * and the script still has the old value.
 */
const script = (name: string) => readFileSync(new URL(`public/${name}`, import.meta.url), 'utf8');

describe('signin-result.js', () => {
  const text = script('signin-result.js');

  it('posts the message type the builder listens for', () => {
    expect(text).toContain(`type: '${SIGN_IN_MESSAGE_TYPE}'`);
  });

  it('broadcasts on the channel the builder listens on', () => {
    expect(text).toContain(`new BroadcastChannel('${SIGN_IN_CHANNEL}')`);
  });
});

describe('portfolio-contact.js', () => {
  const text = script('portfolio-contact.js');

  it('asks the start path for a fresh token', () => {
    expect(text).toContain(`fetch('${CONTACT_START_PATH}'`);
  });

  it('writes the token into the form field the server reads', () => {
    const uses = text.match(/namedItem\('([^']+)'\)/g) ?? [];
    expect(uses).toContain(`namedItem('${CONTACT_FIELDS.token}')`);
    // Both places that write a token (a fresh start, a refusal's new token) use the same field.
    expect(
      text.split(`var token = form.elements.namedItem('${CONTACT_FIELDS.token}');`),
    ).toHaveLength(3);
  });
});
