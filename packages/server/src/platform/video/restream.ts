import { type ChildProcess, spawn } from 'node:child_process';
import { type FSWatcher, watch } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StreamKind } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../http/errors.ts';
import { SECOND } from '../time.ts';
import { maskedInText } from './address.ts';

/** A viewer that asks for nothing for this long has left; the last one gone stops the restream. */
export const IDLE_MS = 30 * SECOND;
/** How long a camera may take to deliver its first segment. */
export const FIRST_VIDEO_MS = 20 * SECOND;
const SWEEP_EVERY_MS = 5 * SECOND;

/** The files a restream writes, and so the only names a viewer may ask for. */
export const LIVE_FILE = /^(index\.m3u8|seg\d{1,9}\.ts)$/;

/** How one ffmpeg run ended: by our stop, or on its own with its exit code and last error line. */
interface Ended {
  stopped: boolean;
  code: number | null;
  reason: string;
}

/** A restream's key: a camera id, or a camera's recorded window (`deviceId-fromSeconds`, decision 0147). */
export type StreamKey = number | string;

/** How a restream plays: a recording keeps every segment and ends with its input (decision 0147). */
export interface RestreamOptions {
  recording?: boolean;
}

interface LiveStream {
  cameraId: StreamKey;
  recording: boolean;
  source: string;
  dir: string;
  child: ChildProcess;
  lastAsked: number;
  /** Settles once the first playlist is written, or with the error the camera gave. */
  ready: Promise<void>;
  ended: Promise<Ended>;
  failure: AppError | null;
  stopping: boolean;
  /** The playbacks that said who they are (`open`'s viewer); the last one to leave stops the restream at once. */
  viewers: Set<string>;
}

/** The error a viewer reads when ffmpeg ends on its own: what ffmpeg said, or that the input ended. */
function failureOf(ended: Ended, logged = false): AppError {
  if (ended.reason) return new AppError(502, 'camera.streamFailed', { params: { reason: ended.reason }, logged });
  return new AppError(502, 'camera.streamEnded', { logged });
}

/** ffmpeg's arguments reading a camera: RTSP over TCP, 10 seconds of silence end the input, 1 second of probing. */
export function inputArgs(source: string, kind: StreamKind): string[] {
  const input = kind === 'rtsp' ? ['-rtsp_transport', 'tcp', '-timeout', '10000000'] : ['-rw_timeout', '10000000'];
  // One second of probing, not ffmpeg's five: a view opens seconds sooner (the video bench measures it).
  const probe = ['-analyzeduration', '1000000'];
  return [...['-hide_banner', '-nostdin', '-loglevel', 'error'], ...input, ...probe, ...['-i', source]];
}

/**
 * ffmpeg's arguments: the camera's stream in, video copied (cameras send H.264), HLS of 1-second
 * segments out: a sliding window of six for the live picture; every segment, and the playlist's end
 * once the recorder's stream ends, for a recording (an `event` playlist the viewer can seek in).
 */
function ffmpegArgs(source: string, kind: StreamKind, dir: string, recording: boolean): string[] {
  const window = recording
    ? ['-hls_playlist_type', 'event', '-hls_flags', 'independent_segments']
    : ['-hls_list_size', '6', '-hls_flags', 'delete_segments+independent_segments+omit_endlist'];
  return [
    ...inputArgs(source, kind),
    ...['-map', '0:v:0', '-map', '0:a:0?', '-c:v', 'copy', '-c:a', 'aac'],
    ...['-f', 'hls', '-hls_time', '1', ...window],
    ...['-hls_segment_filename', join(dir, 'seg%d.ts'), join(dir, 'index.m3u8')],
  ];
}

/**
 * Restreams cameras to HLS with Debian's ffmpeg (decision 0112): one ffmpeg per camera, started
 * when a viewer opens it, shared by every viewer, and stopped once nobody has asked for a file for
 * `IDLE_MS`. Segments go to a temporary folder that only the authorised route reads.
 */
