import { z } from 'zod';
import { pageQuery } from '../paging.ts';

/**
 * Device Cloud memberships (spec sections 4, 6): 0 non-member, 1 level-1 member, 2 neutral member,
 * the levels of `VIP_LEVELS`. What each buys (decision 0079); money is integer cents (fen).
 */
export const MEMBERSHIP_LEVELS = [0, 1, 2] as const;
export type MembershipLevel = (typeof MEMBERSHIP_LEVELS)[number];

export interface MembershipPlan {
  level: MembershipLevel;
  /** Slaves the devices of the account's tree may use (decision 0041 counts them). */
  slaves: number;
  /** Days online data is kept. */
  dataDays: number;
  smsPerMonth: number;
  voicePerMonth: number;
  subUsers: number;
  /** The price of one year, in cents; 0 for the non-member level, which is not sold. */
  yearPrice: number;
}

export const MEMBERSHIP_PLANS: Record<MembershipLevel, MembershipPlan> = {
  0: { level: 0, slaves: 10, dataDays: 7, smsPerMonth: 0, voicePerMonth: 0, subUsers: 3, yearPrice: 0 },
  1: { level: 1, slaves: 100, dataDays: 35, smsPerMonth: 200, voicePerMonth: 50, subUsers: 20, yearPrice: 99_900 },
  // Spec section 9: neutral operation starts from 10,000.
  2: {
    level: 2,
    slaves: 1000,
    dataDays: 365,
    smsPerMonth: 2000,
    voicePerMonth: 500,
    subUsers: 200,
    yearPrice: 1_000_000,
  },
};

/** The membership columns of an account (users). */
export interface MembershipColumns {
  user_type: string;
  parent_id: number | null;
  vip_level: number;
  vip_expires_at: number | string | null;
}

/**
 * Memberships are bought by main accounts at the top of their tree (decision 0079); a sub-user's
 * devices count against the main account's allowance, as 0041 counts them against its quota.
 */
export const holdsMembership = (a: Pick<MembershipColumns, 'user_type' | 'parent_id'>) =>
  a.user_type === 'main' && a.parent_id === null;

/** The level in force now: a bought level that has run out is the non-member level again. */
export function levelInForce(a: Pick<MembershipColumns, 'vip_level' | 'vip_expires_at'>, now: number): MembershipLevel {
  if (a.vip_expires_at !== null && Number(a.vip_expires_at) <= now) return 0;
  const level = Number(a.vip_level);
  return level === 1 || level === 2 ? level : 0;
}

export const planOf = (level: MembershipLevel): MembershipPlan => MEMBERSHIP_PLANS[level];

/** What can be bought: a year of a membership, a message pack, or a balance top-up. */
export const PRODUCTS = ['member1', 'neutral', 'sms100', 'sms1000', 'voice100', 'recharge'] as const;
export type Product = (typeof PRODUCTS)[number];

/** Message packs: messages added to the account's credits on top of the membership's month. */
export const MESSAGE_PACKS = {
  sms100: { kind: 'sms', count: 100, price: 1_000 },
  sms1000: { kind: 'sms', count: 1000, price: 9_000 },
  voice100: { kind: 'voice', count: 100, price: 3_000 },
} as const;

/** Years of a membership or packs bought in one order. */
export const ORDER_QUANTITY_MAX = 10;
/** A top-up: from 1 yuan to 100,000 yuan, in cents. */
export const RECHARGE_MIN = 100;
export const RECHARGE_MAX = 10_000_000;
/** An unpaid order expires after this long (and WeChat Pay stops taking it then). */
export const ORDER_PAY_WINDOW_MS = 30 * 60_000;

