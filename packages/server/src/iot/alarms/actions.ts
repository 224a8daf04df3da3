import { type AlarmCondition, type AlarmFacts, alarmText } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/time.ts';
import { reachDevice } from '../gateway/commands.ts';
import { templatePoints } from '../gateway/repository.ts';
import { gatewayPoint } from '../gateway/values.ts';
import { checkedRaw } from '../gateway/write-rules.ts';
import { publishAlarmStatus } from '../telemetry/live.ts';
import { type Facts, type Step, shownReading } from './conditions.ts';
import * as repo from './engine-repository.ts';
import { askSnapshots, handOver } from './handoff.ts';
import { type DeviceContext, type EngineTrigger, pointsOf } from './store.ts';

/**
 * What an alarm of `trigger` on the device is about: the condition shown, its point's name and
 * unit as the template has them now, the reading, and the trigger's own push content if written.
 */
function factsOf(
  ctx: DeviceContext,
  trigger: EngineTrigger,
  kind: AlarmFacts['kind'],
  condition: AlarmCondition | null,
  pointId: number | null,
  value: string | null,
): AlarmFacts {
  const point = pointId === null ? undefined : ctx.points?.get(pointId);
  return {
    kind,
    trigger: trigger.name,
    device: ctx.name,
    pointId,
    point: point?.name ?? null,
    unit: point?.unit ?? null,
    condition,
    deadZone: trigger.rule.deadZone,
    value,
    text: (kind === 'alarm' ? trigger.alarmContent : trigger.restoreContent) || null,
  };
}

/** The condition a restore names: the one on the alarm's point, else the trigger's first. */
function restoredCondition(trigger: EngineTrigger, pointId: number | null): AlarmCondition | null {
  const conditions = trigger.rule.conditions;
  return (pointId === null ? undefined : conditions.find((c) => c.pointId === pointId)) ?? conditions[0] ?? null;
}

/**
 * Carries out what `stepOf` decided, keeping `ctx` in step with the database. A fire, repeat or
 * restore is one transaction with its outbox rows; the unique active key and the guarded updates
 * make a second process that saw the same values a no-op. Notifications are suspended (the alarm
 * says so) while the device's cloud configuration is off.
 */
export async function applyStep(
  db: Db,
  ctx: DeviceContext,
  trigger: EngineTrigger,
  step: Step,
  facts: Facts,
  log: Logger,
) {
  if ((step === 'fire' || step === 'restore') && !ctx.points) ctx.points = await pointsOf(db.kysely, ctx.templateId);
  if (step === 'pend') await pend(db, ctx, trigger, facts);
  else if (step === 'unpend') await unpend(db, ctx, trigger);
  else if (step === 'fire') await fire(db, ctx, trigger, facts, log);
  else if (step === 'repeat') await repeat(db, ctx, trigger, facts);
  else if (step === 'restore') await restore(db, ctx, trigger, facts);
}

/** The condition holds but must last its duration: the wait starts now. */
async function pend(db: Db, ctx: DeviceContext, trigger: EngineTrigger, facts: Facts) {
  const shown = shownReading(trigger.rule, facts, false);
  await repo.addPending(db.kysely, {
    triggerId: trigger.id,
    deviceId: ctx.id,
    since: facts.at,
    pointId: shown.pointId,
    value: shown.value,
  });
  ctx.pending.set(trigger.id, facts.at);
}

/** The condition stopped holding before its duration ran out. */
async function unpend(db: Db, ctx: DeviceContext, trigger: EngineTrigger) {
  await repo.removePending(db.kysely, trigger.id, ctx.id);
  ctx.pending.delete(trigger.id);
}

/** Fires an alarm: recorded, handed to the notifications and the device shown in alarm, then linkage. */
async function fire(db: Db, ctx: DeviceContext, trigger: EngineTrigger, facts: Facts, log: Logger) {
  const { condition, pointId, value } = shownReading(trigger.rule, facts, false);
  const fired = factsOf(ctx, trigger, 'alarm', condition, pointId, value);
  // The owner's language, for whatever reads the table itself; readers get the text from `facts`.
  const content = alarmText(fired, ctx.lang, formatDateTime(facts.at));
  const notify = ctx.cloudConfig;
  let statusMoved = false;
  const alarmId = await db.kysely.transaction().execute(async (trx) => {
    const id = await repo.insertAlarm(trx, {
      trigger_id: trigger.id,
      trigger_name: trigger.name,
      device_id: ctx.id,
      owner_id: trigger.ownerId,
      point_id: pointId,
      value,
      content,
      facts: toJson(fired),
      fired_at: facts.at,
      active_key: activeKeyOf(ctx, trigger),
      recovery: 'notRestored',
      state: 'unprocessed',
      recorded: trigger.saveRule === 'record',
      notification: notify ? 'sent' : 'suspended',
      last_pushed_at: facts.at,
      repeats: 0,
      linkage_outcome: trigger.linkage ? 'pending' : null,
    });
    if (ctx.pending.has(trigger.id)) await repo.removePending(trx, trigger.id, ctx.id);
    if (id === undefined) return undefined;
    // Only recorded alarms show in Alarm Record, where the snapshot is seen.
    if (trigger.saveRule === 'record') await askSnapshots(trx, id, ctx.id);
    if (notify)
      await handOver(trx, {
        alarmId: id,
        triggerId: trigger.id,
        deviceId: ctx.id,
        kind: 'fire',
        at: facts.at,
        pointId,
        value,
        content,
        facts: fired,
      });
    // Offline wins over alarm, and a fault stays a fault: only an online device shows the alarm.
    if (ctx.active.size === 0) statusMoved = await repo.showDeviceInAlarm(trx, ctx.id);
    return id;
  });
  if (statusMoved) publishAlarmStatus(db, ctx.id, facts.at, true);
  ctx.pending.delete(trigger.id);
  if (alarmId === undefined) {
    await followOtherFire(db, ctx, trigger);
    return;
  }
  ctx.active.set(trigger.id, { id: alarmId, lastPushedAt: facts.at, pointId, value });
  if (trigger.linkage) await runLinkage(db, ctx, trigger.linkage, alarmId, log);
}

