import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server, type Socket } from 'node:net';

/**
 * A stand-in for a school's Hikvision recorder (NVR), for tests and walks (decision 0147): an RTSP
 * server on 127.0.0.1 that answers the recorder's playback address
 * `rtsp://…/Streaming/tracks/101?starttime=YYYYMMDDThhmmssZ&endtime=YYYYMMDDThhmmssZ` with RTP over
 * the RTSP connection (interleaved, as ffmpeg asks with `-rtsp_transport tcp`). The "recording" is
 * ffmpeg's test picture with the recorded instant burnt in as text, running from `starttime`; a
 * range outside what the recorder holds is refused `404 Not Found` at DESCRIBE.
 */
export interface StandInNvr {
  /** The recorder address to give a camera (`rtsp://admin:…@127.0.0.1:PORT/Streaming/tracks/101`). */
  url: string;
  /** Every playback address asked for, in order. */
  asked: string[];
  stop(): Promise<void>;
}

/** `20261129T101500Z` → epoch milliseconds, or null. */
export function parseHikTime(text: string | null): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

interface Held {
  /** The first instant the recorder holds (ms); default: a day ago. */
  from?: number;
  /** The last instant it holds (ms); default: no end (it is still recording). */
  to?: number;
}

/** One playback session: the encoder writing RTP to a local UDP socket, relayed into the RTSP connection. */
class Session {
  encoder: ChildProcess | null = null;
  udp: UdpSocket | null = null;
  playing = false;
  readonly conn: Socket;
  constructor(conn: Socket) {
    this.conn = conn;
  }

  /** Starts the encoder for `from..to` and resolves with its SDP. */
  async open(from: number, to: number): Promise<string> {
    const udp = createSocket('udp4');
    this.udp = udp;
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const port = udp.address().port;
    udp.on('message', (packet) => {
      if (!this.playing || this.conn.destroyed) return;
      // RTCP (payload types 200-204) goes on channel 1, RTP on channel 0.
      const channel = (packet[1] ?? 0) >= 200 && (packet[1] ?? 0) <= 204 ? 1 : 0;
      const head = Buffer.from([0x24, channel, packet.length >> 8, packet.length & 0xff]);
      this.conn.write(Buffer.concat([head, packet]));
    });
    const seconds = Math.max(1, Math.round((to - from) / 1000));
    const text = `%{pts\\:gmtime\\:${Math.floor(from / 1000)}\\:%Y-%m-%d %H\\\\\\:%M\\\\\\:%S} UTC`;
    const encoder = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', String(seconds)],
        ...['-vf', `drawtext=text='${text}':fontsize=18:fontcolor=white:box=1:boxcolor=black@0.7:x=8:y=8`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '10'],
        ...['-f', 'rtp', `rtp://127.0.0.1:${port}?rtcpport=${port}`],
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    this.encoder = encoder;
    // The recording ends: the recorder closes the connection, as the stream has nothing more.
    encoder.once('exit', () => this.conn.end());
    let out = '';
    const sdp = await new Promise<string>((resolve, reject) => {
      encoder.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const at = out.indexOf('m=video');
        if (at >= 0 && /a=fmtp[^\n]*\n/.test(out.slice(at))) resolve(out.slice(out.indexOf('v=0')));
      });
      encoder.once('exit', () => reject(new Error('the encoder ended before its SDP')));
    });
    return `${sdp.trim().replace(/\nc=IN IP4 127\.0\.0\.1/, '\nc=IN IP4 0.0.0.0')}\r\na=control:trackID=0\r\n`;
  }

  close(): void {
    this.playing = false;
    this.encoder?.kill('SIGKILL');
    this.encoder = null;
    this.udp?.close();
    this.udp = null;
  }
}

export async function startStandInNvr(held: Held = {}): Promise<StandInNvr> {
  const from = held.from ?? Date.now() - 24 * 3600_000;
  const to = held.to ?? Number.POSITIVE_INFINITY;
  const sessions = new Set<Session>();
  const asked: string[] = [];

  const server: Server = createServer((conn) => {
    const session = new Session(conn);
    sessions.add(session);
    conn.once('close', () => {
      session.close();
      sessions.delete(session);
    });
    conn.on('error', () => undefined);
    let buffered = '';
    conn.setEncoding('latin1').on('data', (chunk: string) => {
      buffered += chunk;
      for (;;) {
        // The client's RTCP reports come interleaved too (`$`, channel, 16-bit length): skipped.
        if (buffered.startsWith('$')) {
          if (buffered.length < 4) return;
          const size = 4 + ((buffered.charCodeAt(2) << 8) | buffered.charCodeAt(3));
          if (buffered.length < size) return;
          buffered = buffered.slice(size);
          continue;
        }
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const request = buffered.slice(0, end);
        buffered = buffered.slice(end + 4);
        void answer(session, request);
      }
    });
  });

  const reply = (conn: Socket, status: string, cseq: string, headers: Record<string, string> = {}, body = '') => {
    const lines = [`RTSP/1.0 ${status}`, `CSeq: ${cseq}`, 'Server: Meridian stand-in NVR'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    conn.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  };

  async function answer(session: Session, request: string): Promise<void> {
    const [first = '', ...rest] = request.split('\r\n');
    const [method = '', uri = ''] = first.split(' ');
    const header = (name: string) =>
      rest.find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.replace(/^[^:]*:\s*/, '') ?? '';
    const cseq = header('CSeq');
    const conn = session.conn;
    if (method === 'OPTIONS') {
      reply(conn, '200 OK', cseq, { Public: 'OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN, GET_PARAMETER' });
    } else if (method === 'DESCRIBE') {
      asked.push(uri);
      const url = new URL(uri);
      const start = parseHikTime(url.searchParams.get('starttime'));
      const end = parseHikTime(url.searchParams.get('endtime'));
      if (!url.pathname.startsWith('/Streaming/tracks/') || start === null || end === null || end <= start) {
        reply(conn, '400 Bad Request', cseq);
      } else if (start < from || end > to) {
        // Nothing recorded in that range.
        reply(conn, '404 Not Found', cseq);
      } else {
        try {
          const sdp = await session.open(start, end);
          reply(conn, '200 OK', cseq, { 'Content-Base': `${uri}/`, 'Content-Type': 'application/sdp' }, sdp);
        } catch {
          reply(conn, '500 Internal Server Error', cseq);
        }
      }
    } else if (method === 'SETUP') {
      if (!header('Transport').includes('RTP/AVP/TCP')) {
        reply(conn, '461 Unsupported Transport', cseq);
        return;
      }
      reply(conn, '200 OK', cseq, { Transport: 'RTP/AVP/TCP;unicast;interleaved=0-1', Session: '1;timeout=60' });
    } else if (method === 'PLAY') {
      reply(conn, '200 OK', cseq, { Session: '1', Range: 'npt=0.000-' });
      session.playing = true;
    } else if (method === 'TEARDOWN') {
      reply(conn, '200 OK', cseq, { Session: '1' });
      session.close();
    } else if (method === 'GET_PARAMETER' || method === 'SET_PARAMETER') {
      reply(conn, '200 OK', cseq, { Session: '1' });
    } else {
      reply(conn, '405 Method Not Allowed', cseq);
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `rtsp://admin:nvr-pass@127.0.0.1:${port}/Streaming/tracks/101`,
    asked,
    async stop() {
      for (const s of sessions) {
        s.close();
        s.conn.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
