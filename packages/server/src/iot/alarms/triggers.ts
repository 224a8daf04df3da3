import {
  type AlarmCondition,
  type LinkageValue,
  type PageQuery,
  RANGE_KINDS,
  THRESHOLD_KINDS,
  type TriggerEnable,
  type TriggerInput,
  type TriggerQuery,
  type TriggerView,
  translate,
} from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, now, toBool, toJson } from '../../platform/db/sql.ts';
import { AppError, type RuleBroken, rulesBroken } from '../../platform/http/errors.ts';
import { accountScopeOf, type Scope } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { deviceFor } from '../devices/service.ts';
import { findTemplate } from '../templates/repository.ts';
import { runningEngine } from './engine.ts';
import { setTriggerRecipients, triggerRecipients } from './handoff.ts';
import * as repo from './repository.ts';

type TriggerRow = NonNullable<Awaited<ReturnType<typeof repo.findTrigger>>>;

/** Where a trigger applies, checked against the caller's rights: its owner and its template. */
async function targetOf(actor: Actor, scope: Scope, input: Pick<TriggerInput, 'scope' | 'deviceId' | 'templateId'>) {
  if (input.scope === 'device') {
    const device = await deviceFor(actor, scope, input.deviceId as number, 'edit');
    return {
      ownerId: Number(device.owner_id),
      templateId: device.template_id === null ? null : Number(device.template_id),
    };
  }
  const template = await findTemplate(actor.db, scope, input.templateId as number);
  if (!template) throw new AppError(404, 'template.notFound');
  return { ownerId: Number(template.owner_id), templateId: Number(template.id) };
}

/**
 * The rules a schema cannot check: every point a condition or the linkage names is a point of the
 * template (not deleted), switch conditions are on switches, comparisons on numbers, and linkage
 * writes a point that can be written.
 */
async function checkPoints(actor: Actor, templateId: number | null, input: TriggerInput): Promise<void> {
  const points = templateId ? await repo.templatePointKinds(actor.db, templateId) : [];
  const byId = new Map(points.map((p) => [Number(p.id), p]));
  const broken: RuleBroken[] = [];
  input.conditions.forEach((c: AlarmCondition, i) => {
    if (c.pointId === undefined) return;
    const field = `conditions[${i}].pointId`;
    const point = byId.get(c.pointId);
    if (!templateId) broken.push({ field, key: 'alarm.trigger.noTemplate' });
    else if (!point) broken.push({ field, key: 'alarm.trigger.pointGone', params: { id: c.pointId } });
    else if ((c.kind === 'switchOn' || c.kind === 'switchOff') && point.data_type !== 'switch')
      broken.push({ field, key: 'alarm.condition.notSwitch', params: { name: point.name } });
    else if (
      (THRESHOLD_KINDS.includes(c.kind) || RANGE_KINDS.includes(c.kind)) &&
      point.data_type !== 'numeric' &&
      point.data_type !== 'switch'
    )
      broken.push({ field, key: 'alarm.condition.notNumeric', params: { name: point.name } });
  });
  const linked = input.linkage?.pointId;
  if (input.linkage?.enabled && linked !== undefined) {
    const point = byId.get(linked);
    if (!point) broken.push({ field: 'linkage.pointId', key: 'alarm.trigger.pointGone', params: { id: linked } });
    else if (
      point.read_write === 'readOnly' ||
      point.register_type === 'discreteInput' ||
      point.register_type === 'inputRegister'
    )
      broken.push({ field: 'linkage.pointId', key: 'alarm.linkage.readOnly' });
  }
  if (broken.length) throw rulesBroken(broken);
}

function columnsOf(input: TriggerInput, at: number) {
  const linkage = input.linkage;
  return {
    name: input.name,
    conditions: toJson(input.conditions),
    join_with: input.join,
    dead_zone: input.deadZone,
    duration: input.duration,
    push_interval: input.pushInterval,
    alarm_enabled: input.alarmEnabled,
    save_rule: input.saveRule,
    alarm_content: input.alarmContent || null,
    restore_content: input.restoreContent || null,
    linkage_enabled: linkage?.enabled ?? false,
    linkage_point_id: linkage?.pointId ?? null,
    linkage_value: linkage?.value === undefined ? null : toJson(linkage.value),
    updated_at: at,
  };
}

