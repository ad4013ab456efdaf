import type { ColumnType } from 'kysely';
import type { DomainState } from '../../shared/domains.js';
import type { OrderKind, RefundReason } from '../../shared/orders.js';

/** Row types of the tables created by ./migrations, as Kysely sees them. */
export interface UsersTable {
  id: string;
  issuer: string;
  subject: string;
  email: string;
  email_verified: number;
  name: string;
  given_name: string | null;
  picture: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface TemplatesTable {
  id: string;
  name: string;
  default_data: string;
  price_paise: number | null;
  discount_percent: number;
  updated_at: string;
}

export interface PortfoliosTable {
  id: string;
  user_id: string;
  template_id: string;
  data: string;
  paid_until: string;
  created_at: string;
  updated_at: string;
}

export interface UsernamesTable {
  username: string;
  user_id: string;
  portfolio_id: string;
  created_at: string;
  updated_at: string;
  /** Set while the owner has taken the page offline (the name stays theirs). */
  unpublished_at: string | null;
}

/**
 * created -> paid | credit (paid, but the name was lost) | failed; a signed payment that is not
 * captured yet waits as `authorized`, or `capture_failed` when capturing it failed (retried).
 */
export type OrderStatus =
  'created' | 'authorized' | 'capture_failed' | 'paid' | 'credit' | 'failed' | 'refunded';

export interface OrdersTable {
  id: string;
  gateway: string;
  gateway_order_id: string;
  user_id: string;
  template_id: string;
  username: string;
  data: string;
  amount_paise: number;
  currency: string;
  receipt: string;
  status: OrderStatus;
  payment_id: string | null;
  credit_used_by_order_id: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** Why a paid order is not published yet, for the person and the operator. */
  status_message: string | null;
  /** Defaults to 'purchase' when an insert leaves it out. */
  kind: ColumnType<OrderKind, OrderKind | undefined, OrderKind>;
  /** A move's credit for the unused days of the old term, in paise (0 for other kinds). */
  proration_paise: ColumnType<number, number | undefined, number>;
  /** Billing details the buyer gave for the receipt (all optional). */
  billing_name: ColumnType<string | null, string | null | undefined, string | null>;
  billing_address: ColumnType<string | null, string | null | undefined, string | null>;
  /** A GST state code (two digits), from the GSTIN or chosen with the address. */
  billing_state: ColumnType<string | null, string | null | undefined, string | null>;
  billing_gstin: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The portfolio's paid_until before this order's publish moved it, for the record. A refund
   * takes the order's year off instead, which stays right when later renewals follow.
   */
  previous_paid_until: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the reconciliation sweep last asked the gateway about this unsettled order. */
  checked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The order statuses of money still on its way: the sweep asks about these. */
export const UNSETTLED_STATUSES = ['created', 'authorized', 'capture_failed'] as const;
/** An order paid (published) or kept as a credit: settled once, never again. */
export const SETTLED_STATUSES = ['paid', 'credit'] as const;
/** An order that buys nothing any more: closed unpaid (or its payment refunded), or refunded. */
export const CLOSED_STATUSES = ['failed', 'refunded'] as const;

export const isOrderStatusIn = (statuses: readonly OrderStatus[], status: OrderStatus) =>
  statuses.includes(status);

/**
 * A payment that must not be kept: written once, where it was found, then refunded through the
 * gateway (`refunded`), or closed as `not_taken` when the provider never kept the money
 * (orders/extra-payments.service.ts).
 */
export interface ExtraPaymentsTable {
  payment_id: string;
  order_id: string;
  gateway: string;
  reason: RefundReason;
  status: 'pending' | 'refunded' | 'not_taken';
  amount_paise: number | null;
  refund_id: string | null;
  /** The last gateway failure, or why nothing was refunded. */
  detail: string | null;
  created_at: string;
  updated_at: string;
}

export interface UsernameHoldsTable {
  username: string;
  user_id: string;
  order_id: string;
  expires_at: string;
}

export interface PaymentEventsTable {
  id: string;
  gateway: string;
  event_id: string;
  event_type: string;
  gateway_order_id: string | null;
  payload: string;
  received_at: string;
}

export type EmailStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface EmailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: EmailStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The visitor's address on a contact message's mail; null on every other mail. */
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LoginAttemptsTable {
  state: string;
  browser_hash: string;
  code_verifier: string;
  nonce: string;
  created_at: string;
  expires_at: string;
}

/** A single row (id 1): bumped by every change to a published page. */
export interface PageGenerationTable {
  id: number;
  /** bigint: PostgreSQL's driver returns it as a string, SQLite as a number. */
  value: number | string;
  /** Of those changes, the ones that deleted a username (same types as value). */
  releases: number | string;
}

/** An image someone uploaded; one row per owner and content hash. */
export interface UploadsTable {
  user_id: string;
  hash: string;
  bytes: number;
  width: number;
  height: number;
  created_at: string;
  last_referenced_at: string;
  /** Its owner's focal-point crop for link previews, if any (uploads.service prepareLinkPreview). */
  og_file: string | null;
}

/** A public page as rendered when it last changed (public-pages/page-store.ts). */
export interface RenderedPagesTable {
  username: string;
  /** The portfolio's updated_at and template id the page was rendered from. */
  source_version: string;
  /** Which templates and page format rendered it (public-pages/page-renderer.ts). */
  template_version: string;
  etag: string;
  /**
   * The origins the page's images come from besides ours, space-separated, for its CSP; null
   * for pages stored before it was kept (public-pages/page-csp.ts).
   */
  image_origins: string | null;
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
  rendered_at: string;
}

export interface TemplateVersionsTable {
  version: string;
  started_at: string;
}

/** One request-limit bucket (http/rate-limits.repository.ts). */
export interface RateLimitsTable {
  id: string;
  /** bigint milliseconds: PostgreSQL's driver returns it as a string, SQLite as a number. */
  full_at: number | string;
}

/**
 * The built-in gateway's payments: it has no provider behind it to keep them. The table keeps
 * the name it was created with, test_gateway_payments.
 */
export interface BuiltinGatewayPaymentsTable {
  id: string;
  gateway_order_id: string;
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'refunded';
  amount_refunded: number;
  created_at: string;
}

/** Which reminder of the yearly term was sent (term/reminders.service.ts). */
export type TermReminderKind =
  'before_30_days' | 'before_7_days' | 'before_1_day' | 'lapsed' | 'offline';

/** One reminder email of one term, recorded once: the key is claimed by whoever sends it. */
export interface TermRemindersTable {
  portfolio_id: string;
  /** The term's end when the reminder was sent: a renewal starts a new set. */
  paid_until: string;
  kind: TermReminderKind;
  sent_at: string;
}

/** A message a visitor sent from a public page's contact form. */
export interface ContactMessagesTable {
  id: string;
  /** The page's owner when it was sent. */
  user_id: string;
  username: string;
  visitor_name: string;
  visitor_email: string;
  subject: string;
  message: string;
  /** The outbox mail that delivers it: its status is the message's delivery state. */
  email_id: string | null;
  created_at: string;
  /**
   * A keyed hash of the sending network and the day, while the day lasts (the per-sender
   * allowance counts it); null once the hourly purge passes after the day (contact/sender-keys.ts)
   * and for messages from before it was kept.
   */
  sender_key: string | null;
}

/** One public page's views on one day (India's calendar), and its visitors once the day is over. */
export interface PageViewsTable {
  username: string;
  day: string;
  views: number;
  visitors: number;
}

/** One visitor of one page on the current day: a salted hash, never an address. */
export interface PageVisitorsTable {
  username: string;
  day: string;
  visitor: string;
}

/** The random salt of one day's visitor hashes; deleted when the day is rolled up. */
export interface VisitSaltsTable {
  day: string;
  salt: string;
}

/** Views that came from another site, by its host name. */
export interface PageReferrersTable {
  username: string;
  day: string;
  host: string;
  views: number;
}

/** The last receipt number given in one financial year ("26-27"). */
export interface ReceiptCountersTable {
  financial_year: string;
  last_number: number;
}

/** A paid order's receipt, as issued: nothing here follows later changes of configuration. */
export interface ReceiptsTable {
  order_id: string;
  number: string;
  issued_at: string;
  buyer_name: string;
  buyer_email: string;
  billing_name: string | null;
  billing_address: string | null;
  billing_gstin: string | null;
  seller_name: string;
  seller_address: string;
  seller_gstin: string | null;
  item: string;
  username: string;
  term_from: string;
  term_to: string;
  amount_paise: number;
  currency: string;
  /** Null when the seller charged no GST (no SELLER_GSTIN when it was issued). */
  taxable_paise: number | null;
  cgst_paise: number | null;
  sgst_paise: number | null;
  igst_paise: number | null;
  tax_rate_percent: number | null;
}

/** A portfolio's own domain (shared/domains.ts names the states). */
export interface DomainsTable {
  hostname: string;
  user_id: string;
  username: string;
  token: string;
  state: DomainState;
  checked_at: string | null;
  check_problem: string | null;
  verified_at: string | null;
  tls_allowed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A preview link: a draft's snapshot at /preview/{token} (preview-links/). */
export interface PreviewLinksTable {
  id: string;
  /** SHA-256 of the token, base64url: the only way a link is found. */
  token_hash: string;
  /** The token encrypted for its owner's copy (preview-links/preview-tokens.ts). */
  token_sealed: string;
  user_id: string;
  template_id: string;
  /** The portfolio document shown; null once the link has ended. */
  data: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
  /** When it was revoked, replaced or found expired; null while it is the current link. */
  ended_at: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  templates: TemplatesTable;
  portfolios: PortfoliosTable;
  usernames: UsernamesTable;
  orders: OrdersTable;
  username_holds: UsernameHoldsTable;
  payment_events: PaymentEventsTable;
  email_outbox: EmailOutboxTable;
  login_attempts: LoginAttemptsTable;
  page_generation: PageGenerationTable;
  uploads: UploadsTable;
  rendered_pages: RenderedPagesTable;
  template_versions: TemplateVersionsTable;
  rate_limits: RateLimitsTable;
  test_gateway_payments: BuiltinGatewayPaymentsTable;
  extra_payments: ExtraPaymentsTable;
  term_reminders: TermRemindersTable;
  contact_messages: ContactMessagesTable;
  receipt_counters: ReceiptCountersTable;
  receipts: ReceiptsTable;
  page_views: PageViewsTable;
  page_visitors: PageVisitorsTable;
  visit_salts: VisitSaltsTable;
  page_referrers: PageReferrersTable;
  domains: DomainsTable;
  preview_links: PreviewLinksTable;
}
