/**
 * What the order rules take and work with, shared by the routes' readers (orders.input.ts) and
 * the services, so that neither imports the other for a type.
 */
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import type { OrderKind } from '../../shared/orders.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import type { PaymentGateway } from '../payments/gateway.js';
import type { SellerConfig } from '../config.js';
import type { Db } from '../db/database.js';

/** What the claim, order and verify rules take, already read and checked by the routes. */
export interface ClaimInput {
  username: string;
  templateId: TemplateId;
  data: PortfolioData;
}

/** Optional details for the receipt, read and checked by orders.input.ts. */
export interface StoredBilling {
  billing_name?: string | null;
  billing_address?: string | null;
  billing_gstin?: string | null;
  billing_state?: string | null;
}

export interface OrderInput extends ClaimInput {
  /** Sent by the page (the current timestamp); passed on to the gateway. */
  receipt: string;
  billing?: StoredBilling;
}

export interface RenewalInput {
  username: string;
  receipt: string;
  billing?: StoredBilling;
}

/** The checkout's signed answer: the provider's order and payment ids. */
export interface PaymentInput {
  gatewayOrderId: string;
  paymentId: string;
  signature: string;
}

export interface OrdersContext extends PublishContext {
  gateway: PaymentGateway;
}

/** An order's kind and money, decided before it is stored. */
export interface Priced {
  kind: OrderKind;
  /** What is charged, in paise. */
  amount: number;
  /** A move's credit for the old term's unused days. */
  proration: number;
}

/** What publishing needs: the database, the site's address and the seller on receipts. */
export interface PublishContext {
  db: Db;
  publicUrl: () => string;
  seller: SellerConfig;
}
