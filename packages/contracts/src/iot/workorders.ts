import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';

/** Spec section 4: the stored states of a work order (decision 0071 maps them to the labels users see). */
export const WORK_ORDER_STATES = ['pending', 'sent', 'accepted', 'ended', 'closed'] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];
export const WORK_ORDER_TYPES = ['repair', 'maintenance', 'installation', 'other'] as const;
export type WorkOrderType = (typeof WORK_ORDER_TYPES)[number];
export const WORK_ORDER_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];
/** The steps an order's timeline records. */
export const WORK_ORDER_STEPS = [
  'created',
  'assigned',
  'accepted',
  'checkedIn',
  'completed',
  'confirmed',
  'reopened',
] as const;
export type WorkOrderStep = (typeof WORK_ORDER_STEPS)[number];

/** Spec section 5: up to five pictures (jpg/png, 2 MB, checked by the image upload). */
export const WORK_ORDER_PICTURES_MAX = 5;
export const WORK_ORDER_TEXT_MAX = 255;

const HOUR = 3_600_000;
/** How long an order of each priority may wait to be accepted, and to be completed (decision 0071). */
export const WORK_ORDER_LIMITS: Record<WorkOrderPriority, { respondMs: number; completeMs: number }> = {
  urgent: { respondMs: 1 * HOUR, completeMs: 4 * HOUR },
  high: { respondMs: 4 * HOUR, completeMs: 24 * HOUR },
  normal: { respondMs: 24 * HOUR, completeMs: 72 * HOUR },
  low: { respondMs: 72 * HOUR, completeMs: 168 * HOUR },
};

const pictures = z
  .array(z.string().min(1).max(500), { error: 'v.workOrder.pictures' })
  .max(WORK_ORDER_PICTURES_MAX, 'v.workOrder.pictures')
  .default([]);
const text = (key: string) => z.string({ error: key }).trim().min(1, key).max(WORK_ORDER_TEXT_MAX, key);

export const workOrderInput = z.strictObject({
  type: z.enum(WORK_ORDER_TYPES, { error: 'v.workOrder.type' }),
  deviceId: z.number({ error: 'v.workOrder.device' }).int('v.workOrder.device').positive('v.workOrder.device'),
  description: text('v.workOrder.description'),
  priority: z.enum(WORK_ORDER_PRIORITIES, { error: 'v.workOrder.priority' }),
  pictures,
  /** The alarm the order comes from, when made from Alarm Record. */
  alarmId: z.number().int().positive().nullable().optional(),
});
export type WorkOrderInput = z.input<typeof workOrderInput>;

export const workOrderAssign = z.strictObject({
  assigneeId: z.number({ error: 'v.workOrder.assignee' }).int('v.workOrder.assignee').positive('v.workOrder.assignee'),
});
export const workOrderComplete = z.strictObject({ result: text('v.workOrder.result'), pictures });
export type WorkOrderComplete = z.input<typeof workOrderComplete>;
export const workOrderReopen = z.strictObject({ reason: text('v.workOrder.reason') });
/** The engineer on site: where the phone says they are, and how sure it is (metres). */
export const workOrderCheckIn = z.strictObject({
  latitude: z
    .number({ error: 'v.workOrder.location' })
    .min(-90, 'v.workOrder.location')
    .max(90, 'v.workOrder.location'),
  longitude: z
    .number({ error: 'v.workOrder.location' })
    .min(-180, 'v.workOrder.location')
    .max(180, 'v.workOrder.location'),
  accuracy: z.number().nonnegative().max(100_000).optional(),
});
export type WorkOrderCheckIn = z.infer<typeof workOrderCheckIn>;

export const workOrderQuery = pageQuery.extend({
  keyword: textFilter(50),
  state: z.enum(WORK_ORDER_STATES).optional(),
  type: z.enum(WORK_ORDER_TYPES).optional(),
  assigneeId: z.coerce.number().int().positive().optional(),
  /** One device's orders: its service record. */
  deviceId: z.coerce.number().int().positive().optional(),
});
export type WorkOrderQuery = z.infer<typeof workOrderQuery>;

export const workOrderView = z.object({
  id: z.number(),
  number: z.string(),
  type: z.enum(WORK_ORDER_TYPES),
  state: z.enum(WORK_ORDER_STATES),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  deviceId: z.number(),
  deviceName: z.string(),
  sn: z.string(),
  description: z.string(),
  pictures: z.array(z.string()),
  alarmId: z.number().nullable(),
  reporterId: z.number(),
  reporterName: z.string(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  result: z.string().nullable(),
  resultPictures: z.array(z.string()),
  createdAt: z.number(),
  acceptedAt: z.number().nullable(),
  completedAt: z.number().nullable(),
  /** The maintenance plan that made it and the maintenance date it is for (decision 0074). */
  planId: z.number().nullable(),
  planDueAt: z.number().nullable(),
  /** Past its time limit: not accepted, or not completed, in the time its priority allows (computed on read). */
  overdue: z.enum(['response', 'completion']).nullable(),
});
export type WorkOrderView = z.infer<typeof workOrderView>;

export const workOrderStepView = z.object({
  step: z.enum(WORK_ORDER_STEPS),
  actorName: z.string(),
  note: z.string().nullable(),
  pictures: z.array(z.string()),
  /** Where a check-in was made. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  at: z.number(),
});
export type WorkOrderStepView = z.infer<typeof workOrderStepView>;

/** Why someone was told about an order: it was sent to them, or it is past a time limit (decision 0071). */
export const WORK_ORDER_NOTICE_EVENTS = ['assigned', 'responseOverdue', 'completionOverdue'] as const;
export type WorkOrderNoticeEvent = (typeof WORK_ORDER_NOTICE_EVENTS)[number];

/** One message about the order to one person on one channel, and what came of it. */
export const workOrderNoticeView = z.object({
  event: z.enum(WORK_ORDER_NOTICE_EVENTS),
  userName: z.string(),
  channel: z.enum(['sms', 'email']),
  target: z.string(),
  state: z.enum(['queued', 'sent', 'failed']),
  lastError: z.string().nullable(),
  at: z.number(),
});
export type WorkOrderNoticeView = z.infer<typeof workOrderNoticeView>;

export const workOrderDetail = workOrderView.extend({
  timeline: z.array(workOrderStepView),
  notices: z.array(workOrderNoticeView),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;

/** Someone an order may be assigned to: a maintenance engineer of the device's owner. */
export const workOrderEngineer = z.object({ id: z.number(), name: z.string() });
export type WorkOrderEngineer = z.infer<typeof workOrderEngineer>;

/** The order's workflow, per state: which action leads where (the service checks role and state from this). */
export const WORK_ORDER_FLOW = {
  assign: { from: ['pending', 'sent'], to: 'sent' },
  accept: { from: ['sent'], to: 'accepted' },
  complete: { from: ['accepted'], to: 'ended' },
  confirm: { from: ['ended'], to: 'closed' },
  reopen: { from: ['ended'], to: 'sent' },
} as const satisfies Record<string, { from: readonly WorkOrderState[]; to: WorkOrderState }>;
export type WorkOrderAction = keyof typeof WORK_ORDER_FLOW;
