import { z } from 'zod';
import { pageQuery } from '../paging.ts';

/**
 * Invoices of paid orders (issue 24, spec sections 3 and 4, decision 0098): the account's invoice
 * info, an application for one or several paid orders, and the administrator's review.
 */
export const INVOICE_STATUSES = ['not_applied', 'applied', 'in_audit', 'arrived', 'rejected'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const DELIVERY_STATUSES = ['unshipped', 'shipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A taxpayer identification number: 15, 18 or 20 letters and digits. */
export const TAX_NUMBER = /^(?:[0-9A-Za-z]{15}|[0-9A-Za-z]{18}|[0-9A-Za-z]{20})$/;
export const INVOICE_ORDERS_MAX = 50;

const text = (max: number, error: string) => z.string({ error }).trim().min(1, error).max(max, error);
const optionalText = (max: number, error: string) => z.string({ error }).trim().max(max, error).default('');

export const invoiceInfoInput = z.strictObject({
  title: text(100, 'v.invoice.title'),
  taxNumber: z.string({ error: 'v.invoice.taxNumber' }).trim().regex(TAX_NUMBER, 'v.invoice.taxNumber'),
  address: optionalText(200, 'v.invoice.address'),
  phone: z
    .string({ error: 'v.invoice.phone' })
    .trim()
    .regex(/^$|^[0-9+\-() ]{5,20}$/, 'v.invoice.phone')
    .default(''),
  bank: optionalText(100, 'v.invoice.bank'),
  bankAccount: z
    .string({ error: 'v.invoice.bankAccount' })
    .trim()
    .regex(/^$|^[0-9 ]{6,34}$/, 'v.invoice.bankAccount')
    .default(''),
  email: z.email({ error: 'v.invoice.email' }).max(200, 'v.invoice.email'),
});
export type InvoiceInfoInput = z.input<typeof invoiceInfoInput>;

export const invoiceInfoView = z.object({
  title: z.string(),
  taxNumber: z.string(),
  address: z.string(),
  phone: z.string(),
  bank: z.string(),
  bankAccount: z.string(),
  email: z.string(),
  updatedAt: z.number(),
});
export type InvoiceInfoView = z.infer<typeof invoiceInfoView>;

export const invoiceApplyInput = z.strictObject({
  orderIds: z
    .array(z.number().int().positive(), { error: 'v.invoice.orders' })
    .min(1, 'v.invoice.orders')
    .max(INVOICE_ORDERS_MAX, 'v.invoice.orders'),
});

export const invoiceView = z.object({
  id: z.number(),
  accountId: z.number(),
  account: z.string(),
  /** Cents: the sum of its orders. */
  amount: z.number(),
  orders: z.array(z.object({ id: z.number(), number: z.string(), amount: z.number() })),
  title: z.string(),
  taxNumber: z.string(),
  email: z.string(),
  status: z.enum(INVOICE_STATUSES),
  delivery: z.enum(DELIVERY_STATUSES),
  trackingNumber: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type InvoiceView = z.infer<typeof invoiceView>;

export const invoiceQuery = pageQuery.extend({ status: z.enum(INVOICE_STATUSES).optional() });
export type InvoiceQuery = z.infer<typeof invoiceQuery>;

/** Paid orders not on an invoice yet: what the account may apply for. */
export const invoiceableOrderView = z.object({
  id: z.number(),
  number: z.string(),
  amount: z.number(),
  paidAt: z.number(),
});
export type InvoiceableOrderView = z.infer<typeof invoiceableOrderView>;

export const invoiceReviewInput = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('approve') }),
  z.strictObject({ action: z.literal('reject'), reason: text(200, 'v.invoice.reason') }),
  z.strictObject({
    action: z.literal('ship'),
    trackingNumber: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z-]{6,40}$/, 'v.invoice.tracking'),
  }),
]);
export type InvoiceReviewInput = z.infer<typeof invoiceReviewInput>;
