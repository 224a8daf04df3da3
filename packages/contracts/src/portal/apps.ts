import { z } from 'zod';
import { bodyId } from './orgs.ts';

/** One entry of a menu group: an app and the address it opens. */
export const menuApp = z.object({
  appId: z.number(),
  appCode: z.string(),
  appName: z.string(),
  publishUrl: z.string(),
  icon: z.string().nullable(),
});
/** A menu group (Mind spec: name, code, list of apps). */
export const menuGroup = z.object({ name: z.string(), code: z.string(), list: z.array(menuApp) });

export const appApply = z.strictObject({ appId: bodyId, reason: z.string().trim().max(200).optional() });
export const appDecide = z.strictObject({
  id: bodyId,
  approve: z.boolean(),
  remark: z.string().trim().max(200).optional(),
});
export const favouritesSave = z.strictObject({ appIds: z.array(bodyId).max(50) });
export const appAuthorizing = z.strictObject({ appId: bodyId, roleIds: z.array(bodyId).max(200) });
export const appAccountBind = z.strictObject({
  appId: bodyId,
  account: z.string().trim().min(1).max(64),
});

/**
 * The code lists the Device Cloud front end fetches once per type and caches (spec section 4):
 * the statuses and options the specs name.
 */
export const DICT_TYPES = [
  'device_status',
  'alarm_state',
  'alarm_processing',
  'work_order_status',
  'maintenance_plan_status',
  'order_status',
  'invoice_status',
  'delivery_status',
  'membership',
  'query_frequency',
  'firmware_upgrade_status',
  'firmware_type',
  'configuration_status',
  'task_status',
  'user_status',
  'read_write_mode',
  'data_type',
  'storage_type',
  'advance_time',
] as const;
export type DictType = (typeof DICT_TYPES)[number];

export const dictItem = z.object({
  code: z.string(),
  label: z.string(),
  labels: z.object({ 'zh-CN': z.string(), en: z.string() }),
  sort: z.number(),
});
export const dictList = z.object({ type: z.string(), name: z.string(), items: z.array(dictItem) });
