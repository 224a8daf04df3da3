import {
  type AlarmCondition,
  type Lang,
  type LinkageValue,
  type SaveRule,
  type TriggerScope,
  toLang,
} from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, toBool } from '../../platform/db/sql.ts';
import { MINUTE, SECOND } from '../../platform/time.ts';
import type { Reading, Rule } from './conditions.ts';
import * as repo from './engine-repository.ts';
import type { AlarmTriggerRow } from './tables.ts';

/** A trigger as the engine keeps it. */
export interface EngineTrigger {
  id: number;
  name: string;
  ownerId: number;
  scope: TriggerScope;
  rule: Rule;
  durationMs: number;
  pushIntervalMs: number;
  saveRule: SaveRule;
  alarmContent: string | null;
  restoreContent: string | null;
  linkage: { pointId: number; value: LinkageValue } | null;
}

export interface ActiveAlarm {
  id: number;
  lastPushedAt: number;
  pointId: number | null;
  value: string | null;
}

/** Everything the engine needs about one device, read at once and kept for a few seconds. */
export interface DeviceContext {
  id: number;
  name: string;
  ownerId: number;
  templateId: number | null;
  cloudConfig: boolean;
  lang: Lang;
  offline: boolean;
  lastDataAt: number | null;
  triggers: EngineTrigger[];
  active: Map<number, ActiveAlarm>;
  pending: Map<number, number>;
  /** The template's points by id, read when an alarm first needs them for its facts. */
  points: Map<number, PointFacts> | null;
  readAt: number;
}

export function engineTrigger(row: AlarmTriggerRow): EngineTrigger {
  const linkageValue = row.linkage_value === null ? null : fromJson<LinkageValue>(row.linkage_value);
  return {
    id: Number(row.id),
    name: row.name,
    ownerId: Number(row.owner_id),
    scope: row.scope,
    rule: {
      conditions: fromJson<AlarmCondition[]>(row.conditions),
      join: row.join_with,
      deadZone: Number(row.dead_zone),
    },
    durationMs: Number(row.duration) * SECOND,
    pushIntervalMs: Number(row.push_interval) * MINUTE,
    saveRule: row.save_rule,
    alarmContent: row.alarm_content,
    restoreContent: row.restore_content,
    linkage:
      toBool(row.linkage_enabled) && row.linkage_point_id !== null && linkageValue !== null
        ? { pointId: Number(row.linkage_point_id), value: linkageValue }
        : null,
  };
}

/** Ids per query: well inside both engines' limits on bound values. */
const CHUNK = 500;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * The devices, their enabled triggers (their own and their template's), active alarms and pending
 * conditions, a few queries for any number of devices: the database's truth, so that a restarted
 * process carries on where it stopped. Independent triggers of a device whose cloud configuration
 * is off are left out (suspended). Devices gone or disabled are absent from the result.
 */
export async function loadDevices(
  db: Kysely<Database>,
  ids: readonly number[],
  at: number,
): Promise<Map<number, DeviceContext>> {
  const out = new Map<number, DeviceContext>();
  for (const part of chunks(ids)) {
    const devices = await repo.enabledDevices(db, part);
    if (devices.length === 0) continue;
    const templateIds = [...new Set(devices.flatMap((d) => (d.template_id === null ? [] : [Number(d.template_id)])))];
    const rows = await repo.enabledTriggersOf(db, part, templateIds);
    // A template's triggers are parsed once and shared by its devices.
    const ofDevice = new Map<number, EngineTrigger[]>();
    const ofTemplate = new Map<number, EngineTrigger[]>();
    for (const r of rows) {
      const [index, key] = r.scope === 'device' ? [ofDevice, Number(r.device_id)] : [ofTemplate, Number(r.template_id)];
      const list = index.get(key) ?? [];
      list.push(engineTrigger(r));
      index.set(key, list);
    }
    const alarms = await repo.activeAlarmsOf(db, part);
    const waits = await repo.pendingOf(db, part);
    const activeOf = new Map<number, Map<number, ActiveAlarm>>();
    for (const a of alarms) {
      const map = activeOf.get(Number(a.device_id)) ?? new Map<number, ActiveAlarm>();
      map.set(Number(a.trigger_id), {
        id: Number(a.id),
        lastPushedAt: Number(a.last_pushed_at),
        pointId: a.point_id === null ? null : Number(a.point_id),
        value: a.value,
      });
      activeOf.set(Number(a.device_id), map);
    }
    const pendingOf = new Map<number, Map<number, number>>();
    for (const p of waits) {
      const map = pendingOf.get(Number(p.device_id)) ?? new Map<number, number>();
      map.set(Number(p.trigger_id), Number(p.since));
      pendingOf.set(Number(p.device_id), map);
    }
    const backInAlarm: number[] = [];
    for (const device of devices) {
      const id = Number(device.id);
      const cloudConfig = toBool(device.cloud_config);
      const templateId = device.template_id === null ? null : Number(device.template_id);
      const triggers = [
        ...(cloudConfig ? (ofDevice.get(id) ?? []) : []),
        ...(templateId === null ? [] : (ofTemplate.get(templateId) ?? [])),
      ];
      const active = activeOf.get(id) ?? new Map<number, ActiveAlarm>();
      const pending = pendingOf.get(id) ?? new Map<number, number>();
      // Back online with alarms still active: the device shows "alarm" again (offline had replaced it).
      if (active.size > 0 && device.status === 'online') backInAlarm.push(id);
      const last = Math.max(Number(device.last_data_at ?? 0), Number(device.last_online_at ?? 0));
      out.set(id, {
        id,
        name: device.name,
        ownerId: Number(device.owner_id),
        templateId,
        cloudConfig,
        lang: toLang(device.lang) ?? 'zh-CN',
        offline: device.status === 'offline',
        lastDataAt: last || null,
        triggers,
        active,
        pending,
        points: null,
        readAt: at,
      });
    }
    if (backInAlarm.length) await repo.showDevicesInAlarm(db, backInAlarm);
  }
  return out;
}

/** The newest value of each point of the devices, for conditions on points the current batch does not carry. */
export async function latestValuesOf(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, Map<number, Reading>>> {
  const out = new Map<number, Map<number, Reading>>(ids.map((id) => [id, new Map()]));
  for (const part of chunks(ids)) {
    const rows = await repo.latestValueRows(db, part);
    for (const r of rows)
      out.get(Number(r.device_id))?.set(Number(r.point_id), r.num === null ? (r.text ?? '') : Number(r.num));
  }
  return out;
}

/** A point as an alarm's facts name it. */
export interface PointFacts {
  name: string;
  unit: string | null;
}

/** The names and units of a template's points, for the facts of alarms. */
export async function pointsOf(db: Kysely<Database>, templateId: number | null): Promise<Map<number, PointFacts>> {
  if (templateId === null) return new Map();
  const rows = await repo.templatePointNames(db, templateId);
  return new Map(rows.map((p) => [Number(p.id), { name: p.name, unit: p.unit || null }]));
}
