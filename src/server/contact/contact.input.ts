import { CONTACT_FIELDS, CONTACT_LIMITS } from '../../shared/contact.js';
import { EMAIL_PATTERN } from '../../shared/domain/email.js';

/** A visitor's message as the form sent it, every field as typed (kept for the answer page). */
export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
  honeypot: string;
  token: string;
}

/** The same message checked: trimmed, one line where a line is expected, within its limits. */
export interface ContactMessageInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export interface FieldRefusal {
  field: keyof ContactMessageInput;
  message: string;
}

/** Reads the posted fields; anything missing or repeated as a list reads as empty text. */
export function readContactForm(body: unknown): ContactForm {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (name: string) => {
    const value = fields[name];
    return typeof value === 'string' ? value : '';
  };
  return {
    name: text(CONTACT_FIELDS.name),
    email: text(CONTACT_FIELDS.email),
    subject: text(CONTACT_FIELDS.subject),
    message: text(CONTACT_FIELDS.message),
    honeypot: text(CONTACT_FIELDS.honeypot),
    token: text(CONTACT_FIELDS.token),
  };
}

/**
 * Line breaks and other control characters out of one-line fields: the name and subject go into
 * a mail's Subject header, and no visitor's text may start a header of its own there.
 */
const oneLine = (value: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

/** The first problem of a message, naming the field, or the checked message. */
export function checkContactMessage(
  form: ContactForm,
): { ok: true; input: ContactMessageInput } | { ok: false; refusal: FieldRefusal } {
  const name = oneLine(form.name);
  const email = form.email.trim();
  const subject = oneLine(form.subject);
  const message = form.message.replace(/\r\n?/g, '\n').trim();
  const refuse = (field: FieldRefusal['field'], text: string) =>
    ({ ok: false, refusal: { field, message: text } }) as const;
  if (name === '') return refuse('name', 'Please enter your name.');
  if (name.length > CONTACT_LIMITS.name) {
    return refuse('name', `Your name must be at most ${CONTACT_LIMITS.name} characters.`);
  }
  if (email === '') {
    return refuse('email', 'Please enter your email address, so that the reply can reach you.');
  }
  if (email.length > CONTACT_LIMITS.email || !EMAIL_PATTERN.test(email)) {
    return refuse('email', 'Please enter an email address like name@example.com.');
  }
  if (subject.length > CONTACT_LIMITS.subject) {
    return refuse('subject', `The subject must be at most ${CONTACT_LIMITS.subject} characters.`);
  }
  if (message === '') return refuse('message', 'Please write a message.');
  if (message.length > CONTACT_LIMITS.message) {
    return refuse(
      'message',
      `The message must be at most ${CONTACT_LIMITS.message.toLocaleString('en-IN')} characters (it has ${message.length.toLocaleString('en-IN')}).`,
    );
  }
  return { ok: true, input: { name, email, subject, message } };
}
