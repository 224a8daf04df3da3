import type { OrderStatus, PayMethod, Product } from '@meridian/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** An account's money and message credits; `balance` (cents) is the sum of its ledger rows. */
export interface BillingAccountsTable {
  account_id: number;
  balance: ColumnType<number, number | undefined, number>;
  sms_credits: ColumnType<number, number | undefined, number>;
  voice_credits: ColumnType<number, number | undefined, number>;
  updated_at: number;
}

export interface BillingOrdersTable {
  id: Generated<number>;
  /** Also WeChat Pay's out_trade_no. */
  number: string;
  account_id: number;
  product: Product;
  quantity: number;
  /** Cents. */
  amount: number;
  status: OrderStatus;
  pay_method: PayMethod | null;
  /** The WeChat Pay Native code_url or Alipay's qr_code, kept for the order's pay window. */
  code_url: string | null;
  transaction_id: string | null;
  created_by: number;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  cancelled_at: number | null;
  /** Why an administrator cancelled it (a bank transfer that never came); null when its owner did or it expired. */
  cancel_reason: string | null;
}
export type BillingOrderRow = Selectable<BillingOrdersTable>;

/** One balance change: `delta` cents (positive in), the balance after it, why, and the order behind it. */
export interface BillingLedgerTable {
  id: Generated<number>;
  account_id: number;
  delta: number;
  balance_after: number;
  reason: 'recharge' | 'purchase';
  order_id: number | null;
  at: number;
}

export interface BillingPaymentEventsTable {
  id: Generated<number>;
  provider: 'wechat' | 'alipay';
  event_id: string | null;
  order_number: string | null;
  transaction_id: string | null;
  outcome: 'credited' | 'duplicate' | 'refused';
  reason: string | null;
  ip: string | null;
  at: number;
}

/** Alarm messages sent through the platform's provider in one calendar month (`2026-03`, deployment's zone). */
export interface MessageUsageTable {
  account_id: number;
  month: string;
  channel: 'sms' | 'voice';
  used: ColumnType<number, number | undefined, number>;
}

export interface BillingTables {
  billing_accounts: BillingAccountsTable;
  billing_orders: BillingOrdersTable;
  billing_ledger: BillingLedgerTable;
  billing_payment_events: BillingPaymentEventsTable;
  iot_message_usage: MessageUsageTable;
}
