import { CampusBox, TINY_PNG } from '@meridian/simulator';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { isSealed, secretBoxOf } from '../../platform/secrets/box.ts';
import type { AssessmentWorld } from '../assessments/testing.ts';
import { sealPlainSecrets } from './devices.ts';
import { addCampusCamera, listeningCampusWorld } from './testing.ts';

let t: TestApp;
let w: AssessmentWorld;
let url: string;

beforeAll(async () => {
  ({ t, w, url } = await listeningCampusWorld());
}, 90_000);
afterAll(() => t.close());

/** A camera added by the school administrator, and a box holding its key and secret. */
const camera = (location = 'East stairwell, floor 3') =>
  addCampusCamera(w, url, { name: `Camera ${location}`, location }, { schoolId: w.orgs.school.id });

const count = async (table: 'campus_alerts' | 'files') =>
  Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('campus equipment', () => {
  it('shows a new device’s secret once, and its online state from its heartbeat', async () => {
    const { device, box } = await camera('Gate');
    const listed = async () => {
      const res = await w.schoolAdmin.get('/apis-psychology/equipment/list');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.list as Array<Record<string, unknown>>).find((d) => d.id === device.id);
    };
    const before = await listed();
    expect(before).toMatchObject({
      location: 'Gate',
      online: false,
      lastSeenAt: null,
      schoolName: 'First School',
    });
    expect(before).not.toHaveProperty('secret');
    const hb = await box.heartbeat();
    expect(hb.status).toBe(200);
    expect(await listed()).toMatchObject({ online: true });
    // Another school's administrator neither sees it nor may add one to this school.
    const other = await w.otherSchoolAdmin.get('/apis-psychology/equipment/list');
    expect((other.json().data.list as Array<{ id: number }>).some((d) => d.id === device.id)).toBe(false);
    const refused = await w.otherSchoolAdmin.post('/apis-psychology/equipment/add', {
      schoolId: w.orgs.school.id,
      kind: 'terminal',
      name: 'Not mine',
      location: 'Hall',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Choose a school you manage');
  });
});

describe('device secrets at rest', () => {
  const secretOf = async (id: number) =>
    (await t.db.kysely.selectFrom('campus_devices').select('secret').where('id', '=', id).executeTakeFirstOrThrow())
      .secret;

  it('keeps a device’s secret sealed in its row, and the device still signs with it', async () => {
    const { device, box } = await camera('Science block');
    const stored = await secretOf(device.id);
    expect(isSealed(stored)).toBe(true);
    expect(stored).not.toContain(device.secret);
    expect((await box.heartbeat()).status).toBe(200);
    // The sealed secret is bound to its row: copied into another device's row, it does not open there.
    const { device: other, box: otherBox } = await camera('Art room');
    await t.db.kysely.updateTable('campus_devices').set({ secret: stored }).where('id', '=', other.id).execute();
    expect((await otherBox.heartbeat()).status).toBe(401);
    expect(t.logs.some((l) => l.msg === 'a campus device secret could not be opened with the secrets key')).toBe(true);
  });

  it('seals the secrets stored plain before, on start, and the device goes on signing', async () => {
    const { device, box } = await camera('Old gate');
    await t.db.kysely
      .updateTable('campus_devices')
      .set({ secret: device.secret })
      .where('id', '=', device.id)
      .execute();
    expect((await box.heartbeat()).status).toBe(200);
    expect(
      await sealPlainSecrets({ config: t.app.config, db: t.db, log: pino({ level: 'silent' }) }),
    ).toBeGreaterThanOrEqual(1);
    const stored = await secretOf(device.id);
    expect(isSealed(stored)).toBe(true);
    expect(secretBoxOf(t.app.config).open(stored, `campus_devices.secret:${device.deviceKey}`)).toBe(device.secret);
    expect((await box.heartbeat()).status).toBe(200);
    expect(await sealPlainSecrets({ config: t.app.config, db: t.db, log: pino({ level: 'silent' }) })).toBe(0);
  });
});

describe('signed campus events', () => {
  it('forgets a device’s nonces once the timestamp window has passed them, and still refuses a fresh replay', async () => {
    const { device, box } = await camera('Bike shed');
    const long = Date.now() - 11 * 60_000;
    await t.db.kysely
      .insertInto('campus_nonces')
      .values([
        { device_id: device.id, nonce: 'old-1', at: long },
        { device_id: device.id, nonce: 'recent-1', at: Date.now() - 60_000 },
      ])
      .execute();
    const signed = box.sign('/api/apis-psychology/campus/device/heartbeat', '{}');
    expect((await box.send(signed)).status).toBe(200);
    const nonces = await t.db.kysely
      .selectFrom('campus_nonces')
      .select('nonce')
      .where('device_id', '=', device.id)
      .orderBy('nonce')
      .execute();
    expect(nonces.map((n) => n.nonce)).toEqual([signed.headers['x-nonce'], 'recent-1'].sort());
    expect((await box.send(signed)).status).toBe(409);
  });

  it('stores a reported fight with its snapshot once, whatever the retries', async () => {
    const { box } = await camera();
    const first = await box.report({ type: 'fight', eventId: 'evt-1', snapshot: TINY_PNG });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await box.report({ type: 'fight', eventId: 'evt-1', snapshot: TINY_PNG });
    expect(again.body.data).toEqual({ alertId: (first.body.data as { alertId: number }).alertId, duplicate: true });
    const list = await w.psychologyTeacher.get('/apis-psychology/securityWarning/list?type=fight');
    const alerts = list.json().data.list as Array<Record<string, unknown>>;
    const mine = alerts.filter((a) => a.location === 'East stairwell, floor 3');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: 'fight', state: 'new', schoolName: 'First School' });
    // The snapshot reads through the file service for the school's staff, not for another school's.
    const path = mine[0]?.snapshot as string;
    expect(path).toMatch(/^image\/\d{6}\/[0-9a-f]{32}\.png$/);
    const seen = await w.psychologyTeacher.post('/apis-third/file/listByPath', { paths: [path], channel: 'OSS_MINIO' });
    expect(seen.json().data, seen.body).toHaveLength(1);
    const hidden = await w.otherSchoolAdmin.post('/apis-third/file/listByPath', {
      paths: [path],
      channel: 'OSS_MINIO',
    });
    expect(hidden.json().data).toHaveLength(0);
  });

  it('stores one alert and one snapshot when a box sends the same event twice at once', async () => {
    const { box } = await camera('Library');
    const files = await count('files');
    const [a, b] = await Promise.all([
      box.report({ type: 'intrusion', eventId: 'evt-race', snapshot: TINY_PNG }),
      box.report({ type: 'intrusion', eventId: 'evt-race', snapshot: TINY_PNG }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const ids = [a, b].map((r) => (r.body.data as { alertId: number }).alertId);
    expect(ids[0]).toBe(ids[1]);
    const rows = await t.db.kysely
      .selectFrom('campus_alerts')
      .select('id')
      .where('event_id', '=', 'evt-race')
      .execute();
    expect(rows).toHaveLength(1);
    expect(await count('files')).toBe(files + 1);
  });

  it('stores the events of cameras reporting together each once, and refuses only the replay among them', async () => {
    const cameras = await Promise.all(['Gym', 'Canteen', 'Gate'].map((place) => camera(place)));
    const files = await count('files');
    const eventIds = ['evt-together-0', 'evt-together-1', 'evt-together-2'];
    const sends = cameras.map(({ box }, i) => ({
      box,
      request: box.eventRequest({ type: 'crowding', eventId: `evt-together-${i}`, snapshot: TINY_PNG }),
    }));
    // Every camera's event, and the first camera's very request a second time (a replay), at once.
    const answers = await Promise.all([...sends, ...sends.slice(0, 1)].map(({ box, request }) => box.send(request)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.slice(1, 3)).toEqual([200, 200]);
    expect([statuses[0], statuses[3]].sort()).toEqual([200, 409]);
    const rows = await t.db.kysely
      .selectFrom('campus_alerts')
      .select(['id', 'event_id'])
      .where('event_id', 'in', eventIds)
      .orderBy('event_id')
      .execute();
    expect(rows.map((r) => r.event_id)).toEqual(eventIds);
    const ids = answers.filter((a) => a.status === 200).map((a) => (a.body.data as { alertId: number }).alertId);
    expect(ids.sort()).toEqual(rows.map((r) => Number(r.id)).sort());
    // One snapshot each: the replay's bytes were not kept.
    expect(await count('files')).toBe(files + 3);
  });

  it('refuses unsigned, forged, replayed, stale, unknown, misplaced and bad-snapshot events, storing nothing', async () => {
    const { box, device } = await camera('Rooftop door');
    const alerts = await count('campus_alerts');
    const files = await count('files');
    const signed = box.eventRequest({ type: 'climbing' });
    const refusals: Array<[string, Promise<{ status: number; body: { message: string } }>]> = [];
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${url}/api/apis-psychology/campus/device/event`, {
        method: 'POST',
        headers: { ...headers, 'accept-language': 'en' },
        body,
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { message: string },
      }));
    refusals.push(['unsigned', post({ 'content-type': 'application/json' }, signed.body)]);
    refusals.push(['forged', post(signed.headers, signed.body.replace('climbing', 'intrusion')).then((r) => r)]);
    const answers = await Promise.all(refusals.map(([, p]) => p));
    expect(answers[0]).toMatchObject({ status: 401, body: { message: expect.stringContaining('not signed') } });
    expect(answers[1]).toMatchObject({ status: 401, body: { message: expect.stringContaining('signature is wrong') } });

    const once = await box.send(signed);
    expect(once.status).toBe(200);
    const replay = await box.send(signed);
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe('Replayed request (nonce already used): refused');

    const stale = new CampusBox({
      baseUrl: url,
      lang: 'en',
      deviceKey: device.deviceKey,
      secret: device.secret,
      now: () => Date.now() - 3_600_000,
    });
    expect((await stale.report({ type: 'fall' })).body.message).toBe(
      'The timestamp is outside the allowed window: set the device clock',
    );
    const unknown = new CampusBox({ baseUrl: url, lang: 'en', deviceKey: 'cd_nobody', secret: device.secret });
    expect((await unknown.report({ type: 'fall' })).body.message).toBe('Unknown device key');
    const misplaced = new CampusBox({
      ...{ baseUrl: url, lang: 'en', deviceKey: device.deviceKey, secret: device.secret },
      schoolId: w.orgs.otherSchool.id,
    });
    const wrongSchool = await misplaced.report({ type: 'fall' });
    expect(wrongSchool.status).toBe(403);
    expect(wrongSchool.body.message).toBe('This device belongs to another school; the event was not stored');

    const big = Buffer.concat([TINY_PNG, Buffer.alloc(600 * 1024)]);
    const oversized = await box.report({ type: 'fall', snapshot: big });
    expect(oversized.status).toBe(413);
    expect(oversized.body.message).toContain('too large');
    const notImage = await box.report({ type: 'fall', snapshot: Buffer.from('%PDF-1.4 not a picture') });
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe('The snapshot must be a JPG or PNG image; the event was not stored');

    // Only the one properly signed event was stored, and no snapshot of a refused one.
    expect(await count('campus_alerts')).toBe(alerts + 1);
    expect(await count('files')).toBe(files);
    const reasons = t.logs.filter((l) => l.msg === 'a campus device request was refused').map((l) => l.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'campus.unsigned',
        'campus.badSignature',
        'campus.replay',
        'campus.staleTimestamp',
        'campus.unknownDevice',
      ]),
    );
  });
});

describe('equipment edits', () => {
  it('renames and moves a device, keeping its key; another school cannot', async () => {
    const { device, box } = await camera('Hall A');
    const edited = await w.schoolAdmin.post(`/apis-psychology/equipment/edit/${device.id}`, {
      kind: 'terminal',
      name: 'Hall terminal',
      location: 'Hall B',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ kind: 'terminal', name: 'Hall terminal', location: 'Hall B' });
    expect(edited.json().data.deviceKey).toBe(device.deviceKey);
    expect((await box.heartbeat()).status).toBe(200);
    const blank = await w.schoolAdmin.post(`/apis-psychology/equipment/edit/${device.id}`, {
      kind: 'camera',
      name: ' ',
      location: 'Hall B',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Device name: 1-50 characters');
    const foreign = await w.otherSchoolAdmin.post(`/apis-psychology/equipment/edit/${device.id}`, {
      kind: 'camera',
      name: 'Mine now',
      location: 'Elsewhere',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('deletes a device: its key stops working at once', async () => {
    const { device, box } = await camera('Old lab');
    expect((await w.otherSchoolAdmin.post(`/apis-psychology/equipment/delete/${device.id}`)).statusCode).toBe(404);
    const removed = await w.schoolAdmin.post(`/apis-psychology/equipment/delete/${device.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const refused = await box.heartbeat();
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Unknown device key');
  });
});

describe('behaviour alerts', () => {
  it('is acknowledged, handed over, solved by the other person, each step on its timeline', async () => {
    const { box } = await camera('Playground');
    const reported = await box.report({ type: 'fight', snapshot: TINY_PNG });
    const id = (reported.body.data as { alertId: number }).alertId;
    const handle = (by: typeof w.schoolAdmin, body: unknown) =>
      by.post(`/apis-psychology/securityWarning/${id}/handle`, body);

    expect((await handle(w.schoolAdmin, { action: 'acknowledge' })).json().data.state).toBe('acknowledged');
    const handlers = await w.schoolAdmin.get(`/apis-psychology/securityWarning/${id}/handlers`);
    const handlerIds = (handlers.json().data as Array<{ userId: number }>).map((h) => h.userId);
    expect(handlerIds).toContain(w.psychologyTeacher.user.id);
    expect(handlerIds).not.toContain(w.otherSchoolAdmin.user.id);
    const outsider = await handle(w.schoolAdmin, { action: 'handOver', toUserId: w.otherSchoolAdmin.user.id });
    expect(outsider.statusCode).toBe(400);
    const handed = await handle(w.schoolAdmin, {
      action: 'handOver',
      toUserId: w.psychologyTeacher.user.id,
      note: 'Please talk to both students',
    });
    expect(handed.json().data).toMatchObject({ state: 'handedOver', holderId: w.psychologyTeacher.user.id });
    const notMine = await handle(w.schoolAdmin, { action: 'solve', result: 'Done' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe('This alert has been handed over to someone else');
    const solved = await handle(w.psychologyTeacher, { action: 'solve', result: 'Talked to both; parents informed' });
    expect(solved.statusCode, solved.body).toBe(200);
    expect((await handle(w.psychologyTeacher, { action: 'falseAlarm' })).statusCode).toBe(409);

    const detail = await w.schoolAdmin.get(`/apis-psychology/securityWarning/${id}`);
    const timeline = detail.json().data.timeline as Array<Record<string, unknown>>;
    expect(timeline.map((s) => s.action)).toEqual(['report', 'acknowledge', 'handOver', 'solve']);
    expect(timeline[2]).toMatchObject({
      byName: `Nick ${w.schoolAdmin.user.account}`,
      toName: `Nick ${w.psychologyTeacher.user.account}`,
    });
    expect(timeline[3]).toMatchObject({
      byName: `Nick ${w.psychologyTeacher.user.account}`,
      result: 'Talked to both; parents informed',
    });

    // Another school sees none of it; the class teacher holds no behaviour alerts.
    expect((await w.otherSchoolAdmin.get(`/apis-psychology/securityWarning/${id}`)).statusCode).toBe(404);
    expect((await w.classTeacher.get('/apis-psychology/securityWarning/list')).statusCode).toBe(403);
  });

  it('counts alerts by type and day, and marks a false alarm', async () => {
    const { box } = await camera('Canteen');
    const at = Date.UTC(2026, 10, 20, 2, 0, 0); // 10:00 in Beijing, 20 November
    await box.report({ type: 'crowding', occurredAt: at });
    const r = await box.report({ type: 'crowding', occurredAt: at + 3_600_000 });
    const id = (r.body.data as { alertId: number }).alertId;
    const falseAlarm = await w.schoolAdmin.post(`/apis-psychology/securityWarning/${id}/handle`, {
      action: 'falseAlarm',
      result: 'Lunch queue',
    });
    expect(falseAlarm.json().data.state).toBe('falseAlarm');
    const stats = await w.schoolAdmin.get(
      `/apis-psychology/securityWarning/statistics?from=${at}&to=${at + 86_400_000}`,
    );
    const data = stats.json().data as { byType: Array<{ type: string; count: number }>; byDay: unknown[] };
    expect(data.byType.find((x) => x.type === 'crowding')?.count).toBe(2);
    expect(data.byDay).toEqual([{ day: '2026-11-20', count: 2 }]);
  });
});
