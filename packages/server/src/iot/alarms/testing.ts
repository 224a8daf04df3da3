import type { Lang } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { TestApp } from '../../../test/app.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { quietLog } from '../telemetry/testing.ts';
import type { Telemetry } from '../telemetry/types.ts';
import { alarmEngineFor } from './engine.ts';

/** Adds a trigger through the API and returns its id (the test fails on a refusal). */
export async function buildTrigger(c: Caller, body: Record<string, unknown>): Promise<number> {
  const res = await c.post('/iot/triggers', { name: 'High value', pushInterval: 0, ...body });
  if (res.statusCode !== 200) throw new Error(`trigger not added: ${res.body}`);
  return res.json().data.id as number;
}

/** A contact of the caller reached by email, so that alarms have someone to notify. */
export async function buildContact(c: Caller, name = 'Ops'): Promise<number> {
  const res = await c.post('/iot/contacts', { name, email: `${name.toLowerCase()}@example.com` });
  if (res.statusCode !== 200) throw new Error(`contact not added: ${res.body}`);
  return res.json().data.id as number;
}

/** Records readings as a transport would, and waits until the alarm engine has evaluated them. */
export async function report(
  t: TestApp,
  telemetry: Telemetry,
  deviceId: number,
  at: number,
  values: Record<number, number | boolean | string>,
) {
  await telemetry.record({
    deviceId,
    at,
    readings: Object.entries(values).map(([pointId, value]) => ({ pointId: Number(pointId), value })),
  });
  await alarmEngineFor(t.db, quietLog).idle();
}

/** Alarm Record's texts of a trigger's alarms, oldest first, as a reader in `lang` gets them. */
export async function alarmTexts(t: TestApp, c: Caller, triggerId: number, lang: Lang): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/iot/alarms?triggerId=${triggerId}`,
    headers: { 'x-authorization': c.token, 'accept-language': lang },
  });
  if (res.statusCode !== 200) throw new Error(`alarms not read: ${res.body}`);
  return (res.json().data.list as Array<{ content: string }>).map((a) => a.content).reverse();
}

export function alarmsOf(t: TestApp, triggerId: number) {
  return t.db.kysely.selectFrom('alarms').selectAll().where('trigger_id', '=', triggerId).orderBy('id').execute();
}

/** The kinds of the notifications put in the outbox for an alarm, in order. */
export async function outboxOf(t: TestApp, alarmId: number): Promise<string[]> {
  const rows = await t.db.kysely
    .selectFrom('notify_deliveries')
    .select(['kind'])
    .where('alarm_id', '=', alarmId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}

export async function statusOf(t: TestApp, deviceId: number): Promise<string> {
  const row = await t.db.kysely
    .selectFrom('devices')
    .select('status')
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return row.status;
}

/**
 * An unprocessed alarm of `deviceId`, as the engine records one when a trigger fires, for tests
 * that start from an alarm (work orders); returns its id.
 */
export async function buildAlarm(
  db: Kysely<Database>,
  alarm: { deviceId: number; ownerId: number; triggerName: string; content: string; value?: string },
): Promise<number> {
  const row = await db
    .insertInto('alarms')
    .values({
      trigger_id: 1,
      trigger_name: alarm.triggerName,
      device_id: alarm.deviceId,
      owner_id: alarm.ownerId,
      point_id: null,
      value: alarm.value ?? null,
      content: alarm.content,
      facts: null,
      fired_at: Date.now(),
      active_key: null,
      recovery: 'notRestored',
      restored_at: null,
      restore_value: null,
      state: 'unprocessed',
      result: null,
      processed_by: null,
      processed_at: null,
      recorded: true,
      notification: 'sent',
      last_pushed_at: Date.now(),
      repeats: 0,
      linkage_outcome: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
