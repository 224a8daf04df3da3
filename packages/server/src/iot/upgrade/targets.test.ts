import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { filesEnv } from '../../../test/files.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount } from '../devices/testing.ts';
import { sampleTemplate } from '../templates/testing.ts';
import { recordReport } from './repository.ts';
import { MODEL, SERIES, uploadFirmware } from './testing.ts';

let t: TestApp;
let files: Awaited<ReturnType<typeof filesEnv>>;
let owner: Caller;

beforeAll(async () => {
  files = await filesEnv('LOCAL');
  t = await buildTestApp(files.env);
  owner = await mainAccount(t);
});
afterAll(async () => {
  await t.close();
  await files.close();
});

/** A device of the owner in `group`, which reported `model` of M100 (or nothing). */
async function device(
  name: string,
  group: { templateId?: number; projectId?: number },
  protocol: string,
  model: string | null,
): Promise<number> {
  const id = await buildDevice(owner, { name, protocol });
  await t.db.kysely
    .updateTable('devices')
    .set({ template_id: group.templateId ?? null, project_id: group.projectId ?? null })
    .where('id', '=', id)
    .execute();
  if (model) await recordReport(t.db.kysely, id, { series: SERIES, model, version: '1.0.0' }, Date.now());
  return id;
}

function start(body: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/iot/upgrades',
    headers: { ...as(owner.token), 'accept-language': lang },
    payload: { waveSize: 5, failPercent: 50, ...body },
  });
}

describe('upgrading the devices of a template or a project', () => {
  it('takes the devices of the firmware’s series and model in a template and says which it left out and why', async () => {
    const firmwareId = await uploadFirmware(t, owner, '2.0.0', 3000);
    const template = await owner.post('/iot/templates', sampleTemplate('Meters'));
    expect(template.statusCode, template.body).toBe(200);
    const templateId = template.json().data.id as number;
    const other = (await owner.post('/iot/templates', sampleTemplate('Pumps'))).json().data.id as number;
    const dtu = await device('Meter DTU', { templateId }, 'modbusRtu', MODEL);
    const mqtt = await device('Meter MQTT', { templateId }, 'mqttJson', MODEL);
    const wrong = await device('Old meter', { templateId }, 'modbusTcp', 'M200-B');
    const silent = await device('Silent meter', { templateId }, 'modbusRtu', null);
    const http = await device('NB meter', { templateId }, 'httpJson', MODEL);
    const busy = await device('Busy meter', { templateId }, 'modbusRtu', MODEL);
    await device('Pump', { templateId: other }, 'modbusRtu', MODEL);
    expect((await start({ firmwareId, deviceIds: [busy] })).statusCode).toBe(200);

    const res = await start({ firmwareId, target: 'template', templateId });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().data;
    const devices = (await owner.get(`/iot/upgrades/${job.id}/devices`)).json().data.list as Array<{
      deviceId: number;
    }>;
    expect(devices.map((d) => d.deviceId)).toEqual([dtu, mqtt]);
    expect(job.counts).toEqual({ pending: 2, upgrading: 0, success: 0, failed: 0 });
    expect(job.leftOut.map((l: { deviceId: number; name: string; reason: string }) => [l.name, l.reason])).toEqual([
      ['Old meter', 'Is a M100 M200-B'],
      ['Silent meter', 'Has not reported its series and model yet'],
      ['NB meter', 'Connects in a way that cannot take firmware'],
      ['Busy meter', 'Already in another upgrade job'],
    ]);
    expect(job.leftOut.map((l: { deviceId: number }) => l.deviceId)).toEqual([wrong, silent, http, busy]);
  });

  it('refuses a project none of whose devices can take the firmware, and a pick without its template', async () => {
    const firmwareId = await uploadFirmware(t, owner, '2.1.0', 3000);
    const project = await owner.post('/iot/projects', { name: 'Old station' });
    expect(project.statusCode, project.body).toBe(200);
    const projectId = project.json().data.id as number;
    await device('Old meter', { projectId }, 'modbusRtu', 'M200-B');
    const none = await start({ firmwareId, target: 'project', projectId }, 'zh-CN');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('所选的 1 台设备中没有可升级到此固件的设备');
    const taken = await device('New meter', { projectId }, 'modbusRtu', MODEL);
    const ok = await start({ firmwareId, target: 'project', projectId });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.leftOut).toHaveLength(1);
    expect(ok.json().data.counts.pending).toBe(1);
    expect((await owner.get(`/iot/upgrades/${ok.json().data.id}/devices`)).json().data.list[0].deviceId).toBe(taken);
    const missing = await start({ firmwareId, target: 'template' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data).toEqual([{ field: 'templateId', msg: 'Choose a template' }]);
  });
});
