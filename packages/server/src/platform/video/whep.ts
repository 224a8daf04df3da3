import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../http/errors.ts';
import { maskedInText } from './address.ts';

/** How long the camera has to answer an offer (or a session's end) before it counts as unreachable. */
export const WHEP_TIMEOUT_MS = 10_000;
/** An SDP answer larger than this is no camera's answer. */
const ANSWER_MAX = 64 * 1024;
/** Sessions remembered for their end (`DELETE`); the oldest are forgotten first. */
const SESSIONS_MAX = 2000;

/** A WHEP session opened through us: the camera's resource to delete when the viewer goes, and the header it needs. */
interface WhepSession {
  cameraId: number;
  resource: string;
  authorization: string | undefined;
}

/**
 * The camera's WHEP endpoint without credentials, and the `Authorization` header they become
 * (decision 0159): `user:password@` is HTTP Basic, `:token@` (no user) is the bearer token of RFC 9725.
 */
export function whepTarget(address: string): { url: string; authorization: string | undefined } {
  const url = new URL(address);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  let authorization: string | undefined;
  if (user) authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  else if (password) authorization = `Bearer ${password}`;
  return { url: url.toString(), authorization };
}

/** Why a request to the camera got no answer, in a few words of the system's (never the address's password). */
function reasonOf(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${WHEP_TIMEOUT_MS / 1000} s`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  const words: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found',
    ECONNRESET: 'connection reset',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ETIMEDOUT: 'connection timed out',
  };
  const text = words[code] ?? (typeof cause?.message === 'string' ? cause.message : String(error));
  return maskedInText(text).slice(0, 200);
}

/** The first line of a refusal's body, as the camera wrote it (a few words at most). */
function detailOf(body: string): string {
  const line = body.split(/\r?\n/).find((l) => l.trim()) ?? '';
  return /^\s*</.test(line) ? '' : line.trim().slice(0, 120);
}

/**
 * Our server as the WHEP client of the camera (RFC 9725), for the browser: the offer is posted to
 * the camera's endpoint and its SDP answer returned; the session's resource (`Location`) is kept
 * here under an id of ours, so that neither the camera's address nor its credentials reach the browser.
 */
export class WhepProxy {
  private readonly sessions = new Map<string, WhepSession>();
  /** Where a camera's refusal is logged, as a warning without a stack (the camera's fault, not ours); the routes give the server's. */
  log: Pick<FastifyBaseLogger, 'warn'> | null = null;

  /** The error answered to the viewer, logged here once as a warning with the camera. */
  private failed(
    cameraId: number,
    key: 'camera.whepUnreachable' | 'camera.whepRefused' | 'camera.whepNotSdp',
    params = {},
  ) {
    this.log?.warn({ camera: cameraId, key, ...params }, 'webrtc: the camera gave no answer to play');
    return new AppError(502, key, { params, logged: this.log !== null });
  }

  async offer(cameraId: number, address: string, offer: string): Promise<{ answer: string; session: string | null }> {
    const { url, authorization } = whepTarget(address);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/sdp',
          accept: 'application/sdp',
          ...(authorization ? { authorization } : {}),
        },
        body: offer,
        redirect: 'follow',
        signal: AbortSignal.timeout(WHEP_TIMEOUT_MS),
      });
    } catch (error) {
      throw this.failed(cameraId, 'camera.whepUnreachable', { reason: reasonOf(error) });
    }
    let body: string;
    try {
      body = (await response.text()).slice(0, ANSWER_MAX + 1);
    } catch (error) {
      throw this.failed(cameraId, 'camera.whepUnreachable', { reason: reasonOf(error) });
    }
    if (!response.ok) {
      const detail = detailOf(body);
      throw this.failed(cameraId, 'camera.whepRefused', {
        status: String(response.status),
        detail: detail ? `: ${maskedInText(detail)}` : '',
      });
    }
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    if (!type.startsWith('application/sdp') || !body.startsWith('v=0') || body.length > ANSWER_MAX) {
      throw this.failed(cameraId, 'camera.whepNotSdp');
    }
    const location = response.headers.get('location');
    let session: string | null = null;
    if (location) {
      session = randomUUID();
      this.sessions.set(session, {
        cameraId,
        resource: new URL(location, response.url || url).toString(),
        authorization,
      });
      while (this.sessions.size > SESSIONS_MAX) {
        const oldest = this.sessions.keys().next().value;
        if (oldest === undefined) break;
        this.sessions.delete(oldest);
      }
    }
    return { answer: body, session };
  }

  /**
   * The viewer ended a session: the camera's resource is deleted (best effort: a camera that does not
   * answer ends the session itself when ICE consent stops). A session of another camera, or one this
   * process does not know, is nothing to end.
   */
  async end(cameraId: number, session: string): Promise<boolean> {
    const known = this.sessions.get(session);
    if (!known || known.cameraId !== cameraId) return false;
    this.sessions.delete(session);
    try {
      await fetch(known.resource, {
        method: 'DELETE',
        headers: known.authorization ? { authorization: known.authorization } : {},
        signal: AbortSignal.timeout(WHEP_TIMEOUT_MS),
      });
    } catch {
      // The camera is gone: its session is too.
    }
    return true;
  }
}

const proxies = new WeakMap<object, WhepProxy>();

/** The WHEP proxy of one server (keyed by its database handle, as the restreamer is). */
export function whepProxyOf(key: object): WhepProxy {
  let proxy = proxies.get(key);
  if (!proxy) {
    proxy = new WhepProxy();
    proxies.set(key, proxy);
  }
  return proxy;
}
