import { CampusBox } from '@meridian/simulator';
import { expect } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { buildAssessmentWorld } from '../assessments/testing.ts';

/** A listening app with an assessment world, and a simulated campus AI box behind one camera of its school. */
export async function campusBoxWorld(camera: { name: string; location: string }) {
  const t = await buildTestApp();
  const w = await buildAssessmentWorld(t);
  const url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const res = await w.schoolAdmin.post('/apis-psychology/equipment/add', {
    schoolId: w.orgs.school.id,
    kind: 'camera',
    ...camera,
  });
  expect(res.statusCode, res.body).toBe(200);
  const device = res.json().data as { deviceKey: string; secret: string };
  const box = new CampusBox({ baseUrl: url, lang: 'en', deviceKey: device.deviceKey, secret: device.secret });
  return { t, w, box };
}
