import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  hasPermission,
  type Lang,
  LIVE_SUBSCRIPTIONS_MAX,
  liveClientMessage,
  type MessageKey,
  negotiateLang,
  toLang,
  translate,
} from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import { AppError } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { authenticate } from '../../portal/sessions/service.ts';
import { type LiveUpdate, liveFor } from './live.ts';
import { visibleDeviceIds } from './repository.ts';

export const LIVE_PATH = '/api/ws';
/** A socket that has not signed in by then is closed. */
const AUTH_WITHIN_MS = 10_000;
/** A browser this far behind is dropped rather than buffered without end; it reconnects and reads the latest values. */
const SLOW_CONSUMER_BYTES = 1024 * 1024;
const MAX_MESSAGE_BYTES = 16 * 1024;

/** Close codes the web client reads: sign in again, or the socket fell behind. */
export const CLOSE_UNAUTHORISED = 4401;
export const CLOSE_TOO_SLOW = 4408;

/**
 * The one live-data WebSocket at `/api/ws`. A browser cannot set headers on a WebSocket, and no
 * cookie carries authority here, so the session token travels in the first message:
 * `{"type":"auth","token":"..."}`. Then `{"type":"subscribe","deviceIds":[...]}` follows the
 * devices the caller may see, and each committed reading arrives as `{"type":"data",...}`.
 */
export function installLiveSocket(app: FastifyInstance): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== LIVE_PATH) return;
    wss.handleUpgrade(request, socket, head, (ws) =>
      liveSession(app, ws, negotiateLang(request.headers['accept-language'])),
    );
  };
  app.server.on('upgrade', onUpgrade);
  // Before the HTTP server closes, which would otherwise wait for these sockets.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}

function liveSession(app: FastifyInstance, ws: WebSocket, acceptLang: Lang): void {
  const hub = liveFor(app.db, app.config.databaseUrl, app.log as Logger);
  const subscriptions = new Map<number, () => void>();
  let lang = acceptLang;
  let auth: Awaited<ReturnType<typeof authenticate>> | undefined;
  let busy = Promise.resolve();

  const send = (message: object) => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > SLOW_CONSUMER_BYTES) {
      app.log.warn({ userId: auth?.userId }, 'live: a socket fell behind and was dropped');
      ws.close(CLOSE_TOO_SLOW, 'too slow');
      ws.terminate();
      return;
    }
    ws.send(JSON.stringify(message));
  };
  const refuse = (key: MessageKey, code?: number) =>
    send({ type: 'error', ...(code === undefined ? {} : { code }), message: translate(key, lang) });
  const push = (update: LiveUpdate) => send(update);

  const timer = setTimeout(() => {
    if (!auth) ws.close(CLOSE_UNAUTHORISED, 'sign in first');
  }, AUTH_WITHIN_MS);
  timer.unref();

  ws.on('close', () => {
    clearTimeout(timer);
    for (const unsubscribe of subscriptions.values()) unsubscribe();
    subscriptions.clear();
  });
  ws.on('error', (error) => app.log.debug({ err: error }, 'live: socket error'));

  const handle = async (raw: string) => {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = liveClientMessage.safeParse(json);
    if (!parsed.success) return refuse('telemetry.live.badMessage');
    const message = parsed.data;
    if (message.type === 'auth') {
      try {
        auth = await authenticate(app.db.kysely, app.config, message.token);
      } catch (error) {
        const code = error instanceof AppError ? error.code : 401;
        refuse('telemetry.live.badToken', code);
        ws.close(CLOSE_UNAUTHORISED, 'bad token');
        return;
      }
      lang = toLang(auth.lang) ?? lang;
      if (!auth.superAdmin && !hasPermission(auth.permissions, '/iot/devices', 'view')) {
        refuse('auth.forbidden', 403);
        ws.close(CLOSE_UNAUTHORISED, 'forbidden');
        return;
      }
      return send({ type: 'ready' });
    }
    if (!auth) {
      refuse('telemetry.live.badToken', 401);
      ws.close(CLOSE_UNAUTHORISED, 'sign in first');
      return;
    }
    if (message.type === 'unsubscribe') {
      for (const id of message.deviceIds) {
        subscriptions.get(id)?.();
        subscriptions.delete(id);
      }
      return send({ type: 'unsubscribed', deviceIds: message.deviceIds });
    }
    const wanted = message.deviceIds.filter((id) => !subscriptions.has(id));
    if (subscriptions.size + wanted.length > LIVE_SUBSCRIPTIONS_MAX) return refuse('telemetry.live.tooMany');
    const scope = await accountScopeOf(app.db.kysely, auth);
    const visible = wanted.length ? await visibleDeviceIds(app.db.kysely, scope, wanted) : [];
    for (const id of visible) subscriptions.set(id, hub.subscribe(id, push));
    send({ type: 'subscribed', deviceIds: visible, refused: wanted.filter((id) => !visible.includes(id)) });
  };

  ws.on('message', (data, isBinary) => {
    // One message at a time, in order: a subscribe never overtakes the auth before it.
    busy = busy
      .then(() => (isBinary ? refuse('telemetry.live.badMessage') : handle(data.toString())))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'live: a message failed');
        refuse('http.internal');
      });
  });
}
