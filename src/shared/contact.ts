/**
 * Messages from visitors: the public page's contact form as the browser, the server and the
 * account page see it. One set of limits and field names for the template forms, the server page
 * a form without JavaScript gets back, and the checks on the server.
 */

/** Where a portfolio's contact form goes: through our server (default) or the visitor's mail program. */
export const FORM_DELIVERIES = ['server', 'mailto'] as const;
export type FormDelivery = (typeof FORM_DELIVERIES)[number];

/**
 * Where this page's contact form goes; 'server' unless the owner chose the mail program. Here
 * rather than beside the schema so a template's chunk does not bring the schema's validator.
 */
export const formDeliveryOf = (contact: { formDelivery?: FormDelivery }): FormDelivery =>
  contact.formDelivery ?? 'server';

export const CONTACT_LIMITS = {
  name: 100,
  /** RFC 5321's longest usable address. */
  email: 254,
  subject: 200,
  message: 5000,
  /** A person needs longer than this to type a message; a script posting at once does not. */
  minFillSeconds: 3,
  /** Messages one owner receives in a calendar day (UTC), counted in the database. */
  perOwnerPerDay: 100,
  /**
   * Messages one owner receives in a day from one network (an IPv4 address, an IPv6 /64): a
   * person writes once or twice, and one sender cannot use up the owner's whole day. Room for a
   * few people behind one address too (mobile carriers share IPv4 addresses widely).
   */
  perSenderPerOwnerPerDay: 10,
} as const;

/** The form's field names. The honeypot looks like a field a bot fills in; people never see it. */
export const CONTACT_FIELDS = {
  name: 'name',
  email: 'email',
  subject: 'subject',
  message: 'message',
  honeypot: 'website',
  token: 'started',
} as const;

/** The address a portfolio's form posts to (not under the page's own path: see fast-path.ts). */
export const contactPath = (username: string) => `/users/${username}/contact`;

/** The address the page's script asks for a fresh start token when the form comes into view. */
export const CONTACT_START_PATH = '/api/contact/start';

export interface ContactStartResponse {
  token: string;
}

/** What the form's script receives: a sentence to show, and the field at fault on a refusal. */
export type ContactSendResponse =
  { ok: true; message: string } | { ok: false; message: string; field?: string; token?: string };

export const MESSAGE_SENT =
  'Message sent. Thank you! Any reply will come to the email address you gave.';

export type MessageDelivery = 'pending' | 'sent' | 'failed';

/** One message on the account page. */
export interface AccountMessage {
  id: string;
  username: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  delivery: MessageDelivery;
}

/** How many messages the account page lists, latest first. */
export const ACCOUNT_MESSAGES_SHOWN = 50;

export interface MessagesResponse {
  messages: AccountMessage[];
  /** True when there are more than ACCOUNT_MESSAGES_SHOWN (the export holds them all). */
  more: boolean;
}
