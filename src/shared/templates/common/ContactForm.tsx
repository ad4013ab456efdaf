import {
  createContext,
  useContext,
  type FormEvent,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  formDeliveryOf,
  type FormDelivery,
} from '../../contact.js';
import type { ContactDetails } from '../../domain/portfolio.js';
import { handleContactSubmit } from './contact.js';

/**
 * Where a page's contact form posts and the start token it carries, given by the server's
 * renderer around the template. The builder's previews have none: their form sends nothing.
 */
export interface ContactFormTarget {
  action: string;
  token: string;
  /**
   * Why the form cannot send (a preview link's page): the fields are shown disabled, with this
   * said under them, and the form goes nowhere.
   */
  closed?: string;
}

const ContactFormContext = createContext<ContactFormTarget | undefined>(undefined);
export const ContactFormProvider = ContactFormContext.Provider;

const previewSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

/** A template's contact form as the page's setting makes it (useContactForm). */
export interface ContactForm {
  delivery: FormDelivery;
  /** The four fields, drawn in the template's look and set out in its layout. */
  fields: ReactElement;
  /** Whether the contact lines may show the owner's email address. */
  showEmail: boolean;
  /** Whether there is a form at all (a mailto form needs an address). */
  hasForm: boolean;
  /** The form element's attributes: where and how it sends. */
  formProps: FormHTMLAttributes<HTMLFormElement> & {
    'data-to'?: string;
    'data-contact'?: string;
    'data-min-fill'?: string;
  };
}

/**
 * How a template's contact form behaves by the page's setting. With 'server' the form posts to our
 * server (and works without JavaScript); the owner's address appears nowhere, so templates show
 * `showEmail` false in their contact lines too. With 'mailto' it opens the visitor's mail program
 * with the address the owner typed, as SPEC section 7 has it. `fields` are the form's fields drawn
 * and set out in the template's `look`.
 */
export function useContactForm(contact: ContactDetails, look: ContactFieldsLook): ContactForm {
  const target = useContext(ContactFormContext);
  const delivery = formDeliveryOf(contact);
  const fields = <ContactFields fields={contactFields(look, delivery)} layout={look.layout} />;
  if (target?.closed) {
    return {
      delivery,
      fields,
      showEmail: delivery === 'mailto' && contact.email !== '',
      hasForm: true,
      formProps: { onSubmit: previewSubmit },
    };
  }
  if (delivery === 'mailto') {
    return {
      delivery,
      fields,
      showEmail: contact.email !== '',
      hasForm: contact.email !== '',
      formProps: { 'data-to': contact.email, onSubmit: handleContactSubmit },
    };
  }
  return {
    delivery,
    fields,
    showEmail: false,
    hasForm: true,
    formProps: {
      method: 'post',
      action: target?.action,
      'data-contact': 'server',
      // The page's script holds a message sent sooner after the form's start than this.
      'data-min-fill': String(CONTACT_LIMITS.minFillSeconds),
      ...(target ? {} : { onSubmit: previewSubmit }),
    },
  };
}

