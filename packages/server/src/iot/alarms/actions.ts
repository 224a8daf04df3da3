import { type AlarmCondition, type AlarmFacts, alarmText } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { linksFor } from '../gateway/links.ts';
import { templatePoints } from '../gateway/repository.ts';
import { gatewayPoint } from '../gateway/values.ts';
import { checkedRaw } from '../gateway/write-rules.ts';
import { publishAlarmStatus } from '../telemetry/live.ts';
import { type Facts, type Step, shownReading } from './conditions.ts';
import { handOver } from './handoff.ts';
import { type DeviceContext, type EngineTrigger, pointsOf } from './store.ts';

const two = (n: number) => String(n).padStart(2, '0');
/** `2025-01-31 08:05:09` in the server's time zone (toLocaleString is slow on the engine's path). */
export function localTime(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

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
  const k = db.kysely;
  const notify = ctx.cloudConfig;
  if ((step === 'fire' || step === 'restore') && !ctx.points) ctx.points = await pointsOf(k, ctx.templateId);
  if (step === 'pend') {
    const shown = shownReading(trigger.rule, facts, false);
    await k
      .insertInto('alarm_pending')
      .values({
        trigger_id: trigger.id,
        device_id: ctx.id,
        since: facts.at,
        point_id: shown.pointId,
        value: shown.value,
      })
      .onConflict((oc) => oc.columns(['trigger_id', 'device_id']).doNothing())
      .execute();
    ctx.pending.set(trigger.id, facts.at);
  } else if (step === 'unpend') {
    await k.deleteFrom('alarm_pending').where('trigger_id', '=', trigger.id).where('device_id', '=', ctx.id).execute();
    ctx.pending.delete(trigger.id);
  } else if (step === 'fire') {
    const { condition, pointId, value } = shownReading(trigger.rule, facts, false);
    const fired = factsOf(ctx, trigger, 'alarm', condition, pointId, value);
    // The owner's language, for whatever reads the table itself; readers get the text from `facts`.
    const content = alarmText(fired, ctx.lang, localTime(facts.at));
    let statusMoved = false;
    const alarmId = await k.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('alarms')
        .values({
          trigger_id: trigger.id,
          trigger_name: trigger.name,
          device_id: ctx.id,
          owner_id: trigger.ownerId,
          point_id: pointId,
          value,
          content,
          facts: toJson(fired),
          fired_at: facts.at,
          active_key: `${trigger.id}:${ctx.id}`,
          recovery: 'notRestored',
          state: 'unprocessed',
          recorded: trigger.saveRule === 'record',
          notification: notify ? 'sent' : 'suspended',
          last_pushed_at: facts.at,
          repeats: 0,
          linkage_outcome: trigger.linkage ? 'pending' : null,
        })
        .onConflict((oc) => oc.column('active_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (ctx.pending.has(trigger.id))
        await trx
          .deleteFrom('alarm_pending')
          .where('trigger_id', '=', trigger.id)
          .where('device_id', '=', ctx.id)
          .execute();
      if (!row) return undefined;
      const id = Number(row.id);
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
      if (ctx.active.size === 0) {
        const moved = await trx
          .updateTable('devices')
          .set({ status: 'alarm' })
          .where('id', '=', ctx.id)
          .where('status', '=', 'online')
          .executeTakeFirst();
        statusMoved = moved.numUpdatedRows > 0n;
      }
      return id;
    });
    if (statusMoved) publishAlarmStatus(db, ctx.id, facts.at, true);
    ctx.pending.delete(trigger.id);
    if (alarmId === undefined) {
      // Another process fired it first: carry on with its alarm.
      const other = await k
        .selectFrom('alarms')
        .select(['id', 'last_pushed_at', 'point_id', 'value'])
        .where('active_key', '=', `${trigger.id}:${ctx.id}`)
        .executeTakeFirst();
      if (other)
        ctx.active.set(trigger.id, {
          id: Number(other.id),
          lastPushedAt: Number(other.last_pushed_at),
          pointId: other.point_id === null ? null : Number(other.point_id),
          value: other.value,
        });
      return;
    }
    ctx.active.set(trigger.id, { id: alarmId, lastPushedAt: facts.at, pointId, value });
    if (trigger.linkage) await runLinkage(db, ctx, trigger.linkage, alarmId, log);
  } else if (step === 'repeat') {
    const active = ctx.active.get(trigger.id);
    if (!active) return;
    const updated = await k.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('alarms')
        .set((eb) => ({ last_pushed_at: facts.at, repeats: eb('repeats', '+', 1) }))
        .where('id', '=', active.id)
        .where('recovery', '=', 'notRestored')
        .where('last_pushed_at', '=', active.lastPushedAt)
        .returning(['content', 'point_id', 'value', 'facts'])
        .executeTakeFirst();
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
  } else if (step === 'restore') {
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
    const content = alarmText(restored, ctx.lang, localTime(facts.at));
    const statusMoved = await k.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('alarms')
        .set({ recovery: 'restored', restored_at: facts.at, restore_value: restoreValue, active_key: null })
        .where('id', '=', active.id)
        .where('recovery', '=', 'notRestored')
        .returning(['notification'])
        .executeTakeFirst();
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
      const moved = await trx
        .updateTable('devices')
        .set({ status: 'online' })
        .where('id', '=', ctx.id)
        .where('status', '=', 'alarm')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('alarms')
                .select('id')
                .where('device_id', '=', ctx.id)
                .where('recovery', '=', 'notRestored'),
            ),
          ),
        )
        .executeTakeFirst();
      return moved.numUpdatedRows > 0n;
    });
    if (statusMoved) publishAlarmStatus(db, ctx.id, facts.at, false);
    ctx.active.delete(trigger.id);
  }
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
    const link = linksFor(db).get(ctx.id);
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
  await db.kysely.updateTable('alarms').set({ linkage_outcome: outcome }).where('id', '=', alarmId).execute();
}
