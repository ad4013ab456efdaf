import { renderToString } from 'react-dom/server';
import { contactPath } from '../../shared/contact.js';
import { formDeliveryOf, type PortfolioData } from '../../shared/domain/portfolio.js';
import { portfolioUrl } from '../../shared/domain/username.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import { ContactFormProvider } from '../../shared/templates/common/ContactForm.js';
import { MediaBaseProvider } from '../../shared/templates/common/TemplateImage.js';
import { TEMPLATE_COMPONENTS } from '../../shared/templates/components.js';
import { linkPreviewImage } from '../../shared/uploads.js';
import { escapeHtml } from '../html.js';

/**
 * The only script a portfolio page loads (a static file): it sends the contact form in place
 * (or opens the mail program when the owner chose mailto).
 */
export const CONTACT_SCRIPT = '/portfolio-contact.js';

export interface PageInput {
  username: string;
  templateId: TemplateId;
  data: PortfolioData;
  publicUrl: string;
  /** The address the page claims as its own: the owner's domain, or /users/{name} by default. */
  canonicalUrl?: string;
  /** Where uploaded images are fetched from: `/media`, or a CDN's address. */
  mediaBase: string;
  stylesheets: string[];
  /**
   * The contact form's start token as of rendering (contact-token.ts); the page's script
   * replaces it when the form comes into view. Empty when rendered without one (the seed command).
   */
  contactToken?: string;
  /** Which document the page is drawn as; the published page when not given. */
  variant?: PageVariant;
}

/**
 * The three documents a template's page is drawn as:
 * - `published`: the person's page at its address, with the page's script and its claims to be
 *   someone (title, link-preview tags, structured data, canonical address).
 * - `preview-link`: a shared draft (preview-links/), the same page kept out of search engines,
 *   with a strip saying it is not published, the contact form shown closed, no script and no
 *   claim to an address of its own.
 * - `template-preview`: a template's own preview (/template1 ...; template-previews/), the
 *   template's sample as its published page draws it, with the page's script, under the
 *   builder's bar, and in place of a person's head the builder page's title and description. The
 *   contact form is shown closed.
 */
export type PageVariant =
  | { kind: 'published' }
  | { kind: 'preview-link' }
  | { kind: 'template-preview'; frame: TemplatePreviewFrame };

/** What a template preview's document has of its own: its head's words and the bar on top. */
export interface TemplatePreviewFrame {
  title: string;
  description: string;
  /** The bar's markup, first in the body, and its style (template-previews/preview-bar.ts). */
  bar: string;
  style: string;
  /** The template's CSS, carried in the document in place of its `stylesheets`' links. */
  stylesheetText: string;
  /** Preload links for the fonts the sample is drawn with (template-previews/preview-fonts.ts). */
  fontPreloads: string;
}

/** What a preview's closed contact form says under its fields. */
export const PREVIEW_CONTACT_CLOSED =
  'This is a preview: the form starts working when the page is published.';

/**
 * The strip pinned to the top of a preview link's page. It covers nothing: it sits in the flow
 * above the template, and its height is the --template-top-offset the templates' own fixed bars
 * are placed below (as under a template preview's bar).
 */
const PREVIEW_STRIP = `<div class="preview-strip" role="note">Preview — not published yet</div>`;
const PREVIEW_STRIP_STYLE =
  ':root{--template-top-offset:32px}html{scroll-padding-top:32px}.preview-strip{position:sticky;top:0;z-index:2147483647;box-sizing:border-box;height:32px;padding:0 12px;overflow:hidden;background:#1d1b26;color:#fff;font:600 14px/32px system-ui,-apple-system,"Segoe UI",sans-serif;text-align:center;white-space:nowrap;text-overflow:ellipsis}fieldset[disabled] :is(input,textarea,button){opacity:.5;cursor:not-allowed}';

const absolute = (publicUrl: string, url: string) =>
  url.startsWith('/') ? `${publicUrl}${url}` : url;

