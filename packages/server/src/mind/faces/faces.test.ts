import { CampusBox, TINY_PNG } from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jobContextOf, type TestApp } from '../../../test/app.ts';
import { isSealed } from '../../platform/secrets/box.ts';
import { DAY } from '../../platform/time.ts';
import { type AssessmentWorld, buildAssessmentWorld } from '../assessments/testing.ts';
import { expiredFacesCleanup } from './cleanup.ts';

let t: TestApp;
let w: AssessmentWorld;
let url: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
}, 90_000);
afterAll(() => t.close());

const consent = () => ({
  givenBy: 'guardian' as const,
  name: 'Zhang Wei',
  date: Date.now() - DAY,
  basis: 'Guardian’s separate written consent (PIPL arts. 28, 29, 31) for campus safety at the gates',
});

const upload = (studentId: number, more: Record<string, unknown> = {}) =>
  w.schoolAdmin.post('/apis-psychology/faceUpload/add', {
    studentId,
    photo: TINY_PNG.toString('base64'),
    consent: consent(),
    retentionDays: 180,
    ...more,
  });

const search = (studentId: number, reason = 'Student missing after the 3rd lesson') =>
  w.schoolAdmin.get(
    `/apis-psychology/trajectoryQuery/search?studentId=${studentId}&from=${Date.now() - 2 * DAY}&to=${Date.now() + 60_000}&reason=${encodeURIComponent(reason)}`,
  );

const photoCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('face_photos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function camera(location: string) {
  const res = await w.schoolAdmin.post('/apis-psychology/equipment/add', {
    schoolId: w.orgs.school.id,
    kind: 'camera',
    name: `Camera ${location}`,
    location,
  });
  expect(res.statusCode, res.body).toBe(200);
  const device = res.json().data as { deviceKey: string; secret: string };
  return new CampusBox({ baseUrl: url, lang: 'en', deviceKey: device.deviceKey, secret: device.secret });
}

