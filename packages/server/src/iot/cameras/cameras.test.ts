import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { IDLE_MS, restreamerOf } from '../../platform/video/restream.ts';
import { startNotAStream, startTestCamera, type TestCamera } from '../../platform/video/testing.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, buildProject, mainAccount, messageFor, subUser } from '../devices/testing.ts';

let t: TestApp;
let owner: Caller;
let other: Caller;
let camera: TestCamera;

const add = async (by: Caller, body: Record<string, unknown>) => {
  const res = await by.post('/iot/cameras', { name: 'Gate', streamUrl: 'rtsp://10.0.0.8:554/stream1', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; kind: string; devices: Array<{ id: number; name: string }> };
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  other = await mainAccount(t);
  camera = await startTestCamera();
});
afterAll(async () => {
  await camera.stop();
  await t.close();
});

describe('cameras', () => {
  it('takes the four kinds of stream address and refuses the rest in words', async () => {
    const cases: Array<[string, string]> = [
      ['rtsp://admin:pw@192.168.1.64:554/Streaming/Channels/101', 'rtsp'],
      ['https://video.example.com/live/gate.m3u8', 'hls'],
      ['http://192.168.1.20:8080/live/gate.flv', 'flv'],
      ['webrtc://media.example.com/live/gate', 'webrtc'],
      ['https://media.example.com/gate/whep', 'webrtc'],
      ['http://192.168.1.30:1985/rtc/v1/whep/?app=live&stream=gate', 'webrtc'],
    ];
    for (const [streamUrl, kind] of cases) expect((await add(owner, { streamUrl })).kind).toBe(kind);
    for (const streamUrl of ['ftp://x/y.flv', 'https://example.com/index.html', 'rtsp//nohost', 'gate']) {
      const res = await owner.post('/iot/cameras', { name: 'Bad', streamUrl });
      expect(res.statusCode, streamUrl).toBe(400);
      expect(messageFor(res.json(), 'streamUrl')[0]).toMatch(/^Enter a stream address: rtsp:/);
    }
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/iot/cameras',
      headers: { ...as(owner.token), 'accept-language': 'zh-CN' },
      payload: { name: '', streamUrl: 'http://x/a.mp4' },
    });
    expect(zh.json().data).toContainEqual({ field: 'name', msg: '请填写摄像头名称（最多 40 个字符）' });
    expect(messageFor(zh.json(), 'streamUrl')[0]).toMatch(/^请填写视频流地址/);
  });

  it('binds the account’s own devices and project, and keeps other accounts’ out of reach', async () => {
    const pump = await buildDevice(owner, { name: 'Pump A' });
    const project = await buildProject(t, owner.user.id, 'Waterworks');
    const saved = await add(owner, { name: 'Pump room', deviceIds: [pump], projectId: project });
    expect(saved.devices.map((d) => d.name)).toEqual(['Pump A']);
    const theirs = await buildDevice(other, { name: 'Their pump' });
    const refused = await owner.call('PUT', `/iot/cameras/${saved.id}`, {
      name: 'Pump room',
      streamUrl: 'rtsp://10.0.0.8/s',
      deviceIds: [pump, theirs],
    });
    expect(refused.statusCode).toBe(400);
    expect(messageFor(refused.json(), 'deviceIds')).toEqual(['A bound device does not exist or you may not see it']);
    const theirProject = await buildProject(t, other.user.id, 'Theirs');
    const badProject = await owner.post('/iot/cameras', {
      name: 'X',
      streamUrl: 'rtsp://10.0.0.8/s',
      projectId: theirProject,
    });
    expect(messageFor(badProject.json(), 'projectId')).toEqual(['The project does not exist or you may not use it']);

    // Another account neither lists, opens, changes, watches nor deletes it.
    const list = await other.get('/iot/cameras?page=1&size=50');
    expect(list.json().data.list.map((c: { id: number }) => c.id)).not.toContain(saved.id);
    for (const [method, url] of [
      ['GET', `/iot/cameras/${saved.id}`],
      ['DELETE', `/iot/cameras/${saved.id}`],
      ['POST', `/iot/cameras/${saved.id}/live`],
      ['GET', `/iot/cameras/${saved.id}/live/index.m3u8`],
    ] as const) {
      const res = await other.call(method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('No such camera');
    }
    // A sub-user views cameras but may not add one (declared permission).
    const sub = await subUser(t, owner.user.id);
    expect((await sub.get('/iot/cameras?page=1&size=10')).statusCode).toBe(200);
    expect((await sub.post('/iot/cameras', { name: 'S', streamUrl: 'rtsp://h/s' })).statusCode).toBe(403);

    const edited = await owner.call('PUT', `/iot/cameras/${saved.id}`, {
      name: 'Pump room east',
      streamUrl: 'rtsp://10.0.0.9/s',
      deviceIds: [],
      projectId: null,
    });
    expect(edited.json().data).toMatchObject({ name: 'Pump room east', devices: [], projectId: null });
    expect((await owner.call('DELETE', `/iot/cameras/${saved.id}`)).statusCode).toBe(200);
    expect((await owner.get(`/iot/cameras/${saved.id}`)).statusCode).toBe(404);
  });

  it('masks the password of a stream address in the list, and keeps it when the edit leaves it as shown', async () => {
    const stored = 'rtsp://admin:s3cret@192.168.1.64:554/Streaming/Channels/101';
    const { id } = await add(owner, { name: 'Yard', streamUrl: stored });
    const list = await owner.get('/iot/cameras?page=1&size=50&keyword=Yard');
    const shown = list.json().data.list.find((c: { id: number }) => c.id === id).streamUrl;
    expect(shown).toBe('rtsp://admin:***@192.168.1.64:554/Streaming/Channels/101');
    expect(list.body).not.toContain('s3cret');
    expect((await owner.get(`/iot/cameras/${id}`)).json().data.streamUrl).toBe(shown);
    const addressOf = async () =>
      (await t.db.kysely.selectFrom('cameras').select('stream_url').where('id', '=', id).executeTakeFirstOrThrow())
        .stream_url;

    // Saved as shown: the stored password stays.
    const same = await owner.call('PUT', `/iot/cameras/${id}`, { name: 'Yard east', streamUrl: shown, deviceIds: [] });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.streamUrl).toBe(shown);
    expect(await addressOf()).toBe(stored);
    // A new address is taken as typed.
    const typed = 'rtsp://admin:n3w@192.168.1.64:554/Streaming/Channels/101';
    await owner.call('PUT', `/iot/cameras/${id}`, { name: 'Yard east', streamUrl: typed, deviceIds: [] });
    expect(await addressOf()).toBe(typed);
  });

  it('restreams a camera once for two viewers and stops once nobody asks for ~30 s', async () => {
    const restreamer = restreamerOf(t.db.kysely);
    let now = Date.now();
    restreamer.now = () => now;
    const { id } = await add(owner, { name: 'Test camera', streamUrl: camera.url });
    const [a, b] = await Promise.all([owner.post(`/iot/cameras/${id}/live`), owner.post(`/iot/cameras/${id}/live`)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().data).toEqual(a.json().data);
    expect(a.json().data.playlist).toBe(`/api/iot/cameras/${id}/live/index.m3u8`);
    const running = restreamer.running().filter((r) => r.cameraId === id);
    expect(running).toHaveLength(1);
    const pid = running[0]?.pid ?? 0;

    const playlist = await owner.get(`/iot/cameras/${id}/live/index.m3u8`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts'));
    expect(segment).toBeDefined();
    const ts = await owner.get(`/iot/cameras/${id}/live/${segment}`);
    expect(ts.statusCode).toBe(200);
    expect(ts.rawPayload[0]).toBe(0x47); // an MPEG-TS packet's sync byte
    expect((await owner.get(`/iot/cameras/${id}/live/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(404);

    // A viewer still asking keeps it running; nobody asking for IDLE_MS stops it.
    now += IDLE_MS - 1000;
    expect(await restreamer.sweep()).toEqual([]);
    await owner.get(`/iot/cameras/${id}/live/index.m3u8`);
    now += IDLE_MS - 1000;
    expect(await restreamer.sweep()).toEqual([]);
    now += 1000;
    expect(await restreamer.sweep()).toEqual([id]);
    expect(alive(pid)).toBe(false);
    const after = await owner.get(`/iot/cameras/${id}/live/index.m3u8`);
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe('The camera is not being played now; open the view again');
    restreamer.now = Date.now;
  });

  it('says why when the address is not a stream or the camera stops', async () => {
    const page = await startNotAStream();
    const bad = await add(owner, { name: 'Router', streamUrl: page.url });
    const res = await owner.post(`/iot/cameras/${bad.id}/live`);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^The camera’s stream cannot be played: .*Invalid data found/);
    await page.stop();

    const own = await startTestCamera();
    const { id } = await add(owner, { name: 'Stops', streamUrl: own.url });
    expect((await owner.post(`/iot/cameras/${id}/live`)).statusCode).toBe(200);
    await own.stop();
    await restreamerOf(t.db.kysely).ended(id);
    const gone = await owner.get(`/iot/cameras/${id}/live/index.m3u8`);
    expect(gone.statusCode).toBe(502);
    expect(gone.json().message).toMatch(/^The camera (stopped sending video|’s stream cannot be played)/);
    // The viewers keep asking; the failure is logged once, not once per request.
    const failedRequests = () => t.logs.filter((l) => l.msg === 'request failed').length;
    const before = failedRequests();
    for (let i = 0; i < 3; i++) expect((await owner.get(`/iot/cameras/${id}/live/index.m3u8`)).statusCode).toBe(502);
    expect(failedRequests()).toBe(before);
    expect(t.logs.filter((l) => l.camera === id && l.msg === 'restream: the camera stream ended')).toHaveLength(1);

    const webrtc = await add(owner, { name: 'WebRTC', streamUrl: 'webrtc://media.example.com/live/gate' });
    const refused = await owner.post(`/iot/cameras/${webrtc.id}/live`);
    expect(refused.json().message).toBe(
      'A WebRTC camera is played by the browser itself, not turned into HLS by the platform',
    );
  });
});
