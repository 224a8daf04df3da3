import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';

/** A WebRTC camera for tests and walks: a WHEP endpoint on 127.0.0.1 sending ffmpeg's test picture (decision 0159). */
export interface TestWhepCamera {
  /** The WHEP address to give the camera (`http://127.0.0.1:PORT/cam/whep`). */
  url: string;
  /** How many offers the endpoint was sent, and the last one's `authorization` header. */
  offers: number;
  authorization: string | undefined;
  /** The sessions a viewer ended (`DELETE` of the resource the answer's `Location` named). */
  ended: string[];
  /** The camera stops: its sessions close, its encoder ends and it accepts no more offers. */
  stop(): Promise<void>;
}

export interface WhepCameraOptions {
  /** Answer every offer with this status and no SDP (a camera that refuses the offer). */
  refuseWith?: number;
  /** The bearer token the endpoint requires, as WHEP allows (RFC 9725 section 4.5). */
  token?: string;
}

const VP8 = new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: 96 });

/**
 * Starts the WebRTC test camera: a WHEP server (werift, pure TypeScript WebRTC) whose one video track is
 * fed by `ffmpeg -re -f lavfi -i testsrc … -c:v libvpx -f rtp` on a loopback UDP port. Every offer gets
 * its own peer connection sharing that track; ICE candidates are host candidates on 127.0.0.1.
 */
export async function startWhepCamera(options: WhepCameraOptions = {}): Promise<TestWhepCamera> {
  const track = new MediaStreamTrack({ kind: 'video' });
  const udp: Socket = createSocket('udp4');
  udp.on('message', (packet) => track.writeRtp(packet));
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  const rtpPort = udp.address().port;
  let encoder: ChildProcess | undefined;
  const startEncoder = () => {
    if (encoder) return;
    encoder = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10'],
        ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-g', '10', '-b:v', '300k'],
        ...['-error-resilient', '1', '-payload_type', '96', '-f', 'rtp', `rtp://127.0.0.1:${rtpPort}?pkt_size=1200`],
      ],
      { stdio: ['ignore', 'ignore', 'ignore'] },
    );
  };
  const sessions = new Map<string, RTCPeerConnection>();
  const camera: TestWhepCamera = { url: '', offers: 0, authorization: undefined, ended: [], stop: async () => {} };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const session = /^\/cam\/session\/(\d+)$/.exec(request.url ?? '')?.[1];
      if (request.method === 'DELETE' && session) {
        camera.ended.push(session);
        const pc = sessions.get(session);
        sessions.delete(session);
        pc?.close().catch(() => undefined);
        response.writeHead(pc ? 200 : 404).end();
        return;
      }
      if (request.method !== 'POST' || request.url !== '/cam/whep') {
        response.writeHead(404).end('not found');
        return;
      }
      camera.offers += 1;
      camera.authorization = request.headers.authorization;
      if (options.refuseWith) {
        response.writeHead(options.refuseWith, { 'content-type': 'text/plain' }).end('stream not found');
        return;
      }
      if (options.token && request.headers.authorization !== `Bearer ${options.token}`) {
        response.writeHead(401).end();
        return;
      }
      const id = String(camera.offers);
      answer(id, Buffer.concat(chunks).toString('utf8')).then(
        (sdp) => {
          response.writeHead(201, { 'content-type': 'application/sdp', location: `/cam/session/${id}` }).end(sdp);
        },
        () => response.writeHead(400, { 'content-type': 'text/plain' }).end('bad offer'),
      );
    });
  });
  async function answer(id: string, offer: string): Promise<string> {
    const pc = new RTCPeerConnection({ codecs: { video: [VP8], audio: [] }, iceUseIpv4: true, iceUseIpv6: false });
    sessions.set(id, pc);
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'closed' || state === 'failed') sessions.delete(id);
    });
    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
    const [transceiver] = pc.getTransceivers();
    if (!transceiver) throw new Error('the offer has no video');
    transceiver.setDirection('sendonly');
    await transceiver.sender.replaceTrack(track);
    await pc.setLocalDescription(await pc.createAnswer());
    startEncoder();
    return pc.localDescription?.sdp ?? '';
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  camera.url = `http://127.0.0.1:${port}/cam/whep`;
  let stopping: Promise<void> | undefined;
  const stop = async () => {
    await Promise.all([...sessions.values()].map((pc) => pc.close()));
    sessions.clear();
    const ending = encoder && encoder.exitCode === null ? new Promise((r) => encoder?.once('exit', r)) : null;
    encoder?.kill('SIGKILL');
    server.closeAllConnections();
    await Promise.all([ending, new Promise((resolve) => server.close(resolve))]);
    await new Promise<void>((resolve) => udp.close(() => resolve()));
  };
  // Stopping twice (a walk's camera stops, then its clean-up) is one stop.
  camera.stop = () => {
    stopping ??= stop();
    return stopping;
  };
  return camera;
}
