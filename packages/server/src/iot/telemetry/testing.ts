import pino from 'pino';
import type { TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount } from '../devices/testing.ts';
import { samplePoint, sampleTemplate } from '../templates/testing.ts';
import { telemetryFor } from './index.ts';
import type { Telemetry } from './types.ts';

let seq = 0;

/** A logger for telemetry made by tests: errors only. */
export const quietLog = pino({ level: 'error' });

/** An owner's device on a template of three points: Humidity (timed), Temperature (on change, 0.5) and Setpoint (none). */
export interface TelemetryWorld {
  owner: Caller;
  telemetry: Telemetry;
  templateId: number;
  deviceId: number;
  points: { humidity: number; temperature: number; setpoint: number };
  /** Another enabled device of the same owner and template. */
  addDevice(body?: Record<string, unknown>): Promise<number>;
}

export async function buildTelemetryWorld(t: TestApp, owner?: Caller): Promise<TelemetryWorld> {
  const caller = owner ?? (await mainAccount(t));
  const template = sampleTemplate(`Telemetry ${++seq}`);
  const res = await caller.post('/iot/templates', {
    ...template,
    points: [...(template.points as object[]), samplePoint({ storage: 'none', unit: '°C' })],
  });
  if (res.statusCode !== 200) throw new Error(`template not added: ${res.body}`);
  const created = res.json().data as { id: number; points: Array<{ id: number; name: string }> };
  const pointId = (name: string) => created.points.find((p) => p.name === name)?.id as number;
  const addDevice = (body: Record<string, unknown> = {}) =>
    buildDevice(caller, { templateId: created.id, enabled: true, ...body });
  return {
    owner: caller,
    telemetry: telemetryFor(t.db, t.config, quietLog),
    templateId: created.id,
    deviceId: await addDevice(),
    points: { humidity: pointId('Humidity'), temperature: pointId('Temperature'), setpoint: pointId('Setpoint') },
    addDevice,
  };
}

/** The stored history of one point, oldest first. */
export async function historyOf(t: TestApp, deviceId: number, pointId: number) {
  return t.db.kysely
    .selectFrom('telemetry')
    .select(['ts', 'num', 'text'])
    .where('device_id', '=', deviceId)
    .where('point_id', '=', pointId)
    .orderBy('ts')
    .execute();
}
