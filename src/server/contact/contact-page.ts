import { CONTACT_FIELDS, CONTACT_LIMITS, contactPath } from '../../shared/contact.js';
import { escapeHtml, smallPage } from '../html.js';
import type { ContactForm } from './contact.input.js';

/** The few styles the answer page adds to smallPage's: the message box and the error marks. */
const STYLE =
  '<style>textarea{width:100%;min-height:8rem;padding:.55rem .75rem;border:1px solid #bdb6c9;border-radius:10px;font:inherit}textarea:focus-visible{outline:3px solid #2f6fed;outline-offset:2px}[aria-invalid=true]{border-color:#a83427;border-width:2px}.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}</style>';

/**
 * What a contact form posted without JavaScript gets back: "Message sent" with a link back to the
 * portfolio, or the reason it was not sent above the same form, the visitor's text kept and a
 * fresh start token, so that pressing Send again is all a person has to do.
 */
export function contactAnswerPage(options: {
  username: string;
  sent: boolean;
  message: string;
  field?: string;
  /** The form as posted, to fill in again; absent when the body was never read (rate limit). */
  form?: ContactForm;
  token?: string;
}): string {
  const back = `<p><a href="/users/${escapeHtml(options.username)}">Back to the portfolio</a></p>`;
  if (options.sent) {
    return smallPage({
      title: 'Message sent',
      body: `<h1>Message sent</h1><p role="status">${escapeHtml(options.message)}</p>${back}`,
    });
  }
  const form = options.form;
  const field = (name: 'name' | 'email' | 'subject', label: string, type: string, max: number) => {
    const invalid = options.field === name;
    return `<label for="contact-${name}">${label}</label><input id="contact-${name}" name="${CONTACT_FIELDS[name]}" type="${type}" maxlength="${max}" value="${escapeHtml(form?.[name] ?? '')}"${name === 'subject' ? '' : ' required'}${invalid ? ' aria-invalid="true" aria-describedby="contact-problem"' : ''}${name === 'name' ? ' autocomplete="name"' : name === 'email' ? ' autocomplete="email"' : ''}>`;
  };
  const messageInvalid = options.field === 'message';
  const formHtml = form
    ? `<form method="post" action="${escapeHtml(contactPath(options.username))}">
${field('name', 'Your name', 'text', CONTACT_LIMITS.name)}
${field('email', 'Your email (for the reply)', 'email', CONTACT_LIMITS.email)}
${field('subject', 'Subject', 'text', CONTACT_LIMITS.subject)}
<label for="contact-message">Message</label><textarea id="contact-message" name="${CONTACT_FIELDS.message}" required${messageInvalid ? ' aria-invalid="true" aria-describedby="contact-problem"' : ''}>${escapeHtml(form.message)}</textarea>
<div class="hp" aria-hidden="true"><label for="contact-website">Leave this empty</label><input id="contact-website" name="${CONTACT_FIELDS.honeypot}" tabindex="-1" autocomplete="off"></div>
<input type="hidden" name="${CONTACT_FIELDS.token}" value="${escapeHtml(options.token ?? '')}">
<div class="actions"><button type="submit">Send again</button></div>
</form>`
    : "<p>Your browser's Back button returns to the form with your text.</p>";
  return smallPage({
    title: 'Message not sent',
    body: `${STYLE}<h1>Message not sent</h1><p id="contact-problem" class="error" role="alert">${escapeHtml(options.message)}</p>${formHtml}${back}`,
  });
}