export class Restreamer {
  /** The idle clock; tests drive it. */
  now: () => number = Date.now;
  /** Where a camera's failure is logged, once; the routes give the server's. */
  log: Pick<FastifyBaseLogger, 'warn'> | null = null;
  private readonly streams = new Map<StreamKey, LiveStream>();
  private root: string | null = null;
  private sweeper: NodeJS.Timeout | null = null;

  private readonly ffmpeg: string;

  constructor(ffmpeg = 'ffmpeg') {
    this.ffmpeg = ffmpeg;
  }

  /**
   * Starts the camera's restream unless it runs already, and resolves once its first playlist exists.
   * A `viewer` named here may `leave` later; viewers who never leave are stopped by the idle sweep.
   */
  async open(
    cameraId: StreamKey,
    source: string,
    kind: StreamKind,
    viewer?: string,
    options: RestreamOptions = {},
  ): Promise<void> {
    if (kind === 'webrtc') throw new AppError(400, 'camera.webrtc');
    let stream = this.streams.get(cameraId);
    // A stream that failed, or whose address was changed since, starts again.
    if (stream && (stream.failure || stream.source !== source)) {
      await this.stop(stream);
      stream = undefined;
    }
    if (!stream) stream = await this.start(cameraId, source, kind, options.recording === true);
    stream.lastAsked = this.now();
    if (viewer) stream.viewers.add(viewer);
    await stream.ready;
  }

  /**
   * A named viewer stops watching; once no named viewer is left the camera's ffmpeg is stopped and
   * its files removed. Answers whether it was stopped (false while others watch or when none ran).
   */
  async leave(cameraId: StreamKey, viewer: string): Promise<boolean> {
    const stream = this.streams.get(cameraId);
    if (!stream?.viewers.delete(viewer) || stream.viewers.size > 0) return false;
    await this.stop(stream);
    return true;
  }

  /** A file of a running restream, for a viewer; the request counts as watching. */
  async file(cameraId: StreamKey, name: string): Promise<Buffer> {
    const stream = this.streams.get(cameraId);
    if (stream?.failure) throw stream.failure;
    if (!stream || stream.stopping || !LIVE_FILE.test(name)) throw new AppError(404, 'camera.notWatching');
    stream.lastAsked = this.now();
    try {
      return await readFile(join(stream.dir, name));
    } catch {
      // A segment the playlist has rotated out, or one not written yet.
      throw new AppError(404, 'camera.notWatching');
    }
  }

  /**
   * Stops the restreams nobody has asked for in `IDLE_MS`; answers the cameras stopped. A failed one
   * stays as long, so that its viewers keep reading why rather than "not being played".
   */
  async sweep(): Promise<StreamKey[]> {
    const idle = [...this.streams.values()].filter((s) => this.now() - s.lastAsked >= IDLE_MS);
    await Promise.all(idle.map((s) => this.stop(s)));
    return idle.map((s) => s.cameraId);
  }

  /** The running restreams with their ffmpeg's process id. */
  running(): Array<{ cameraId: StreamKey; pid: number }> {
    return [...this.streams.values()]
      .filter((s) => !s.failure && !s.stopping)
      .map((s) => ({ cameraId: s.cameraId, pid: s.child.pid ?? 0 }));
  }

  /** Resolves when the camera's current ffmpeg has ended, for whatever reason. */
  async ended(cameraId: StreamKey): Promise<void> {
    await this.streams.get(cameraId)?.ended;
  }

  /** Stops every restream and removes their files (the server is closing). */
  async close(): Promise<void> {
    await Promise.all([...this.streams.values()].map((s) => this.stop(s)));
    if (this.root) await rm(this.root, { recursive: true, force: true });
    this.root = null;
  }

