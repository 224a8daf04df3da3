import { z } from 'zod';

/** Spec section 9: operation statistics windows of 30 days and 12 months. */
export const OPS_WINDOWS = ['days', 'months'] as const;
export type OpsWindow = (typeof OPS_WINDOWS)[number];
export const OPS_DAYS = 30;
export const OPS_MONTHS = 12;

export const opsQuery = z.strictObject({
  window: z.enum(OPS_WINDOWS, { error: 'v.ops.window' }).default('days'),
});
export type OpsQuery = z.infer<typeof opsQuery>;

const count = z.number().int().nonnegative();
/** A share from 0 to 1, or null when nothing was there to count (no device, no alarm). */
const rate = z.number().min(0).max(1).nullable();

/** What one day or one month of an account tree's operation looked like, as the nightly job kept it. */
export const opsFigures = z.object({
  devicesTotal: count,
  devicesAdded: count,
  /** Device-days online: for a day, the devices online at some time of it; for a month, the sum of its days. */
  deviceDaysOnline: count,
  deviceDays: count,
  onlineRate: rate,
  alarmsRaised: count,
  alarmsRestored: count,
  faultsRaised: count,
  faultsRecovered: count,
  /** The daily failure recovery rate: alarms and faults restored the day they were raised, over those raised. */
  recoveryRate: rate,
  ordersOpened: count,
  ordersClosed: count,
  ordersOverdue: count,
  /** Mean minutes from an order's dispatch to its acceptance, and from acceptance to completion. */
  meanResponseMinutes: z.number().nonnegative().nullable(),
  meanRepairMinutes: z.number().nonnegative().nullable(),
  /** Data points stored. */
  values: count,
  /** Users of the accounts who signed in: for a month, each user once. */
  activeUsers: count,
});
export type OpsFigures = z.infer<typeof opsFigures>;

export const opsRow = opsFigures.extend({
  /** `2026-11-27` for a day, `2026-11` for a month, in the deployment's time zone. */
  period: z.string(),
});
export type OpsRow = z.infer<typeof opsRow>;

export const opsView = z.object({
  window: z.enum(OPS_WINDOWS),
  /** Every day (or month) of the window, oldest first; a period the job has not counted yet is left out. */
  rows: z.array(opsRow),
  /** The window's sums; its rates from those sums; `activeUsers` the busiest period's. */
  totals: opsFigures,
  /** The last day counted, or null before the first nightly run. */
  countedThrough: z.string().nullable(),
});
export type OpsView = z.infer<typeof opsView>;
