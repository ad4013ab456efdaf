import {
  createContext,
  useContext,
  type FormEvent,
  type InputHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { CONTACT_FIELDS, CONTACT_LIMITS } from '../../contact.js';
import { formDeliveryOf, type ContactDetails } from '../../domain/portfolio.js';
import { handleContactSubmit } from './contact.js';

/**
 * Where a page's contact form posts and the start token it carries, given by the server's
 * renderer around the template. The builder's previews have none: their form sends nothing.
 */
export interface ContactFormTarget {
  action: string;
  token: string;
}

const ContactFormContext = createContext<ContactFormTarget | undefined>(undefined);
export const ContactFormProvider = ContactFormContext.Provider;

const previewSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

/**
 * How a template's contact form behaves by the page's setting. With 'server' the form posts to our
 * server (and works without JavaScript); the owner's address appears nowhere, so templates show
 * `showEmail` false in their contact lines too. With 'mailto' it opens the visitor's mail program
 * with the address the owner typed, as SPEC section 7 has it.
 */
export function useContactForm(contact: ContactDetails) {
  const target = useContext(ContactFormContext);
  const delivery = formDeliveryOf(contact);
  if (delivery === 'mailto') {
    return {
      delivery,
      showEmail: contact.email !== '',
      hasForm: contact.email !== '',
      formProps: { 'data-to': contact.email, onSubmit: handleContactSubmit },
    };
  }
  return {
    delivery,
    showEmail: false,
    hasForm: true,
    formProps: {
      method: 'post',
      action: target?.action,
      'data-contact': 'server',
      ...(target ? {} : { onSubmit: previewSubmit }),
    },
  };
}

/** The visitor's own address field's attributes (for the reply), in every template's form. */
export const visitorEmailProps = {
  type: 'email',
  name: CONTACT_FIELDS.email,
  autoComplete: 'email',
  maxLength: CONTACT_LIMITS.email,
} as const;

type ControlAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'name' | 'placeholder' | 'autoComplete' | 'maxLength'
> &
  Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'rows'>;

export interface FormFieldProps extends ControlAttributes {
  id: string;
  label: string;
  /** The template's class names for the field's box; its label and its input or textarea take the next two. */
  className: string;
  labelClassName?: string;
  inputClassName?: string;
  /** A textarea (the message) instead of a one-line input. */
  multiline?: boolean;
}

/**
 * One field of a template's contact form: a box holding a label and its input or textarea. Each
 * template gives its own class names and the control's attributes, which the markup keeps in the
 * order given (so each template's page stays as it was).
 */
export function FormField({
  id,
  label,
  className,
  labelClassName,
  inputClassName,
  multiline,
  ...control
}: FormFieldProps) {
  return (
    <div className={className}>
      <label className={labelClassName} htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea id={id} className={inputClassName} {...control} />
      ) : (
        <input id={id} className={inputClassName} {...control} />
      )}
    </div>
  );
}

/**
 * The server form's hidden parts: the honeypot (off-screen and hidden from assistive technology,
 * out of the tab order, so only a bot that fills every field fills it), the start token, and the
 * line where the page's script says "Message sent" or why not (read out by screen readers).
 */
export function ContactFormExtras({ statusClassName }: { statusClassName?: string }) {
  const target = useContext(ContactFormContext);
  return (
    <>
      <div
        aria-hidden="true"
        style={{
          position: 'absolute',
          left: '-10000px',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
        }}
      >
        <label>
          Leave this empty
          <input type="text" name={CONTACT_FIELDS.honeypot} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <input type="hidden" name={CONTACT_FIELDS.token} defaultValue={target?.token ?? ''} />
      <div className={statusClassName} role="status" aria-live="polite" data-contact-status="" />
    </>
  );
}
