import type { TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, newSn } from '../devices/testing.ts';
import { plantTemplate } from '../gateway/testing.ts';

/** A plant controller template and a DTU device of it; the ids of its points by name. */
export async function buildPlant(owner: Caller, device: Record<string, unknown> = {}) {
  const template = await owner.post('/iot/templates', plantTemplate(`Plant ${newSn().slice(-6)}`));
  if (template.statusCode !== 200) throw new Error(`template not added: ${template.body}`);
  const points = new Map<string, number>(
    template.json().data.points.map((p: { id: number; name: string }) => [p.name, p.id]),
  );
  const sn = newSn();
  const deviceId = await buildDevice(owner, {
    sn,
    commPassword: 'secret12',
    templateId: template.json().data.id,
    queryInterval: 3600,
    ...device,
  });
  const point = (name: string) => points.get(name) as number;
  return { templateId: template.json().data.id as number, deviceId, sn, point };
}

/** A task body: every minute from `startAt`, writing `value` to the point. */
export function everyMinute(deviceId: number, pointId: number, startAt: number, change: Record<string, unknown> = {}) {
  return {
    name: 'Night set point',
    schedule: { kind: 'interval', every: 1, unit: 'minutes' },
    startAt,
    endAt: null,
    targets: [{ deviceId, pointId, value: 22.5 }],
    ...change,
  };
}

export function countTasks(t: TestApp) {
  return t.db.kysely
    .selectFrom('timed_tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}
