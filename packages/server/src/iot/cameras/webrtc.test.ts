import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection, RTCRtpCodecParameters, type RtpPacket } from 'werift';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { startWhepCamera, type TestWhepCamera } from '../../platform/video/whep-testing.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { mainAccount, messageFor } from '../devices/testing.ts';

let t: TestApp;
let owner: Caller;
let other: Caller;
let camera: TestWhepCamera;

const add = async (streamUrl: string, name = 'Dock') => {
  const res = await owner.post('/iot/cameras', { name, streamUrl });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; kind: string; streamUrl: string };
};

/** A browser's side of a recvonly view: an offer, and the first video packet once an answer is set. */
async function viewer() {
  const pc = new RTCPeerConnection({
    codecs: { video: [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000 })], audio: [] },
  });
  const transceiver = pc.addTransceiver('video', { direction: 'recvonly' });
  const firstPacket = new Promise<RtpPacket>((resolve) =>
    transceiver.onTrack.subscribe((track) => track.onReceiveRtp.once(resolve)),
  );
  await pc.setLocalDescription(await pc.createOffer());
  return { pc, offer: pc.localDescription?.sdp ?? '', firstPacket };
}

/** An HTTP server at a `/whep` address answering `status` with a web page. */
async function webPage(status: number) {
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'text/html' }).end('<html><body>Router login</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/cam/whep`, stop: () => new Promise((r) => server.close(r)) };
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  other = await mainAccount(t);
  camera = await startWhepCamera({ token: 'cam-secret' });
});
afterAll(async () => {
  await camera.stop();
  await t.close();
});

describe('WebRTC cameras (WHEP through the server)', () => {
  it('forwards the viewer’s offer to the camera with its token, answers the camera’s answer, and video arrives', async () => {
    const address = camera.url.replace('http://', 'http://:cam-secret@');
    const added = await add(address);
    expect(added.kind).toBe('webrtc');
    // The token is never shown, not even to the camera's owner.
    expect(added.streamUrl).toBe(camera.url.replace('http://', 'http://:***@'));

    const view = await viewer();
    try {
      const res = await owner.post(`/iot/cameras/${added.id}/webrtc`, { offer: view.offer });
      expect(res.statusCode, res.body).toBe(200);
      const { answer, session } = res.json().data as { answer: string; session: string | null };
      expect(camera.authorization).toBe('Bearer cam-secret');
      expect(answer).toMatch(/^v=0/);
      expect(answer).toMatch(/^a=candidate:.* typ host/m);
      expect(answer).toMatch(/^a=rtpmap:\d+ VP8\/90000/m);
      // Neither the camera's address nor its token reaches the browser.
      expect(res.body).not.toContain(camera.url);
      expect(res.body).not.toContain('cam-secret');
      expect(session).toMatch(/^[0-9a-f-]{36}$/);
      await view.pc.setRemoteDescription({ type: 'answer', sdp: answer });
      const packet = await view.firstPacket;
      expect(packet.payload.length).toBeGreaterThan(0);

      // Closing the view ends the camera's session; an unknown session is nothing to end.
      const end = await owner.call('DELETE', `/iot/cameras/${added.id}/webrtc/${session}`);
      expect(end.statusCode, end.body).toBe(200);
      expect(camera.ended).toEqual([String(camera.offers)]);
      expect((await owner.call('DELETE', `/iot/cameras/${added.id}/webrtc/${session}`)).statusCode).toBe(200);
      expect(camera.ended).toHaveLength(1);
    } finally {
      await view.pc.close();
    }
  }, 30_000);

  it('says in words when the camera cannot be reached, refuses the offer or is not a WHEP endpoint', async () => {
    const { offer, pc } = await viewer();
    await pc.close();
    const said = async (streamUrl: string) => {
      const { id } = await add(streamUrl);
      const res = await owner.post(`/iot/cameras/${id}/webrtc`, { offer });
      return { status: res.statusCode, message: res.json().message as string };
    };

    const closed = await webPage(200);
    await closed.stop();
    expect(await said(closed.url)).toEqual({
      status: 502,
      message:
        'The camera cannot be reached at its WebRTC address: connection refused. Check the address and that the camera is online',
    });

    const refusing = await startWhepCamera({ refuseWith: 404 });
    try {
      expect(await said(refusing.url)).toEqual({
        status: 502,
        message:
          'The camera refused the offer (HTTP 404: stream not found). Check the stream name and the credentials in the address',
      });
    } finally {
      await refusing.stop();
    }
    // The right camera with a wrong token.
    const wrong = await said(camera.url.replace('http://', 'http://:guess@'));
    expect(wrong.message).toMatch(/^The camera refused the offer \(HTTP 401\)/);

    const page = await webPage(200);
    try {
      expect(await said(page.url)).toEqual({
        status: 502,
        message: 'The camera did not answer with WebRTC (SDP); the address may not be a WHEP endpoint',
      });
    } finally {
      await page.stop();
    }

    // Each refusal is logged once as the camera's warning, not as a failure of the server.
    const whepFailures = t.logs.filter(
      (l) =>
        l.msg === 'request failed' && String((l.err as { key?: unknown } | undefined)?.key).startsWith('camera.whep'),
    );
    expect(whepFailures).toEqual([]);
    expect(t.logs.filter((l) => l.msg === 'webrtc: the camera gave no answer to play').map((l) => l.key)).toEqual([
      'camera.whepUnreachable',
      'camera.whepRefused',
      'camera.whepRefused',
      'camera.whepNotSdp',
    ]);

    expect((await said('webrtc://media.example.com/live/gate')).message).toMatch(
      /^A webrtc:\/\/ address cannot be played; enter the WHEP address/,
    );
    expect(await said('rtsp://10.0.0.8:554/stream1')).toEqual({
      status: 400,
      message: 'This camera is not a WebRTC camera',
    });

    const zh = await t.app.inject({
      method: 'POST',
      url: `/api/iot/cameras/${(await add(closed.url)).id}/webrtc`,
      headers: { ...as(owner.token), 'accept-language': 'zh-CN' },
      payload: { offer },
    });
    expect(zh.json().message).toBe('无法连接摄像头的 WebRTC 地址：connection refused。请检查地址和摄像头是否在线');
  }, 30_000);

  it('answers only the camera’s account, and wants an offer', async () => {
    const { id } = await add(camera.url.replace('http://', 'http://:cam-secret@'));
    const offers = camera.offers;
    const stranger = await other.post(`/iot/cameras/${id}/webrtc`, { offer: 'v=0\r\n' });
    expect(stranger.statusCode).toBe(404);
    expect((await other.call('DELETE', `/iot/cameras/${id}/webrtc/x`)).statusCode).toBe(404);
    const empty = await owner.post(`/iot/cameras/${id}/webrtc`, { offer: '' });
    expect(empty.statusCode).toBe(400);
    expect(messageFor(empty.json(), 'offer')[0]).toBe('The browser’s WebRTC offer (SDP) is missing');
    expect(camera.offers).toBe(offers);
  });
});