/** Spec section 4: order states. A cancelled order cannot be restored. */
export const ORDER_STATUSES = ['unpaid', 'paid', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** WeChat Pay Native and Alipay (QR codes), the account's balance, and bank transfer (decision 0115). */
export const PAY_METHODS = ['wechat', 'alipay', 'balance', 'transfer'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
/** Why the balance moved: money in for an order, money out for what it bought. */
export const LEDGER_REASONS = ['recharge', 'purchase'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

export const orderInput = z
  .strictObject({
    product: z.enum(PRODUCTS, { error: 'v.order.product' }),
    quantity: z
      .number({ error: 'v.order.quantity' })
      .int('v.order.quantity')
      .min(1, 'v.order.quantity')
      .max(ORDER_QUANTITY_MAX, 'v.order.quantity')
      .default(1),
    /** Only for `recharge`: the amount in cents. */
    amount: z
      .number({ error: 'v.order.amount' })
      .int('v.order.amount')
      .min(RECHARGE_MIN, 'v.order.amount')
      .max(RECHARGE_MAX, 'v.order.amount')
      .optional(),
  })
  .superRefine((o, ctx) => {
    if (o.product === 'recharge' && o.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'v.order.amount' });
  });
export type OrderInput = z.input<typeof orderInput>;

export const orderQuery = pageQuery.extend({ status: z.enum(ORDER_STATUSES).optional() });

export const orderView = z.object({
  id: z.number(),
  number: z.string(),
  product: z.enum(PRODUCTS),
  quantity: z.number(),
  /** Cents. */
  amount: z.number(),
  status: z.enum(ORDER_STATUSES),
  payMethod: z.enum(PAY_METHODS).nullable(),
  transactionId: z.string().nullable(),
  createdAt: z.number(),
  expiresAt: z.number(),
  paidAt: z.number().nullable(),
  cancelledAt: z.number().nullable(),
  /** Why an administrator cancelled it: a bank transfer that never came. */
  cancelReason: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderView>;

/** What the page shows to pay an order by WeChat Pay (Native): the code_url drawn as a QR code. */
export const wechatPayView = z.object({ orderId: z.number(), codeUrl: z.string(), expiresAt: z.number() });
/** What the page shows to pay an order by Alipay (precreate): the qr_code drawn as a QR code. */
export const alipayView = z.object({ orderId: z.number(), qrCode: z.string(), expiresAt: z.number() });
/** An order waiting for a bank transfer may wait this long for the administrator's confirmation. */
export const TRANSFER_WINDOW_MS = 7 * 86_400_000;
/** Where to send a bank transfer: the payee the deployment configured, and the order number as reference. */
export const bankTransferView = z.object({
  orderId: z.number(),
  payee: z.string(),
  reference: z.string(),
  expiresAt: z.number(),
});
/** The administrator's confirmation of a bank transfer: the bank's reference of the money received. */
export const transferConfirmInput = z.strictObject({
  bankReference: z
    .string({ error: 'v.transfer.reference' })
    .trim()
    .min(1, 'v.transfer.reference')
    .max(64, 'v.transfer.reference'),
});
export type TransferConfirmInput = z.input<typeof transferConfirmInput>;
/** An administrator rejects a transfer that never arrived: the order is cancelled, with the reason its owner reads. */
export const transferRejectInput = z.strictObject({
  reason: z.string({ error: 'v.transfer.reason' }).trim().min(1, 'v.transfer.reason').max(200, 'v.transfer.reason'),
});
export type TransferRejectInput = z.input<typeof transferRejectInput>;
/** An order waiting in the administrators' bank-transfer queue. */
export const transferQueueView = z.object({
  id: z.number(),
  number: z.string(),
  account: z.string(),
  product: z.enum(PRODUCTS),
  quantity: z.number(),
  amount: z.number(),
  createdAt: z.number(),
  expiresAt: z.number(),
});
export type TransferQueueView = z.infer<typeof transferQueueView>;

export const membershipView = z.object({
  level: z.number(),
  /** Null: no end (a non-member, or a level the administrator set). */
  expiresAt: z.number().nullable(),
  /** True when a bought level has run out: the account is back to the non-member limits. */
  lapsed: z.boolean(),
  testAccount: z.boolean(),
  limits: z.object({
    slaves: z.number().nullable(),
    dataDays: z.number(),
    smsPerMonth: z.number(),
    voicePerMonth: z.number(),
    subUsers: z.number(),
  }),
  slavesUsed: z.number(),
  /** The days of history this deployment keeps for anyone: a plan keeps its days up to this. */
  dataDaysMax: z.number(),
  balance: z.number(),
  smsCredits: z.number(),
  voiceCredits: z.number(),
  /** Alarm SMS and calls of this calendar month sent through the platform's provider (decision 0134). */
  smsUsed: z.number(),
  voiceUsed: z.number(),
  /** False when no payment provider is configured: orders can be made, not paid. */
  wechatPay: z.boolean(),
  /** Whether Alipay and bank transfer are configured in this deployment. */
  alipay: z.boolean(),
  bankTransfer: z.boolean(),
});
export type MembershipView = z.infer<typeof membershipView>;

export const ledgerQuery = pageQuery.extend({ reason: z.enum(LEDGER_REASONS).optional() });
export const ledgerEntryView = z.object({
  id: z.number(),
  /** Cents: positive in, negative out. */
  delta: z.number(),
  balanceAfter: z.number(),
  reason: z.enum(LEDGER_REASONS),
  orderId: z.number().nullable(),
  orderNumber: z.string().nullable(),
  product: z.enum(PRODUCTS).nullable(),
  at: z.number(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryView>;

/** The price of an order, in cents. */
export function priceOf(product: Product, quantity: number, amount?: number): number {
  if (product === 'recharge') return amount ?? 0;
  if (product === 'member1') return MEMBERSHIP_PLANS[1].yearPrice * quantity;
  if (product === 'neutral') return MEMBERSHIP_PLANS[2].yearPrice * quantity;
  return MESSAGE_PACKS[product].price * quantity;
}