/** The visitor's own address field's attributes (for the reply), in every template's form. */
const visitorEmailProps = {
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

interface FormFieldProps extends ControlAttributes {
  id: string;
  label: string;
  /** The box's class; the label and the control take the next two. */
  className: string;
  labelClassName?: string;
  inputClassName?: string;
  /** A textarea (the message) instead of a one-line input. */
  multiline?: boolean;
}

/** One field of a contact form: a box holding a label and its input or textarea. */
function FormField({
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

/** A contact form's fields, as their controls are named. */
export type ContactFormField = 'name' | 'email' | 'subject' | 'message';

/** How one template draws its contact form's fields. */
export interface ContactFieldsLook {
  /** Each field's id is this followed by the field: `${idPrefix}email`. */
  idPrefix: string;
  /**
   * The class of a field's box. `asksEmail` is true when the form has the visitor's email field
   * (it posts to our server), which some layouts answer by widening the subject.
   */
  fieldClassName: (field: ContactFormField, asksEmail: boolean) => string;
  labelClassName?: string;
  inputClassName?: (field: ContactFormField) => string;
  /** Each label repeated as its control's placeholder, for templates that hide their labels. */
  placeholders?: boolean;
  messageRows: number;
  /** How the four fields sit in the form (in order, straight in it, when left out). */
  layout?: ContactFieldsLayout;
}

/**
 * Every template's contact form fields, each an element the template places in its own layout:
 * the visitor's name, their email (only when the form posts to our server, which needs it to
 * reply; null otherwise), the subject and the message.
 */
function contactFields(
  look: ContactFieldsLook,
  delivery: FormDelivery,
): Record<ContactFormField, ReactElement | null> {
  const asksEmail = delivery === 'server';
  const field = (
    name: ContactFormField,
    label: string,
    control: ControlAttributes & { multiline?: boolean },
  ) => (
    <FormField
      className={look.fieldClassName(name, asksEmail)}
      labelClassName={look.labelClassName}
      inputClassName={look.inputClassName?.(name)}
      id={`${look.idPrefix}${name}`}
      label={label}
      {...control}
      {...(look.placeholders ? { placeholder: label } : {})}
    />
  );
  return {
    name: field('name', 'Name', { type: 'text', name: CONTACT_FIELDS.name, autoComplete: 'name' }),
    email: asksEmail ? field('email', 'Your email', visitorEmailProps) : null,
    subject: field('subject', 'Subject', { type: 'text', name: CONTACT_FIELDS.subject }),
    message: field('message', 'Message', {
      multiline: true,
      name: CONTACT_FIELDS.message,
      rows: look.messageRows,
    }),
  };
}

/**
 * The server form's hidden parts: the honeypot (off-screen and hidden from assistive technology,
 * out of the tab order, so only a bot that fills every field fills it), the start token, and the
 * line where the page's script says "Message sent" or why not (read out by screen readers).
 */
function ContactFormExtras({ statusClassName }: { statusClassName?: string }) {
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

/**
 * How a template sets out the four fields: in order (name, email, subject, message) straight in
 * the form; in order inside a `box` of that class; or with name and subject side by side in a
 * `row` of that class, above the email and the message.
 */
export type ContactFieldsLayout = { box: string } | { row: string } | undefined;

function ContactFields({
  fields: { name, email, subject, message },
  layout,
}: {
  fields: ReturnType<typeof contactFields>;
  layout: ContactFieldsLayout;
}) {
  if (layout && 'row' in layout) {
    return (
      <>
        <div className={layout.row}>
          {name}
          {subject}
        </div>
        {email}
        {message}
      </>
    );
  }
  const inOrder = (
    <>
      {name}
      {email}
      {subject}
      {message}
    </>
  );
  return layout ? <div className={layout.box}>{inOrder}</div> : inOrder;
}

/**
 * A template's contact form: where it sends and how (from useContactForm), the fields as the
 * template sets them out, its own buttons (`children`), then the hidden parts that sending
 * through our server needs.
 */
export function ContactFormFrame({
  form,
  className,
  statusClassName,
  children,
  ...naming
}: {
  form: ContactForm;
  className: string;
  statusClassName: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  const closed = useContext(ContactFormContext)?.closed;
  if (closed) {
    // Every control disabled at once; `display: contents` keeps the template's layout as it is.
    return (
      <form className={className} {...form.formProps} {...naming}>
        <fieldset disabled style={{ display: 'contents' }}>
          {form.fields}
          {children}
        </fieldset>
        <p className={statusClassName} data-contact-closed="">
          {closed}
        </p>
      </form>
    );
  }
  return (
    <form className={className} {...form.formProps} {...naming}>
      {form.fields}
      {children}
      {form.delivery === 'server' && <ContactFormExtras statusClassName={statusClassName} />}
    </form>
  );
}