  private async start(cameraId: StreamKey, source: string, kind: StreamKind, recording: boolean): Promise<LiveStream> {
    this.root ??= await mkdtemp(join(tmpdir(), 'meridian-video-'));
    const dir = join(this.root, `${cameraId}-${Date.now()}`);
    await mkdir(dir, { recursive: true });
    const child = spawn(this.ffmpeg, ffmpegArgs(source, kind, dir, recording), { stdio: ['ignore', 'ignore', 'pipe'] });
    let lastError = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = chunk.split('\n').map((l) => l.trim());
      // ffmpeg names its input: a viewer reads the reason, never the camera's password (decision 0133).
      lastError = maskedInText(lines.filter(Boolean).at(-1) ?? lastError);
    });
    const stream: LiveStream = {
      cameraId,
      recording,
      source,
      dir,
      child,
      lastAsked: this.now(),
      ready: Promise.resolve(),
      ended: Promise.resolve({ stopped: true, code: null, reason: '' }),
      failure: null,
      stopping: false,
      viewers: new Set(),
    };
    stream.ended = new Promise<Ended>((resolve) => {
      child.once('error', (error) => resolve({ stopped: false, code: null, reason: error.message }));
      child.once('exit', (code) => resolve({ stopped: stream.stopping, code, reason: lastError.slice(0, 200) }));
    }).then((ended) => {
      // A recording that ran to its end is finished, not failed: its segments stay for its viewers.
      if (!ended.stopped && !(stream.recording && ended.code === 0)) {
        // Logged here, once per failure: every viewer's playlist request answers it again (decision 0122).
        stream.failure = failureOf(ended, this.log !== null);
        this.log?.warn(
          { camera: cameraId, code: ended.code, reason: ended.reason },
          'restream: the camera stream ended',
        );
      }
      return ended;
    });
    stream.ready = this.firstPlaylist(stream);
    // Readiness is awaited by every viewer; a failure is theirs to read, never an unhandled rejection.
    stream.ready.catch(() => undefined);
    this.streams.set(cameraId, stream);
    this.sweeper ??= setInterval(() => void this.sweep(), SWEEP_EVERY_MS).unref();
    return stream;
  }

  /** Resolves when ffmpeg has written the playlist; rejects with what ended ffmpeg, or after `FIRST_VIDEO_MS`. */
  private firstPlaylist(stream: LiveStream): Promise<void> {
    let watcher: FSWatcher | undefined;
    let deadline: NodeJS.Timeout | undefined;
    const written = new Promise<void>((resolve, reject) => {
      watcher = watch(stream.dir, (_event, name) => {
        if (name === 'index.m3u8') resolve();
      });
      watcher.on('error', reject);
      deadline = setTimeout(
        () => reject(new AppError(504, 'camera.noVideo', { params: { seconds: FIRST_VIDEO_MS / SECOND } })),
        FIRST_VIDEO_MS,
      );
    });
    const exited = stream.ended.then((ended) => {
      throw ended.stopped ? new AppError(404, 'camera.notWatching') : failureOf(ended);
    });
    return Promise.race([written, exited]).finally(() => {
      watcher?.close();
      clearTimeout(deadline);
    });
  }

  private async stop(stream: LiveStream): Promise<void> {
    if (this.streams.get(stream.cameraId) === stream) this.streams.delete(stream.cameraId);
    if (stream.child.exitCode === null && stream.child.signalCode === null) {
      stream.stopping = true;
      stream.child.kill('SIGTERM');
    }
    await stream.ended;
    await rm(stream.dir, { recursive: true, force: true });
    if (this.streams.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }
}

const restreamers = new WeakMap<object, Map<string, Restreamer>>();

/**
 * A restreamer of one server (keyed by its database handle, as telemetry's writer is), one per
 * feature whose camera ids are its own: Device Cloud's cameras and Mind's campus cameras (decision 0133).
 */
export function restreamerOf(db: object, feature = 'iot.cameras'): Restreamer {
  let byFeature = restreamers.get(db);
  if (!byFeature) {
    byFeature = new Map();
    restreamers.set(db, byFeature);
  }
  let restreamer = byFeature.get(feature);
  if (!restreamer) {
    restreamer = new Restreamer();
    byFeature.set(feature, restreamer);
  }
  return restreamer;
}
