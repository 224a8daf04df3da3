import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';
import { WORK_ORDER_PRIORITIES } from './workorders.ts';

/** A plan's cycle: every N days, weeks or months from its start, or the dates listed. */
export const PLAN_CYCLES = ['day', 'week', 'month', 'dates'] as const;
export type PlanCycle = (typeof PLAN_CYCLES)[number];
/** Spec section 9: advance work-order times (none, 1, 2, 3 days, 1, 2 weeks, 1 month). */
export const PLAN_ADVANCES = ['none', '1d', '2d', '3d', '1w', '2w', '1m'] as const;
export type PlanAdvance = (typeof PLAN_ADVANCES)[number];
/** Spec section 4: the states a maintenance plan is shown in (decision 0074 says when). */
export const PLAN_STATES = ['notStarted', 'waiting', 'ended'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

export const PLAN_DATES_MAX = 50;
export const PLAN_DEVICES_MAX = 200;
export const PLAN_EVERY_MAX = 365;

const id = (key: string) => z.number({ error: key }).int(key).positive(key);

export const maintenancePlanInput = z
  .strictObject({
    name: z.string({ error: 'v.plan.name' }).trim().min(1, 'v.plan.name').max(50, 'v.plan.name'),
    cycle: z.enum(PLAN_CYCLES, { error: 'v.plan.cycle' }),
    /** Days, weeks or months between two maintenances; not used with listed dates. */
    every: z
      .number({ error: 'v.plan.every' })
      .int('v.plan.every')
      .min(1, 'v.plan.every')
      .max(PLAN_EVERY_MAX, 'v.plan.every')
      .nullable()
      .optional(),
    /** The maintenance dates (epoch ms) of a `dates` cycle. */
    dates: z
      .array(z.number().int().positive(), { error: 'v.plan.dates' })
      .max(PLAN_DATES_MAX, 'v.plan.dates')
      .default([]),
    deviceIds: z
      .array(id('v.plan.devices'), { error: 'v.plan.devices' })
      .max(PLAN_DEVICES_MAX, 'v.plan.devices')
      .default([]),
    /** Instead of devices: every device of the project at the time an order is made. */
    projectId: id('v.plan.project').nullable().optional(),
    engineerId: id('v.plan.engineer'),
    advance: z.enum(PLAN_ADVANCES, { error: 'v.plan.advance' }),
    /** The first maintenance (epoch ms); a `dates` cycle starts at its first date. */
    startAt: z.number({ error: 'v.plan.start' }).int('v.plan.start').positive('v.plan.start').nullable().optional(),
    endAt: z.number({ error: 'v.plan.end' }).int('v.plan.end').positive('v.plan.end').nullable().optional(),
    priority: z.enum(WORK_ORDER_PRIORITIES, { error: 'v.workOrder.priority' }).default('normal'),
    content: z.string({ error: 'v.plan.content' }).trim().min(1, 'v.plan.content').max(255, 'v.plan.content'),
  })
  .superRefine((p, ctx) => {
    const broken = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (p.cycle === 'dates') {
      if (p.dates.length === 0) broken('dates', 'v.plan.dates');
    } else {
      if (!p.every) broken('every', 'v.plan.every');
      if (!p.startAt) broken('startAt', 'v.plan.start');
    }
    if (p.deviceIds.length === 0 && !p.projectId) broken('deviceIds', 'v.plan.devices');
    const start = p.cycle === 'dates' && p.dates.length > 0 ? Math.min(...p.dates) : p.startAt;
    if (p.endAt && start && p.endAt <= start) broken('endAt', 'v.plan.endBeforeStart');
  });
export type MaintenancePlanInput = z.input<typeof maintenancePlanInput>;
export type MaintenancePlanData = z.output<typeof maintenancePlanInput>;

export const maintenancePlanQuery = pageQuery.extend({
  keyword: textFilter(50),
  state: z.enum(PLAN_STATES).optional(),
  deviceId: z.coerce.number().int().positive().optional(),
});
export type MaintenancePlanQuery = z.infer<typeof maintenancePlanQuery>;

export const maintenancePlanView = z.object({
  id: z.number(),
  name: z.string(),
  cycle: z.enum(PLAN_CYCLES),
  every: z.number().nullable(),
  dates: z.array(z.number()),
  deviceIds: z.array(z.number()),
  deviceNames: z.array(z.string()),
  projectId: z.number().nullable(),
  projectName: z.string().nullable(),
  engineerId: z.number(),
  engineerName: z.string(),
  advance: z.enum(PLAN_ADVANCES),
  startAt: z.number(),
  endAt: z.number().nullable(),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  content: z.string(),
  state: z.enum(PLAN_STATES),
  /** The next maintenance date, and when its work orders are made; null once the plan has ended. */
  nextDueAt: z.number().nullable(),
  nextOrderAt: z.number().nullable(),
  /** Work orders the plan has made so far. */
  orders: z.number(),
  createdAt: z.number(),
});
export type MaintenancePlanView = z.infer<typeof maintenancePlanView>;
