/**
 * The closed set of refusals of a visitor's message. The service returns these (the route answers
 * a refused message with the visitor's text kept, as JSON or as a page, so nothing is thrown) with
 * a sentence for the visitor; `contact.routes.ts` alone decides the HTTP status of each.
 */
export type ContactRefusalCode =
  /** No portfolio at this address, or it does not take messages here (now). */
  | 'no_form'
  /** The hidden field people do not see was filled in, as automated senders do. */
  | 'honeypot'
  /** The form's start token is not one of ours (or from before a key change): give a new one. */
  | 'stale_token'
  /** Sent sooner after opening the form than a person can type. */
  | 'too_fast'
  /** A field of the message is missing or malformed. */
  | 'invalid_field'
  /** The page, the owner or the sender's network has used up its allowance of messages. */
  | 'too_many';

/** Why a message was not taken: what kind of refusal, a sentence for the visitor, the field at fault. */
export interface ContactRefusal {
  code: ContactRefusalCode;
  message: string;
  field?: string;
}