describe('whitelist faces and trajectory query', () => {
  it('is off by default: a search and an upload are refused, the refusal audited', async () => {
    const switches = await w.schoolAdmin.get('/apis-psychology/faceUpload/switch');
    expect(switches.json().data).toEqual([expect.objectContaining({ schoolId: w.orgs.school.id, enabled: false })]);
    const refused = await search(w.students.a1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/off for this school/);
    const up = await upload(w.students.a1);
    expect(up.statusCode).toBe(403);
    expect(await photoCount()).toBe(0);
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'faces.trajectory')
      .where('result', '=', 'fail')
      .execute();
    expect(audited).toHaveLength(1);
  });

  it('is turned on by the school administrator only, recording who and when', async () => {
    const teacher = await w.psychologyTeacher.post('/apis-psychology/faceUpload/switch', {
      schoolId: w.orgs.school.id,
      enabled: true,
    });
    expect(teacher.statusCode).toBe(403);
    const bureau = await w.bureauAdmin.post('/apis-psychology/faceUpload/switch', {
      schoolId: w.orgs.school.id,
      enabled: true,
    });
    expect(bureau.statusCode).toBe(403);
    expect(bureau.json().message).toBe('Only the school’s administrator may turn faces and trajectories on or off');
    const on = await w.schoolAdmin.post('/apis-psychology/faceUpload/switch', {
      schoolId: w.orgs.school.id,
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({
      enabled: true,
      changedBy: expect.any(String),
      changedAt: expect.any(Number),
    });
    // Another school's administrator cannot switch this school.
    const other = await w.otherSchoolAdmin.post('/apis-psychology/faceUpload/switch', {
      schoolId: w.orgs.school.id,
      enabled: false,
    });
    expect(other.statusCode).toBe(400);
  });

  it('refuses a face without consent or that is not an image, and stores nothing', async () => {
    const noConsent = await upload(w.students.a1, { consent: undefined });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toMatch(/^No consent and legal basis recorded, so nothing was stored/);
    const notImage = await upload(w.students.a1, { photo: Buffer.from('%PDF-1.4 not a face').toString('base64') });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe('The photo must be a JPG or PNG image');
    const tooBig = await upload(w.students.a1, {
      photo: Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024)]).toString('base64'),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().data).toEqual([{ field: 'photo', msg: 'The photo may be at most 1 MB' }]);
    expect(await photoCount()).toBe(0);
  });

  it('stores a consented face sealed; a camera’s sightings become the audited trajectory', async () => {
    const up = await upload(w.students.a1);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ studentName: '张三', consentBy: 'guardian', consentName: 'Zhang Wei' });
    const stored = await t.db.kysely.selectFrom('face_photos').selectAll().executeTakeFirstOrThrow();
    expect(isSealed(stored.sealed)).toBe(true);
    expect(stored.sealed).not.toContain(TINY_PNG.toString('base64'));

    const gate = await camera('Main gate');
    const stairs = await camera('East stairwell');
    const t0 = Date.now() - 3_600_000;
    expect((await gate.sighting({ studentId: w.students.a1, seenAt: t0, sightingId: 's-1' })).status).toBe(200);
    expect((await stairs.sighting({ studentId: w.students.a1, seenAt: t0 + 600_000, score: 0.93 })).status).toBe(200);
    // A retry stores nothing twice; a student without a face is refused.
    const retry = await gate.sighting({ studentId: w.students.a1, seenAt: t0, sightingId: 's-1' });
    expect(retry.body.data).toMatchObject({ duplicate: true });
    const stranger = await gate.sighting({ studentId: w.students.a2 });
    expect(stranger.status).toBe(422);

    const found = await search(w.students.a1, 'Parent reported the child missing at noon');
    expect(found.statusCode, found.body).toBe(200);
    const data = found.json().data;
    expect(data.points.map((p: { location: string }) => p.location)).toEqual(['Main gate', 'East stairwell']);
    expect(data.cameras).toHaveLength(2);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'faces.trajectory')
      .where('result', '=', 'ok')
      .executeTakeFirstOrThrow();
    expect(typeof audit.detail === 'string' ? audit.detail : JSON.stringify(audit.detail)).toContain(
      'Parent reported the child missing at noon',
    );
    expect(audit.target_id).toBe(String(w.students.a1));

    // Without a reason there is no search.
    const noReason = await search(w.students.a1, '');
    expect(noReason.statusCode).toBe(400);
  });

  it('does not let another school search this school’s student', async () => {
    const res = await w.otherSchoolAdmin.get(
      `/apis-psychology/trajectoryQuery/search?studentId=${w.students.a1}&from=${Date.now() - DAY}&to=${Date.now()}&reason=Curious%20about%20them`,
    );
    expect(res.statusCode).toBe(404);
  });

  it('deletes faces on request and at their retention end, with their sightings', async () => {
    const second = await upload(w.students.a2, { retentionDays: 1 });
    expect(second.statusCode, second.body).toBe(200);
    const list = await w.schoolAdmin.get('/apis-psychology/faceUpload/list');
    expect(list.json().data).toHaveLength(2);
    // The retention job, run a day and a bit later, deletes the one-day face only.
    const removed = await expiredFacesCleanup.run(t.db, Date.now() + DAY + 60_000, jobContextOf(t));
    expect(removed).toBe(1);
    const left = (await w.schoolAdmin.get('/apis-psychology/faceUpload/list')).json().data as Array<{ id: number }>;
    expect(left).toHaveLength(1);
    const first = left[0];
    if (!first) throw new Error('face missing');
    const del = await w.schoolAdmin.post(`/apis-psychology/faceUpload/delete/${first.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await photoCount()).toBe(0);
    const sightings = await t.db.kysely.selectFrom('face_sightings').selectAll().execute();
    expect(sightings).toHaveLength(0);
  });
});