const summary = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  // Cut at the last whole word; `flat` has single spaces only.
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > 0 ? cut.slice(0, lastSpace) : cut}…`;
};

/** JSON inside a <script> block: "<" escaped so no text can close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A complete, static HTML page of a published portfolio: no framework JavaScript. */
export function renderPortfolioPage(input: PageInput): string {
  const { data, username, publicUrl } = input;
  const variant = input.variant ?? { kind: 'published' };
  const isPreview = variant.kind === 'preview-link';
  const Component = TEMPLATE_COMPONENTS[input.templateId];
  const contactForm =
    variant.kind !== 'published'
      ? { action: '', token: '', closed: PREVIEW_CONTACT_CLOSED }
      : { action: contactPath(username), token: input.contactToken ?? '' };
  let body = renderToString(
    <MediaBaseProvider value={input.mediaBase}>
      <ContactFormProvider value={contactForm}>
        <Component data={data} />
      </ContactFormProvider>
    </MediaBaseProvider>,
  );
  // React hoists resource hints (image preloads) ahead of the markup; they belong in <head>.
  const hints: string[] = [];
  body = body.replace(/^(?:<link [^>]*\/?>)+/, (links) => {
    hints.push(links);
    return '';
  });
  if (variant.kind === 'template-preview') {
    return templatePreviewDocument(variant.frame, body, hints);
  }
  const person = data.personalDetails;
  const name = person.name || username || 'Portfolio';
  // A preview has no address of its own to claim: its link is not the page's.
  const url = isPreview ? undefined : (input.canonicalUrl ?? portfolioUrl(publicUrl, username));
  const description = summary(person.intro || person.headline || `The portfolio of ${name}.`);
  const preview = linkPreviewImage(input.mediaBase, person.profileImage);
  const image = preview ? absolute(publicUrl, preview.url) : '';
  const sameAs = data.contactDetails.socialLinks
    .map((link) => link.url)
    .filter((link) => /^https?:/.test(link));
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name,
    ...(url ? { url } : {}),
    ...(person.headline ? { jobTitle: person.headline } : {}),
    ...(description ? { description } : {}),
    ...(image ? { image } : {}),
    // With the form sent through the server, the owner's address stays off the page entirely.
    ...(data.contactDetails.email && formDeliveryOf(data.contactDetails) === 'mailto'
      ? { email: `mailto:${data.contactDetails.email}` }
      : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
  const meta = [
    ...(isPreview ? ['<meta name="robots" content="noindex">'] : []),
    `<meta name="description" content="${escapeHtml(description)}">`,
    ...(url ? [`<link rel="canonical" href="${escapeHtml(url)}">`] : []),
    `<meta property="og:type" content="profile">`,
    `<meta property="og:title" content="${escapeHtml(name)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    ...(url ? [`<meta property="og:url" content="${escapeHtml(url)}">`] : []),
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}">`] : []),
    ...(preview?.width && preview.height
      ? [
          `<meta property="og:image:width" content="${preview.width}">`,
          `<meta property="og:image:height" content="${preview.height}">`,
        ]
      : []),
    // An upload has a 1200x630 crop made for link previews: show it large.
    `<meta name="twitter:card" content="${preview?.width ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(name)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    ...(image ? [`<meta name="twitter:image" content="${escapeHtml(image)}">`] : []),
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(isPreview ? `${name} (preview)` : name)}</title>
${meta.join('\n')}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${input.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
${hints.join('')}
<style>body{margin:0}${isPreview ? PREVIEW_STRIP_STYLE : ''}</style>
<script type="application/ld+json">${jsonForScript(jsonLd)}</script>
</head>
<body>
${isPreview ? `${PREVIEW_STRIP}\n${body}` : `${body}\n<script src="${CONTACT_SCRIPT}" defer></script>`}
</body>
</html>`;
}

/**
 * A template preview's document: the template's body as a published page has it, its stylesheet
 * inside the document instead of linked, the builder's bar above, and nothing that claims the sample person is someone (no
 * person's title, link-preview tags or structured data).
 */
function templatePreviewDocument(
  frame: TemplatePreviewFrame,
  body: string,
  hints: string[],
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(frame.title)}</title>
<meta name="description" content="${escapeHtml(frame.description)}">
<meta name="theme-color" content="#1d1b26">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${frame.fontPreloads}
<style>${frame.stylesheetText.replace(/<\//g, '<\\/')}</style>
${hints.join('')}
<style>body{margin:0}fieldset[disabled] :is(input,textarea,button){opacity:.5;cursor:not-allowed}${frame.style}</style>
</head>
<body>
${frame.bar}
${body}
<script src="${CONTACT_SCRIPT}" defer></script>
</body>
</html>`;
}
