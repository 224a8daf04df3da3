// Video (decisions 0112, 0122): the server's CPU while 4 viewers watch one camera against 1 viewer,
// and the time from opening a view to its first segment, measured in the same run. The camera is
// the walks' test camera (ffmpeg's test picture as H.264 over HTTP-FLV); an RTSP camera takes the
// same ffmpeg path with another input. The server is the restreamer behind a plain HTTP server
// serving its files as the authorised route does; the viewers run in a child process of their own,
// so that their work is not counted as the server's.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Restreamer } from '../packages/server/src/platform/video/restream.ts';
import { startTestCamera } from '../packages/server/src/platform/video/testing.ts';
import type { Figure } from './run.ts';

const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 8);
const OPENINGS = 3;
const CAMERA = 1;
/** Four viewers share one ffmpeg: they may cost at most this many times one viewer. */
const VIEWERS_CPU_LIMIT = 2;
/** From opening a view to holding its first segment (1-second segments, a key frame every second). */
const FIRST_SEGMENT_LIMIT_MS = 5000;
/** Linux counts a process's CPU in ticks of 1/100 s (`getconf CLK_TCK`). */
const TICK_MS = 10;

/** An HLS player: reads the playlist twice a second and fetches each segment it has not seen. */
const VIEWER = `
const base = process.env.BASE;
const until = Date.now() + Number(process.env.MS);
async function viewer() {
  const seen = new Set();
  while (Date.now() < until) {
    const list = await (await fetch(base + 'index.m3u8')).text();
    for (const name of list.split('\\n').filter((l) => l.endsWith('.ts') && !seen.has(l))) {
      seen.add(name);
      await (await fetch(base + name)).arrayBuffer();
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return seen.size;
}
const counts = await Promise.all(Array.from({ length: Number(process.env.VIEWERS) }, viewer));
console.log(JSON.stringify(counts));
`;

/** The CPU a process has used, in ms, from /proc (user and system). */
async function cpuOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** The server's CPU (this process and the camera's ffmpeg) per second while `viewers` watch for SECONDS. */
async function serverCpu(
  base: string,
  ffmpegPid: number,
  viewers: number,
): Promise<{ msPerS: number; segments: number[] }> {
  const ownBefore = process.cpuUsage();
  const ffmpegBefore = await cpuOf(ffmpegPid);
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', VIEWER], {
    env: { ...process.env, BASE: base, VIEWERS: String(viewers), MS: String(SECONDS * 1000) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the viewers ended with ${code}`);
  const elapsedS = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  const ffmpeg = (await cpuOf(ffmpegPid)) - ffmpegBefore;
  return { msPerS: ((own.user + own.system) / 1000 + ffmpeg) / elapsedS, segments: JSON.parse(out) as number[] };
}

/** From asking for the camera to holding its first segment, with no restream running before. */
async function firstSegment(restreamer: Restreamer, url: string): Promise<number> {
  const started = performance.now();
  await restreamer.open(CAMERA, url, 'flv');
  const playlist = (await restreamer.file(CAMERA, 'index.m3u8')).toString();
  const segment = playlist.split('\n').find((l) => l.endsWith('.ts'));
  if (!segment) throw new Error('the first playlist names no segment');
  await restreamer.file(CAMERA, segment);
  const took = performance.now() - started;
  await restreamer.close();
  return took;
}

export async function video(): Promise<Figure[]> {
  const camera = await startTestCamera();
  const restreamer = new Restreamer();
  const server = createServer((request, response) => {
    restreamer
      .file(CAMERA, (request.url ?? '').slice(1))
      .then((body) => response.writeHead(200, { 'content-type': 'video/mp2t' }).end(body))
      .catch(() => response.writeHead(404).end());
  });
  try {
    const openings: number[] = [];
    for (let i = 0; i < OPENINGS; i++) openings.push(await firstSegment(restreamer, camera.url));
    openings.sort((a, b) => a - b);
    const median = openings[Math.floor(OPENINGS / 2)] ?? 0;

    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await restreamer.open(CAMERA, camera.url, 'flv');
    const pid = restreamer.running()[0]?.pid ?? 0;
    const one = await serverCpu(base, pid, 1);
    const four = await serverCpu(base, pid, 4);
    if (restreamer.running().length !== 1 || restreamer.running()[0]?.pid !== pid) {
      throw new Error('the four viewers did not share the one restream');
    }
    console.log(
      `video (test camera 320x240 H.264 at 10 fps, ${SECONDS} s each): server CPU ${one.msPerS.toFixed(1)} ms/s with 1 viewer (${one.segments.join(', ')} segments), ${four.msPerS.toFixed(1)} ms/s with 4 (${four.segments.join(', ')}); first segment after ${openings.map((o) => Math.round(o)).join(', ')} ms`,
    );
    return [
      {
        name: `video: ${VIEWERS_CPU_LIMIT} x the server CPU with 1 viewer of a camera`,
        value: VIEWERS_CPU_LIMIT * one.msPerS,
        unit: 'ms CPU/s',
        peer: 'the server CPU with 4 viewers of the same camera',
        peerValue: Math.max(four.msPerS, 0.1),
        target: { ratio: 1, meaning: `4 viewers cost at most ${VIEWERS_CPU_LIMIT} x 1 viewer (one shared ffmpeg)` },
      },
      {
        name: 'video: first-segment limit over the time from opening a view to its first segment (median)',
        value: FIRST_SEGMENT_LIMIT_MS,
        unit: 'ms',
        peer: `time to the first segment, median of ${OPENINGS} openings`,
        peerValue: Math.max(median, 1),
        target: { ratio: 1, meaning: `the first segment within ${FIRST_SEGMENT_LIMIT_MS / 1000} s` },
      },
    ];
  } finally {
    await restreamer.close();
    server.close();
    await camera.stop();
  }
}
