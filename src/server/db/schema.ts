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
}

export type OrderStatus = 'created' | 'paid' | 'credit' | 'failed';

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
}