const activeKeyOf = (ctx: DeviceContext, trigger: EngineTrigger) => `${trigger.id}:${ctx.id}`;

/** Another process fired the alarm first: carry on with its alarm. */
async function followOtherFire(db: Db, ctx: DeviceContext, trigger: EngineTrigger) {
  const other = await repo.findActiveAlarm(db.kysely, activeKeyOf(ctx, trigger));
  if (other)
    ctx.active.set(trigger.id, {
      id: Number(other.id),
      lastPushedAt: Number(other.last_pushed_at),
      pointId: other.point_id === null ? null : Number(other.point_id),
      value: other.value,
    });
}

/** Pushes an active alarm again after its interval, unless another process just did. */
async function repeat(db: Db, ctx: DeviceContext, trigger: EngineTrigger, facts: Facts) {
  const active = ctx.active.get(trigger.id);
  if (!active) return;
  const notify = ctx.cloudConfig;
  const updated = await db.kysely.transaction().execute(async (trx) => {
    const row = await repo.recordRepeat(trx, active.id, facts.at, active.lastPushedAt);
    if (row && notify)
      await handOver(trx, {
        alarmId: active.id,
        triggerId: trigger.id,
        deviceId: ctx.id,
        kind: 'repeat',
        at: facts.at,
        pointId: row.point_id === null ? null : Number(row.point_id),
        value: row.value,
        content: row.content,
        facts: row.facts === null ? null : fromJson<AlarmFacts>(row.facts),
      });
    return row;
  });
  // Pushed here or by another process: either way the next push is an interval from now.
  active.lastPushedAt = facts.at;
  if (!updated) ctx.readAt = 0;
}

/** Restores an active alarm: recorded, told to whoever heard of it, and the device out of alarm with its last one. */
async function restore(db: Db, ctx: DeviceContext, trigger: EngineTrigger, facts: Facts) {
  const active = ctx.active.get(trigger.id);
  if (!active) return;
  const { value } = shownReading(trigger.rule, facts, true);
  const restoreValue = active.pointId === null ? value : readingOf(facts, active.pointId);
  const restored = factsOf(
    ctx,
    trigger,
    'restore',
    restoredCondition(trigger, active.pointId),
    active.pointId,
    restoreValue,
  );
  const content = alarmText(restored, ctx.lang, formatDateTime(facts.at));
  const notify = ctx.cloudConfig;
  const statusMoved = await db.kysely.transaction().execute(async (trx) => {
    const row = await repo.restoreAlarm(trx, active.id, facts.at, restoreValue);
    if (!row) return false;
    if (notify && row.notification === 'sent')
      await handOver(trx, {
        alarmId: active.id,
        triggerId: trigger.id,
        deviceId: ctx.id,
        kind: 'restore',
        at: facts.at,
        pointId: active.pointId,
        value: restoreValue,
        content,
        facts: restored,
      });
    // The device leaves "alarm" with its last active alarm (asked of the database: another process may hold one).
    if (ctx.active.size > 1) return false;
    return repo.showDeviceOutOfAlarm(trx, ctx.id);
  });
  if (statusMoved) publishAlarmStatus(db, ctx.id, facts.at, false);
  ctx.active.delete(trigger.id);
}

function readingOf(facts: Facts, pointId: number): string | null {
  const v = facts.values.get(pointId);
  return v === undefined ? null : String(typeof v === 'boolean' ? Number(v) : v);
}

/**
 * Linkage: writes the configured value through the gateway's write path (the point's checks and
 * inverse formula, then the device's connection, ahead of polling). The outcome is kept on the
 * alarm, failure included; nothing is retried, since a late write could act on a changed plant.
 */
async function runLinkage(
  db: Db,
  ctx: DeviceContext,
  linkage: NonNullable<EngineTrigger['linkage']>,
  alarmId: number,
  log: Logger,
) {
  let outcome = 'ok';
  try {
    const link = await reachDevice(db, ctx.id, log);
    const source = ctx.templateId
      ? (await templatePoints(db.kysely, ctx.templateId)).find((p) => p.id === linkage.pointId)
      : undefined;
    if (!source) outcome = 'alarm.trigger.pointGone';
    else if (!link) outcome = 'alarm.linkage.offline';
    else {
      const point = gatewayPoint(source);
      if (
        point.readWrite === 'readOnly' ||
        point.registerType === 'discreteInput' ||
        point.registerType === 'inputRegister'
      )
        outcome = 'alarm.linkage.readOnly';
      else await link.write(linkage.pointId, checkedRaw(point, linkage.value));
    }
  } catch (error) {
    outcome = error instanceof AppError ? (error.rules[0]?.key ?? error.key) : String(error);
    log.warn({ err: error, alarmId, deviceId: ctx.id }, 'alarms: linkage failed');
  }
  await repo.setLinkageOutcome(db.kysely, alarmId, outcome);
}