/** Ends the alarms of a trigger that stops acting (disabled or deleted): no one is told, the device leaves "alarm". */
async function closeActive(trx: Transaction<Database>, triggerId: number, at: number): Promise<void> {
  const deviceIds = await repo.restoreAlarmsOfTrigger(trx, triggerId, at);
  await repo.clearPendingOfTrigger(trx, triggerId);
  for (const deviceId of new Set(deviceIds)) {
    if (!(await repo.hasActiveAlarm(trx, deviceId))) await repo.showDeviceOnline(trx, deviceId);
  }
}

type ConditionPoint = TriggerView['points'][number];

/** The points the triggers' conditions name, read at once for a page of triggers. */
async function pointsOf(actor: Actor, rows: readonly TriggerRow[]): Promise<Map<number, ConditionPoint>> {
  const ids = rows.flatMap((row) => fromJson<AlarmCondition[]>(row.conditions).flatMap((c) => c.pointId ?? []));
  return new Map((await repo.pointsByIds(actor.db, ids)).map((p) => [p.id, p]));
}

async function viewOf(actor: Actor, row: TriggerRow, points: Map<number, ConditionPoint>): Promise<TriggerView> {
  const recipients = await triggerRecipients(actor.db, Number(row.id));
  const off = row.scope === 'device' && row.device_cloud_config !== null && !toBool(row.device_cloud_config);
  const conditions = fromJson<AlarmCondition[]>(row.conditions);
  return {
    id: Number(row.id),
    name: row.name,
    scope: row.scope,
    deviceId: row.device_id === null ? null : Number(row.device_id),
    deviceName: row.device_name,
    templateId: row.template_id === null ? null : Number(row.template_id),
    templateName: row.template_name,
    conditions,
    points: [...new Set(conditions.flatMap((c) => c.pointId ?? []))].flatMap((id) => points.get(id) ?? []),
    join: row.join_with,
    deadZone: Number(row.dead_zone),
    duration: Number(row.duration),
    pushInterval: Number(row.push_interval),
    alarmEnabled: toBool(row.alarm_enabled),
    saveRule: row.save_rule,
    alarmContent: row.alarm_content,
    restoreContent: row.restore_content,
    linkage: {
      enabled: toBool(row.linkage_enabled),
      pointId: row.linkage_point_id === null ? null : Number(row.linkage_point_id),
      value: row.linkage_value === null ? null : fromJson<LinkageValue>(row.linkage_value),
    },
    ...recipients,
    suspended: off ? translate('alarm.suspended', actor.lang) : null,
    updatedAt: Number(row.updated_at),
  };
}

async function triggerFor(
  actor: Actor,
  scope: Scope,
  id: number,
  right: 'view' | 'edit' | 'delete',
): Promise<TriggerRow> {
  const row = await repo.findTrigger(actor.db, scope, id, right);
  if (row) return row;
  if (right !== 'view' && (await repo.findTrigger(actor.db, scope, id, 'view')))
    throw new AppError(403, 'auth.forbidden');
  throw new AppError(404, 'alarm.trigger.notFound');
}

/** The engine of this process reads its triggers again at once; other processes notice within seconds. */
function triggersChanged(db: Db | undefined) {
  if (db) runningEngine(db)?.forget();
}

export async function listTriggers(actor: Actor, query: Omit<TriggerQuery, 'page' | 'size'>, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await repo.listTriggers(actor.db, scope, query, page);
  const points = await pointsOf(actor, result.list);
  return { ...result, list: await Promise.all(result.list.map((row) => viewOf(actor, row, points))) };
}

export async function triggerDetail(actor: Actor, id: number): Promise<TriggerView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await triggerFor(actor, scope, id, 'view');
  return viewOf(actor, row, await pointsOf(actor, [row]));
}

