import type { FormEvent } from 'react';
import type { SocialLink } from '../../domain/portfolio.js';
import { socialIconFor } from '../../domain/social-links.js';

export interface ContactMessage {
  name: string;
  subject: string;
  message: string;
}

/**
 * The mailto: link a portfolio's contact form opens (SPEC section 7): subject from the subject
 * field, body "Name: {name}", a blank line, "Message: {message}", each part encoded.
 */
export function buildMailto(to: string, { name, subject, message }: ContactMessage): string {
  const body = `Name: ${name}\n\nMessage: ${message}`;
  return `mailto:${encodeURIComponent(to).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * Submit handler for every template's contact form: no network call, the visitor's own mail
 * program opens instead. The form carries the owner's address in data-to and fields named
 * name, subject and message; public pages run the same logic from a small static script.
 */
export function handleContactSubmit(event: FormEvent<HTMLFormElement>): void {
  event.preventDefault();
  const form = event.currentTarget;
  const field = (name: string) => {
    const element = form.elements.namedItem(name);
    return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
      ? element.value
      : '';
  };
  const to = form.dataset.to ?? '';
  window.location.href = buildMailto(to, {
    name: field('name'),
    subject: field('subject'),
    message: field('message'),
  });
}

/** Links with an empty url are hidden (spec); each shows the icon its address calls for. */
export function visibleSocialLinks(links: readonly SocialLink[]): SocialLink[] {
  return links
    .filter((link) => link.url.trim() !== '')
    .map((link) => ({ ...link, iconClass: socialIconFor(link.url, link.iconClass) }));
}

/** The tel: link for a phone number as its owner wrote it: digits and a leading + only. */
export function telHref(tel: string): string {
  return `tel:${tel.replace(/[^0-9+]/g, '')}`;
}
