import type { DeliveryStatus, InvoiceStatus } from '@meridian/contracts';
import type { Generated, Selectable } from 'kysely';

/** The account's invoice info: what its invoices are made out to (decision 0098). */
export interface BillingInvoiceInfoTable {
  account_id: number;
  title: string;
  tax_number: string;
  address: string;
  phone: string;
  bank: string;
  bank_account: string;
  email: string;
  updated_at: number;
}
export type InvoiceInfoRow = Selectable<BillingInvoiceInfoTable>;

/** An application for an invoice: the info as it was when applied, its state and its delivery. */
export interface BillingInvoicesTable {
  id: Generated<number>;
  account_id: number;
  /** Cents: the sum of its orders. */
  amount: number;
  title: string;
  tax_number: string;
  address: string;
  phone: string;
  bank: string;
  bank_account: string;
  email: string;
  status: Exclude<InvoiceStatus, 'not_applied'>;
  delivery: DeliveryStatus;
  tracking_number: string | null;
  reject_reason: string | null;
  created_at: number;
  updated_at: number;
}
export type InvoiceRow = Selectable<BillingInvoicesTable>;

/** The orders on an invoice; an order is on one at most. */
export interface BillingInvoiceOrdersTable {
  order_id: number;
  invoice_id: number;
}

export interface InvoicesTables {
  billing_invoice_info: BillingInvoiceInfoTable;
  billing_invoices: BillingInvoicesTable;
  billing_invoice_orders: BillingInvoiceOrdersTable;
}