export async function addTrigger(actor: Actor, input: TriggerInput, db?: Db): Promise<TriggerView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const target = await targetOf(actor, scope, input);
  await checkPoints(actor, target.templateId, input);
  const at = now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const triggerId = await repo.insertTrigger(trx, {
      ...columnsOf(input, at),
      owner_id: target.ownerId,
      scope: input.scope,
      device_id: input.scope === 'device' ? (input.deviceId ?? null) : null,
      template_id: input.scope === 'template' ? (input.templateId ?? null) : null,
      created_by: actor.auth.userId,
      created_at: at,
    });
    await setTriggerRecipients(trx, triggerId, target.ownerId, input);
    await audit(trx, actor.request, {
      action: 'addTrigger',
      targetType: 'trigger',
      targetId: triggerId,
      detail: { name: input.name },
    });
    return triggerId;
  });
  triggersChanged(db);
  return triggerDetail(actor, id);
}

export async function editTrigger(actor: Actor, id: number, input: TriggerInput, db?: Db): Promise<TriggerView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await triggerFor(actor, scope, id, 'edit');
  const sameTarget =
    row.scope === input.scope &&
    (input.scope === 'device'
      ? Number(row.device_id) === input.deviceId
      : Number(row.template_id) === input.templateId);
  if (!sameTarget) throw new AppError(409, 'alarm.trigger.scopeFixed');
  const target = await targetOf(actor, scope, input);
  await checkPoints(actor, target.templateId, input);
  await actor.db.transaction().execute(async (trx) => {
    const at = now();
    await repo.updateTrigger(trx, id, columnsOf(input, at));
    // What was waiting for its duration waits under the new conditions from the start.
    await repo.clearPendingOfTrigger(trx, id);
    if (!input.alarmEnabled) await closeActive(trx, id, at);
    await setTriggerRecipients(trx, id, Number(row.owner_id), input);
    await audit(trx, actor.request, {
      action: 'editTrigger',
      targetType: 'trigger',
      targetId: id,
      detail: { name: input.name },
    });
  });
  triggersChanged(db);
  return triggerDetail(actor, id);
}

/** Trigger Enable: the alarm switch and the linkage switch; turning the alarm off turns linkage off with it. */
export async function enableTrigger(actor: Actor, id: number, input: TriggerEnable, db?: Db): Promise<TriggerView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await triggerFor(actor, scope, id, 'edit');
  const linkage = input.alarmEnabled ? (input.linkageEnabled ?? toBool(row.linkage_enabled)) : false;
  if (linkage && row.linkage_point_id === null)
    throw rulesBroken([{ field: 'linkageEnabled', key: 'alarm.linkage.pointRequired' }]);
  await actor.db.transaction().execute(async (trx) => {
    const at = now();
    await repo.updateTrigger(trx, id, { alarm_enabled: input.alarmEnabled, linkage_enabled: linkage, updated_at: at });
    if (!input.alarmEnabled) await closeActive(trx, id, at);
    await audit(trx, actor.request, {
      action: 'enableTrigger',
      targetType: 'trigger',
      targetId: id,
      detail: { alarmEnabled: input.alarmEnabled, linkageEnabled: linkage },
    });
  });
  triggersChanged(db);
  return triggerDetail(actor, id);
}

/** Deletes a trigger; its alarms stay in Alarm Record, those still active closed. */
export async function deleteTrigger(actor: Actor, id: number, db?: Db): Promise<void> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await triggerFor(actor, scope, id, 'delete');
  await actor.db.transaction().execute(async (trx) => {
    await closeActive(trx, id, now());
    await setTriggerRecipients(trx, id, Number(row.owner_id), { contactIds: [], groupIds: [] });
    await repo.deleteTrigger(trx, id);
    await audit(trx, actor.request, {
      action: 'deleteTrigger',
      targetType: 'trigger',
      targetId: id,
      detail: { name: row.name },
    });
  });
  triggersChanged(db);
}
