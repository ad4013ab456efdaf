import { usernameProblem } from './domain/username.js';
import { trimTrailingSlashes } from './domain/urls.js';
import { isOrderId } from './orders.js';
import { SITE_NAME } from './site.js';
import { TEMPLATE_IDS, templateName, type TemplateId } from './templates/catalog.js';

/** The builder's pages that other pages lead to (their titles are in PAGE_TITLES). */
export const CHOOSE_PATH = '/choose';

/** A template's card on /choose: a preview's way back lands on the card it was opened from. */
export function chooseCardPath(templateId: TemplateId): string {
  return `${CHOOSE_PATH}#${templateId}`;
}
export const EDIT_PATH = '/edit';
export const FINAL_PREVIEW_PATH = '/final-preview';
export const ACK_PATH = '/ack';
/** Where a screen too narrow for the editor is sent. */
export const SCREEN_ERROR_PATH = '/screen-error';

/** POST: claim a username on the final preview (sign-in required). */
export const CLAIMS_PATH = '/api/claims';

/** GET: a template's default data, which a new draft starts with. */
export function templateDataPath(templateId: TemplateId): string {
  return `/api/templates/${encodeURIComponent(templateId)}`;
}

/** GET: the signed-in person's published data for this template, to update it. */
export function portfolioDataPath(templateId: TemplateId): string {
  return `/api/portfolios/${encodeURIComponent(templateId)}`;
}

/**
 * The navigation state /edit and /final-preview are opened with: the template picked, and for
 * /edit the step to show (kept in the history entry so a reload opens the same step; the editor
 * checks it against the template's steps).
 */
export interface EditorNavigationState {
  templateId: TemplateId;
  /** The editor's step this entry shows (on /final-preview: the step Review and publish was pressed on). */
  step?: string;
  /** The step of the history entry before this one, when the editor made both. */
  from?: string;
}

/**
 * The step a history entry names for this template's editor (checked against the template's
 * steps later); none for an entry of another template, such as one from before Change template.
 */
export function stepInHistory(state: unknown, templateId: TemplateId): string | undefined {
  const navigation = readEditorNavigation(state);
  return navigation.templateId === templateId ? navigation.step : undefined;
}

/** History state as the editor and final preview read it: only what is there and well typed. */
export function readEditorNavigation(state: unknown): Partial<EditorNavigationState> {
  if (typeof state !== 'object' || state === null) return {};
  const { templateId, step, from } = state as Record<string, unknown>;
  return {
    ...(typeof templateId === 'string' ? { templateId: templateId as TemplateId } : {}),
    ...(typeof step === 'string' ? { step } : {}),
    ...(typeof from === 'string' ? { from } : {}),
  };
}

/**
 * A template's preview, e.g. /template1: its sample as a published page shows it, under a bar
 * with the way back and Use this template (drawn by the server: template-previews/).
 */
export function templatePreviewPath(templateId: TemplateId): string {
  return `/${templateId}`;
}

/** The template a path previews, if it is a template preview's path. */
export function templatePreviewed(pathname: string): TemplateId | undefined {
  return TEMPLATE_IDS.find((id) => pathname === templatePreviewPath(id));
}

/** The query /edit is opened with to start on a template (a preview's Use this template). */
export const TEMPLATE_QUERY = 'template';

/**
 * The editor, asked to start on a template: a plain link, so a preview needs no script for it.
 * The editor picks the template on arrival (as Select on /choose does) and drops the query.
 */
export function editTemplatePath(templateId: TemplateId): string {
  return `${EDIT_PATH}?${TEMPLATE_QUERY}=${encodeURIComponent(templateId)}`;
}

/** A published portfolio's public page on this site, e.g. /users/asha. */
export function publicPagePath(username: string): string {
  return `/users/${encodeURIComponent(username)}`;
}

/**
 * Every page of the builder, with the title a direct load gets before the app takes over.
 * The server answers these paths with 200 and anything else (outside /api and /users) with 404.
 */
