import { CampusBox, TINY_PNG } from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { type StandInNvr, startStandInNvr } from '../../platform/video/nvr-testing.ts';
import { restreamerOf } from '../../platform/video/restream.ts';
import { startNotAStream, startTestCamera, type TestCamera } from '../../platform/video/testing.ts';
import type { AssessmentWorld } from '../assessments/testing.ts';
import { CAMPUS_VIDEO, hikTime } from './playback.ts';
import { listeningCampusWorld } from './testing.ts';

let t: TestApp;
let w: AssessmentWorld;
let url: string;
let source: TestCamera;

beforeAll(async () => {
  ({ t, w, url } = await listeningCampusWorld());
  source = await startTestCamera();
}, 90_000);
afterAll(async () => {
  await source.stop();
  await t.close();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A device of the first school, added by its administrator. */
async function device(name: string, streamUrl = '', kind: 'camera' | 'terminal' = 'camera', recorderUrl = '') {
  const res = await w.schoolAdmin.post('/apis-psychology/equipment/add', {
    schoolId: w.orgs.school.id,
    kind,
    name,
    location: `${name} corridor`,
    streamUrl,
    recorderUrl,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    deviceKey: string;
    secret: string;
    streamUrl: string | null;
    recorderUrl: string | null;
  };
}

const playbackAudits = async (deviceId: number) =>
  (
    await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'result', 'user_id'])
      .where('target_type', '=', 'campus_device')
      .where('target_id', '=', String(deviceId))
      .where('action', 'like', 'campusPlayback.%')
      .orderBy('id')
      .execute()
  ).map((r) => ({ action: r.action, result: r.result, userId: Number(r.user_id) }));

describe('a campus camera’s stream address', () => {
  it('is shown with its password masked, kept when an edit sends it back as shown, and refused when not a stream', async () => {
    const stored = 'rtsp://admin:s3cret@192.168.1.64:554/Streaming/Channels/101';
    const cam = await device('Hall', stored);
    const shown = 'rtsp://admin:***@192.168.1.64:554/Streaming/Channels/101';
    expect(cam.streamUrl).toBe(shown);
    const list = await w.schoolAdmin.get('/apis-psychology/equipment/list');
    expect(list.body).not.toContain('s3cret');
    const edit = await w.schoolAdmin.post(`/apis-psychology/equipment/edit/${cam.id}`, {
      kind: 'camera',
      name: 'Hall east',
      location: 'Hall',
      streamUrl: shown,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const row = await t.db.kysely
      .selectFrom('campus_devices')
      .select('stream_url')
      .where('id', '=', cam.id)
      .executeTakeFirstOrThrow();
    expect(row.stream_url).toBe(stored);
    const bad = await w.schoolAdmin.post(`/apis-psychology/equipment/edit/${cam.id}`, {
      kind: 'camera',
      name: 'Hall east',
      location: 'Hall',
      streamUrl: 'http://192.168.1.64/index.html',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual([
      {
        field: 'streamUrl',
        msg: 'The stream address must be rtsp://…, an HLS address ending in .m3u8 or an HTTP-FLV address ending in .flv (at most 500 characters), or empty',
      },
    ]);
  });
});

describe('video playback start and stop', () => {
  it('plays a fight’s camera for two viewers with one ffmpeg, stops with the last, and audits each', async () => {
    const cam = await device('Stairwell', source.url);
    const box = new CampusBox({
      baseUrl: url,
      lang: 'en',
      deviceKey: cam.deviceKey,
      secret: cam.secret,
      schoolId: w.orgs.school.id,
    });
    const at = Date.now() - 60_000;
    const reported = await box.report({ type: 'fight', occurredAt: at, snapshot: TINY_PNG });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const alertId = (reported.body.data as { alertId: number }).alertId;

    // The cameras one may pick: those with a stream address.
    const cameras = await w.psychologyTeacher.get('/apis-psychology/video/cameras');
    expect(cameras.statusCode, cameras.body).toBe(200);
    expect(cameras.json().data).toContainEqual(
      expect.objectContaining({ id: cam.id, name: 'Stairwell', schoolName: 'First School' }),
    );

    const first = await w.psychologyTeacher.post('/apis-psychology/video/playback/start', { alertId });
    expect(first.statusCode, first.body).toBe(200);
    const one = first.json().data;
    expect(one).toMatchObject({
      deviceId: cam.id,
      deviceName: 'Stairwell',
      schoolName: 'First School',
      mode: 'live',
      playlist: `/api/apis-psychology/video/playback/${cam.id}/index.m3u8`,
      alert: { id: alertId, type: 'fight', occurredAt: at },
    });
    expect(one.alert.snapshot).toEqual(expect.any(String));

    const playlist = await w.psychologyTeacher.get(`/apis-psychology/video/playback/${cam.id}/index.m3u8`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts'));
    const ts = await w.psychologyTeacher.get(`/apis-psychology/video/playback/${cam.id}/${segment}`);
    expect(ts.statusCode).toBe(200);
    expect(ts.rawPayload[0]).toBe(0x47);
    // Another school's staff may not read it.
    expect((await w.otherSchoolAdmin.get(`/apis-psychology/video/playback/${cam.id}/index.m3u8`)).statusCode).toBe(404);

    const second = await w.schoolAdmin.post('/apis-psychology/video/playback/start', { deviceId: cam.id });
    expect(second.statusCode, second.body).toBe(200);
    const two = second.json().data;
    expect(two.alert).toBeNull();
    expect(two.playbackId).not.toBe(one.playbackId);
    const restreamer = restreamerOf(t.db.kysely, CAMPUS_VIDEO);
    const running = restreamer.running().filter((r) => r.cameraId === cam.id);
    expect(running).toHaveLength(1);
    const pid = running[0]?.pid ?? 0;
    // Device Cloud's restreamer knows nothing of campus cameras.
    expect(restreamerOf(t.db.kysely).running()).toEqual([]);

    const stop1 = await w.psychologyTeacher.post('/apis-psychology/video/playback/stop', {
      deviceId: cam.id,
      playbackId: one.playbackId,
    });
    expect(stop1.json().data).toEqual({ streamStopped: false });
    expect(alive(pid)).toBe(true);
    const stop2 = await w.schoolAdmin.post('/apis-psychology/video/playback/stop', {
      deviceId: cam.id,
      playbackId: two.playbackId,
    });
    expect(stop2.json().data).toEqual({ streamStopped: true });
    expect(alive(pid)).toBe(false);
    const after = await w.psychologyTeacher.get(`/apis-psychology/video/playback/${cam.id}/index.m3u8`);
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe('The camera is not being played now; open the view again');

    expect(await playbackAudits(cam.id)).toEqual([
      { action: 'campusPlayback.start', result: 'ok', userId: w.psychologyTeacher.user.id },
      { action: 'campusPlayback.start', result: 'ok', userId: w.schoolAdmin.user.id },
      { action: 'campusPlayback.stop', result: 'ok', userId: w.psychologyTeacher.user.id },
      { action: 'campusPlayback.stop', result: 'ok', userId: w.schoolAdmin.user.id },
    ]);
  });

  it('says in words why a camera cannot be played, and audits the refusal', async () => {
    const start = (caller: typeof w.schoolAdmin, body: object) =>
      caller.post('/apis-psychology/video/playback/start', body);

    const bare = await device('Library');
    const noStream = await start(w.psychologyTeacher, { deviceId: bare.id });
    expect(noStream.statusCode).toBe(400);
    expect(noStream.json().message).toBe(
      'The camera “Library” has no stream address; add one under campus equipment to play it',
    );
    expect(await playbackAudits(bare.id)).toEqual([
      { action: 'campusPlayback.start', result: 'fail', userId: w.psychologyTeacher.user.id },
    ]);

    const terminal = await device('Kiosk', '', 'terminal');
    expect((await start(w.psychologyTeacher, { deviceId: terminal.id })).json().message).toBe(
      '“Kiosk” is a terminal, not a camera: it has no video to play',
    );

    const page = await startNotAStream();
    // With a password in its address: ffmpeg's reason names the address, the viewer never reads the password.
    const router = await device('Router', page.url.replace('http://', 'http://admin:s3cret@'));
    const failed = await start(w.psychologyTeacher, { deviceId: router.id });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/^The camera’s stream cannot be played: .*Invalid data found/);
    expect(failed.json().message).toContain('admin:***@127.0.0.1');
    expect(failed.body).not.toContain('s3cret');
    await page.stop();

    const foreign = await start(w.otherSchoolAdmin, { deviceId: bare.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('This camera does not exist or belongs to a school you may not see');
    expect((await w.otherSchoolAdmin.get('/apis-psychology/video/cameras')).json().data).not.toContainEqual(
      expect.objectContaining({ id: router.id }),
    );

    const neither = await start(w.psychologyTeacher, {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().data).toEqual([
      { field: 'body', msg: 'Choose a camera, or open the playback from a security warning' },
    ]);

    // Only the roles that handle security warnings play video.
    expect((await start(w.classTeacher, { deviceId: bare.id })).statusCode).toBe(403);
  });
});

describe('recorded playback around an event (decision 0147)', () => {
  let nvr: StandInNvr;
  const hour = 3_600_000;
  // The recorder holds the hour that ended an hour ago.
  const held = { from: Date.now() - 2 * hour, to: Date.now() - hour };
  beforeAll(async () => {
    nvr = await startStandInNvr(held);
  });
  afterAll(async () => {
    await nvr.stop();
  });

  it('plays the recorder from 30 s before a fight to 60 s after, through the restreamer, and stops it', async () => {
    const cam = await device('Gate', '', 'camera', nvr.url);
    expect(cam.recorderUrl).toBe(nvr.url.replace('nvr-pass', '***'));
    const cameras = await w.psychologyTeacher.get('/apis-psychology/video/cameras');
    expect(cameras.json().data).toContainEqual(
      expect.objectContaining({ id: cam.id, name: 'Gate', live: false, recorded: true }),
    );
    const box = new CampusBox({
      baseUrl: url,
      lang: 'en',
      deviceKey: cam.deviceKey,
      secret: cam.secret,
      schoolId: w.orgs.school.id,
    });
    const at = Date.UTC(2026, 0, 1) + Math.floor((held.from + 30 * 60_000 - Date.UTC(2026, 0, 1)) / 1000) * 1000 + 400;
    const reported = await box.report({ type: 'fight', occurredAt: at, snapshot: TINY_PNG });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const alertId = (reported.body.data as { alertId: number }).alertId;
    // The alert says what its camera offers to play.
    const detail = await w.psychologyTeacher.get(`/apis-psychology/securityWarning/${alertId}`);
    expect(detail.json().data.video).toEqual({ live: false, recorded: true });

    const started = await w.psychologyTeacher.post('/apis-psychology/video/playback/start', {
      alertId,
      mode: 'recorded',
    });
    expect(started.statusCode, started.body).toBe(200);
    const play = started.json().data;
    const from = at - 400 - 30_000;
    expect(play).toMatchObject({
      deviceId: cam.id,
      mode: 'recorded',
      range: { from, to: from + 90_000 },
      playlist: `/api/apis-psychology/video/recording/${cam.id}/${from}/index.m3u8`,
      alert: { id: alertId, type: 'fight', occurredAt: at },
    });
    // The recorder was asked in its own form, in UTC.
    expect(nvr.asked.at(-1)).toBe(
      `${nvr.url.replace('admin:nvr-pass@', '')}?starttime=${hikTime(from)}&endtime=${hikTime(from + 90_000)}`,
    );
    expect(hikTime(Date.UTC(2026, 10, 29, 8, 5, 9))).toBe('20261129T080509Z');

    const playlist = await w.psychologyTeacher.get(`/apis-psychology/video/recording/${cam.id}/${from}/index.m3u8`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts'));
    const ts = await w.psychologyTeacher.get(`/apis-psychology/video/recording/${cam.id}/${from}/${segment}`);
    expect(ts.statusCode).toBe(200);
    expect(ts.rawPayload[0]).toBe(0x47);
    expect(
      (await w.otherSchoolAdmin.get(`/apis-psychology/video/recording/${cam.id}/${from}/index.m3u8`)).statusCode,
    ).toBe(404);

    // The live picture of a camera with only a recorder is refused in words.
    const live = await w.psychologyTeacher.post('/apis-psychology/video/playback/start', { alertId });
    expect(live.json().message).toBe(
      'The camera “Gate” has no stream address; add one under campus equipment to play it',
    );

    const stop = await w.psychologyTeacher.post('/apis-psychology/video/playback/stop', {
      deviceId: cam.id,
      playbackId: play.playbackId,
      from,
    });
    expect(stop.json().data).toEqual({ streamStopped: true });
    expect(
      restreamerOf(t.db.kysely, CAMPUS_VIDEO)
        .running()
        .filter((r) => r.cameraId === `${cam.id}-${from / 1000}`),
    ).toEqual([]);
    expect(await playbackAudits(cam.id)).toEqual([
      { action: 'campusPlayback.start', result: 'ok', userId: w.psychologyTeacher.user.id },
      { action: 'campusPlayback.start', result: 'fail', userId: w.psychologyTeacher.user.id },
      { action: 'campusPlayback.stop', result: 'ok', userId: w.psychologyTeacher.user.id },
    ]);
  });

  it('says in words when the recorder holds nothing of the range, or the camera has no recorder', async () => {
    const cam = await device('Roof', '', 'camera', nvr.url);
    const at = Date.UTC(2026, 0, 1) + Math.floor((held.to + 20 * 60_000 - Date.UTC(2026, 0, 1)) / 1000) * 1000;
    const refused = await w.psychologyTeacher.post('/apis-psychology/video/playback/start', {
      deviceId: cam.id,
      mode: 'recorded',
      at,
    });
    expect(refused.statusCode, refused.body).toBe(404);
    const clock = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(refused.json().message).toBe(
      `The recorder holds no recording of “Roof” from ${clock(at - 30_000)} to ${clock(at + 60_000)} (Beijing time)`,
    );
    expect(refused.body).not.toContain('nvr-pass');
    expect(await playbackAudits(cam.id)).toEqual([
      { action: 'campusPlayback.start', result: 'fail', userId: w.psychologyTeacher.user.id },
    ]);

    const plain = await device('Canteen', source.url);
    const noRecorder = await w.psychologyTeacher.post('/apis-psychology/video/playback/start', {
      deviceId: plain.id,
      mode: 'recorded',
      at,
    });
    expect(noRecorder.statusCode).toBe(400);
    expect(noRecorder.json().message).toBe('The camera “Canteen” has no recorder: only its live picture can be played');

    const noTime = await w.psychologyTeacher.post('/apis-psychology/video/playback/start', {
      deviceId: cam.id,
      mode: 'recorded',
    });
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().data).toEqual([
      { field: 'body', msg: 'A recording needs an alert or a time to play around; the live picture takes no time' },
    ]);

    const badRecorder = await w.schoolAdmin.post(`/apis-psychology/equipment/edit/${cam.id}`, {
      kind: 'camera',
      name: 'Roof',
      location: 'Roof',
      recorderUrl: `${nvr.url}?starttime=20260101T000000Z`,
    });
    expect(badRecorder.statusCode).toBe(400);
    expect(badRecorder.json().data[0].field).toBe('recorderUrl');
    // An edit sending the masked address back keeps the stored one.
    const kept = await w.schoolAdmin.post(`/apis-psychology/equipment/edit/${cam.id}`, {
      kind: 'camera',
      name: 'Roof',
      location: 'Roof',
      recorderUrl: nvr.url.replace('nvr-pass', '***'),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const row = await t.db.kysely
      .selectFrom('campus_devices')
      .select('recorder_url')
      .where('id', '=', cam.id)
      .executeTakeFirstOrThrow();
    expect(row.recorder_url).toBe(nvr.url);
  });
});