export const PAGE_TITLES: Readonly<Record<string, string>> = {
  '/': SITE_NAME,
  [CHOOSE_PATH]: `Pick a template · ${SITE_NAME}`,
  [EDIT_PATH]: `Editor · ${SITE_NAME}`,
  [FINAL_PREVIEW_PATH]: `Final preview · ${SITE_NAME}`,
  [ACK_PATH]: `Thank you · ${SITE_NAME}`,
  '/about-us': `About us · ${SITE_NAME}`,
  '/contact-us': `Contact us · ${SITE_NAME}`,
  '/terms-and-conditions': `Terms and conditions · ${SITE_NAME}`,
  '/privacy-policy': `Privacy policy · ${SITE_NAME}`,
  '/refund-policy': `Refund policy · ${SITE_NAME}`,
  [SCREEN_ERROR_PATH]: `Screen too small · ${SITE_NAME}`,
  '/account': `My portfolios · ${SITE_NAME}`,
  ...Object.fromEntries(
    TEMPLATE_IDS.flatMap((id) => [
      [templatePreviewPath(id), `${templateName(id)} template preview · ${SITE_NAME}`],
      [`/edit-${id}`, `${templateName(id)} draft preview · ${SITE_NAME}`],
    ]),
  ),
};

export const NOT_FOUND_TITLE = `Page not found · ${SITE_NAME}`;

/**
 * Builder pages whose address carries a value (`:name` parts, as Fastify and React Router write
 * them), each part with its own check: an address whose part fails it is not a page (404).
 */
export interface ParameterisedPage {
  path: string;
  title: string;
  accepts: Readonly<Record<string, (value: string) => boolean>>;
}

export const PARAMETERISED_PAGES: readonly ParameterisedPage[] = [
  {
    path: '/account/renew/:username',
    title: `Renew your portfolio · ${SITE_NAME}`,
    accepts: { username: (value) => usernameProblem(value) === undefined },
  },
];

/** The values of the `:name` parts when `pathname` is an address of `page`, else undefined. */
export function matchPage(
  page: ParameterisedPage,
  pathname: string,
): Record<string, string> | undefined {
  const pattern = page.path.split('/');
  const parts = pathname.split('/');
  if (parts.length !== pattern.length) return undefined;
  const values: Record<string, string> = {};
  for (const [index, segment] of pattern.entries()) {
    const part = parts[index]!;
    if (!segment.startsWith(':')) {
      if (part !== segment) return undefined;
      continue;
    }
    let value: string;
    try {
      value = decodeURIComponent(part);
    } catch {
      return undefined;
    }
    const name = segment.slice(1);
    if (!page.accepts[name]?.(value)) return undefined;
    values[name] = value;
  }
  return values;
}

/** The builder's pages only: public portfolios under /users are rendered by the server. */
export function pageTitle(pathname: string): string | undefined {
  const normalised = pathname.length > 1 ? trimTrailingSlashes(pathname) : pathname;
  return (
    PAGE_TITLES[normalised] ??
    PARAMETERISED_PAGES.find((page) => matchPage(page, normalised))?.title
  );
}

/** The signed-in person's portfolios, receipts and account actions. */
export const ACCOUNT_PATH = '/account';

/** A receipt as a print-friendly page, visible only to its buyer; `.pdf` for the download. */
export function receiptPath(orderId: string, format: 'html' | 'pdf' = 'html'): string {
  return `/receipts/${encodeURIComponent(orderId)}${format === 'pdf' ? '.pdf' : ''}`;
}

/**
 * My portfolios, asked to go back to a receipt once someone signs in there: a receipt's link
 * opened signed out leads here, and signing in returns to it.
 */
export function accountPathBackTo(orderId: string, format: 'html' | 'pdf' = 'html'): string {
  return `${ACCOUNT_PATH}?receipt=${encodeURIComponent(orderId)}${format === 'pdf' ? '&format=pdf' : ''}`;
}

/** The receipt an account page's query asks to return to, if it names a real order id. */
export function receiptToReturnTo(query: URLSearchParams): string | undefined {
  const orderId = query.get('receipt');
  if (!isOrderId(orderId)) return undefined;
  return receiptPath(orderId, query.get('format') === 'pdf' ? 'pdf' : 'html');
}

/** The QR code of a portfolio's address (owner only); `download` saves it as a file. */
export function qrCodePath(username: string, format: 'svg' | 'png', download = false): string {
  return `/api/account/portfolios/${encodeURIComponent(username)}/qr.${format}${download ? '?download=1' : ''}`;
}

/** Who came to one portfolio, the last 30 days (owner only). */
export function visitsPath(username: string): string {
  return `/api/account/portfolios/${encodeURIComponent(username)}/visits`;
}

/** The portfolio as static files in a ZIP (owner only). */
export function websiteZipPath(username: string): string {
  return `/api/account/portfolios/${encodeURIComponent(username)}/website.zip`;
}

/** Renewing one portfolio: shows the price and opens the checkout (also linked from emails). */
export function renewPath(username: string): string {
  return `/account/renew/${encodeURIComponent(username)}`;
}
