import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { linksFor } from '../gateway/links.ts';
import type { LinkHolder } from '../gateway/node.ts';
import { RegistrationThrottle } from '../gateway/throttle.ts';
import type { Telemetry } from '../telemetry/types.ts';
import type { IngestCounters } from './counters.ts';
import { BadMessage, decodeAck, MAX_MESSAGE_BYTES } from './decode.ts';
import type { KnownDevice } from './directory.ts';
import { type Oversized, PacketGuard } from './guard.ts';
import { Ingest } from './ingest.ts';
import { MqttLink } from './link.ts';
import { deviceTopic, downTopic } from './topics.ts';

export interface BrokerOptions {
  db: Db;
  log: Logger;
  telemetry: Telemetry;
  /** 0 takes any free port (tests). */
  port: number;
  host?: string;
  retentionDays: number;
  commandTimeoutMs?: number;
  /** How long a new connection has to send its whole CONNECT (tests shorten it). */
  connectTimeoutMs?: number;
  /** This process's lease on the links it holds (decision 0048); absent, none is kept. */
  holder?: LinkHolder;
}

export interface RunningBroker {
  port: number;
  counters: IngestCounters;
  stop(): Promise<void>;
}

/** One connected MQTT device. */
interface Session {
  device: KnownDevice & { sn: string };
  link: MqttLink;
  socket: Socket;
  /** Set when the cloud closes the connection for a reason of its own. */
  closing?: 'disabled' | 'replaced';
  /** Its online and offline reach telemetry in order: the offline waits for the online. */
  announced: Promise<void>;
}

/** Why a connect was refused, as logged; the device only learns "bad user name or password". */
type Refusal = 'unknownSn' | 'badPassword' | 'clientIdMismatch' | 'disabled' | 'notMqtt';

const BAD_CREDENTIALS = 4;

/**
 * The largest packet before sign-in: a device's CONNECT takes under a hundred bytes (SN, password,
 * perhaps a small will), so a few KiB is room enough, and anything more is not a device signing in.
 */
export const MAX_PACKET_BEFORE_SIGN_IN = 4 * 1024;
/**
 * The largest packet of a signed-in device: the largest message plus its topic (a two-byte length
 * and at most `devices/<20-character SN>/status`, 35 bytes) and a two-byte packet id.
 */
export const MAX_PACKET_SIGNED_IN = MAX_MESSAGE_BYTES + 64;
/** A device sends its CONNECT within a round trip or two of connecting; a slow trickle is not one. */
const CONNECT_TIMEOUT_MS = 10_000;

const guardOf = (client: Client) => client.conn as PacketGuard;
const addressOf = (client: Client) => guardOf(client).remoteAddress ?? 'unknown';

function samePassword(given: Buffer | undefined, expected: string | null): boolean {
  if (!given || expected === null) return false;
  const wanted = Buffer.from(expected, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * The embedded MQTT broker (aedes on a plain TCP server): devices sign in with their SN as client
 * id and user name and their communication password, publish only on their own topics and
 * subscribe only to their own commands. An up message is stored before its PUBACK: aedes sends
 * the PUBACK once `authorizePublish` calls back, so a value acknowledged is a value committed.
 */
export async function startBroker(options: BrokerOptions): Promise<RunningBroker> {
  const { db, log, telemetry, holder } = options;
  const ingest = new Ingest(db, telemetry, log, options.retentionDays);
  const links = linksFor(db);
  let stopping = false;
  const sessions = new WeakMap<Client, Session>();
  const current = new Map<number, Session>();
  const sockets = new Set<Socket>();
  const background = new Set<Promise<unknown>>();

  /** Telemetry calls nobody waits for: logged when they fail, awaited when the broker stops. */
  const track = (work: Promise<unknown>, what: string) => {
    const tracked = work.catch((error: unknown) => log.error({ err: error }, `mqtt ${what} failed`));
    background.add(tracked);
    void tracked.finally(() => background.delete(tracked));
  };

  const throttle = new RegistrationThrottle();
  const refuseConnect = (client: Client, reason: Refusal, sn: string | undefined) => {
    const address = addressOf(client);
    throttle.fail(address, Date.now());
    ingest.refuse('refusedConnect', { sn, clientId: client.id, address }, reason);
    const error = new Error(`refused: ${reason}`) as AuthenticateError;
    error.returnCode = BAD_CREDENTIALS;
    return error;
  };

  type Done = (error: AuthenticateError | null, success: boolean | null) => void;

  /** The connect rules: client id = user name = SN, the password, enabled, an MQTT device. */
  function signIn(client: Client, sn: string | undefined, password: Readonly<Buffer | undefined>, done: Done): void {
    const address = addressOf(client);
    if (!sn || client.id !== sn) {
      done(refuseConnect(client, sn ? 'clientIdMismatch' : 'unknownSn', sn), false);
      return;
    }
    ingest.directory.bySn(sn, true).then(
      (device) => {
        const refusal: Refusal | null = !device
          ? 'unknownSn'
          : !samePassword(password, device.password)
            ? 'badPassword'
            : !device.enabled
              ? 'disabled'
              : device.protocol !== 'mqttJson'
                ? 'notMqtt'
                : null;
        if (refusal || !device) return done(refuseConnect(client, refusal ?? 'unknownSn', sn), false);
        const guard = guardOf(client);
        guard.signedIn();
        const link = new MqttLink({
          sn,
          points: device.points,
          counters: ingest.counters,
          timeoutMs: options.commandTimeoutMs,
          publish: (topic, payload) => publishDown(topic, payload),
          holder: holder?.name,
          disconnect: (reason) => {
            // Disabled or deleted (the devices service), or replaced by a connection on another
            // transport: the offline record says so, or there is none for a replacement.
            if (reason === 'disabled' || reason === 'replaced') session.closing = reason;
            client.close();
          },
        });
        const session: Session = {
          device: { ...device, sn },
          link,
          socket: guard.socket,
          announced: Promise.resolve(),
        };
        sessions.set(client, session);
        // Set before aedes closes an older connection of the same client id, so that its close
        // is known as a replacement rather than the device going offline.
        if (current.has(device.id)) ingest.counters.add('replaced');
        current.set(device.id, session);
        throttle.clear(address);
        done(null, true);
      },
      (error: unknown) => {
        log.error({ err: error, sn }, 'mqtt connect could not be checked');
        const refusal = new Error('server unavailable') as AuthenticateError;
        refusal.returnCode = 3;
        done(refusal, false);
      },
    );
  }

  const broker = await Aedes.createBroker({
    connectTimeout: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    authenticate(client, username, password, done) {
      const address = addressOf(client);
      const wait = throttle.waitSeconds(address, Date.now());
      if (wait === 0) {
        signIn(client, username, password, done);
        return;
      }
      // Repeated failures from this address: heard later rather than refused, since devices
      // behind one carrier NAT share the address of the one that is misconfigured.
      ingest.counters.add('throttled');
      if (throttle.shouldLog(address, Date.now()))
        log.warn({ address, wait }, 'mqtt connects from this address slowed');
      setTimeout(() => signIn(client, username, password, done), wait * 1000).unref();
    },

    authorizeSubscribe(client, subscription, done) {
      const session = sessions.get(client);
      if (session && subscription.topic === downTopic(session.device.sn)) return done(null, subscription);
      ingest.refuse('forbiddenSubscribe', { sn: session?.device.sn }, subscription.topic);
      // A refused subscription is answered with a failure code; the connection stays.
      done(null, null);
    },

    authorizePublish(client, packet, done) {
      if (!client) return done(null);
      const session = sessions.get(client);
      const topic = deviceTopic(packet.topic);
      if (!session || !topic || topic.sn !== session.device.sn) {
        ingest.refuse('forbiddenTopic', { sn: session?.device.sn }, packet.topic);
        return done(new Error('publishing on another topic than the device’s own'));
      }
      // Closed like a larger packet, which the guard stops before it is read (see `tooLarge`).
      if (packet.payload.length > MAX_MESSAGE_BYTES) {
        tooLarge(session.device.sn, addressOf(client), `a message of ${packet.payload.length} bytes`);
        return done(new Error('a message larger than 64 KiB'));
      }
      // Device messages are events, never retained state for later subscribers.
      packet.retain = false;
      onDeviceMessage(session, topic.kind, packet).then(
        () => done(null),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });

  async function onDeviceMessage(session: Session, kind: 'up' | 'status' | 'ack', packet: PublishPacket) {
    const payload = packet.payload as Buffer;
    // The connection's online record first: data must not bring the device online in its place.
    await session.announced.catch(() => undefined);
    // The directory's copy (at most 30 s old): a device disabled, deleted or moved off MQTT since
    // it connected is let go, and a template edited since then is read with its new points.
    const device = await ingest.directory.bySn(session.device.sn);
    if (!device || device.id !== session.device.id || !device.enabled || device.protocol !== 'mqttJson') {
      session.closing = 'disabled';
      throw new Error('the device may no longer connect');
    }
    if (kind === 'up') {
      await ingest.up(device, payload);
    } else if (kind === 'status') {
      await ingest.status(device, payload);
    } else {
      try {
        session.link.ack(decodeAck(payload));
      } catch (error) {
        if (!(error instanceof BadMessage)) throw error;
        ingest.refuse(error.kind, { sn: session.device.sn }, error.message);
      }
    }
  }

  function publishDown(topic: string, payload: string): Promise<void> {
    return new Promise((resolve, reject) => {
      broker.publish(
        { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }

  broker.on('client', (client) => {
    const session = sessions.get(client);
    if (!session) return;
    ingest.counters.add('connected');
    links.set(session.device.id, session.link)?.close('replaced');
    // After a restart, the devices of the previous run are released first: their offline record comes before this online one.
    session.announced = (holder?.ready ?? Promise.resolve()).then(() =>
      ingest.online(session.device, 'mqtt', holder?.name),
    );
    track(session.announced, 'online');
  });

  broker.on('clientDisconnect', (client) => {
    const session = sessions.get(client);
    if (!session) return;
    sessions.delete(client);
    session.link.dispose();
    links.delete(session.device.id, session.link);
    const { id } = session.device;
    const stats = { bytesIn: session.socket.bytesRead, bytesOut: session.socket.bytesWritten };
    track(telemetry.network(id, stats), 'traffic');
    if (current.get(id) !== session) return;
    current.delete(id);
    if (session.closing === 'replaced') return;
    const at = Date.now();
    // Closed by a stop: the offline record says the cloud went away, not the device.
    const reason = session.closing === 'disabled' ? 'disabled' : stopping ? 'restarted' : 'disconnected';
    const offline = session.announced
      .catch(() => undefined)
      .then(() => telemetry.offline(id, at, reason, holder?.name));
    track(offline, 'offline');
  });

  broker.on('clientError', (client, error) => {
    log.info({ clientId: client.id, err: error.message }, 'mqtt connection closed on error');
  });

  // Before a CONNECT arrives, aedes closes on its connect timeout with this error (and on nothing
  // else of that name); counted, as connections opened and left silent or trickled hold sockets.
  broker.on('connectionError', (client, error) => {
    if (error.message !== 'connect did not arrive in time') return;
    ingest.refuse('connectTimedOut', { address: addressOf(client) });
  });

  /** Counts and logs a connection closed for a packet over the size limit (by the guard or `authorizePublish`). */
  function tooLarge(sn: string | undefined, address: string, what: string): void {
    ingest.refuse('tooLarge', { sn, address }, `${what}; the connection is closed`);
  }

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // Every byte reaches aedes through the guard, which closes the connection at the fixed header
    // of a packet larger than allowed, before its body is read.
    const guard = new PacketGuard(
      socket,
      { beforeSignIn: MAX_PACKET_BEFORE_SIGN_IN, signedIn: MAX_PACKET_SIGNED_IN },
      (packet: Oversized) => {
        const size = packet.length === null ? 'a malformed length' : `${packet.length} bytes`;
        const when = packet.signedIn ? '' : ' before sign-in';
        const what = `a ${packet.type} packet of ${size}${when} (at most ${packet.limit})`;
        tooLarge(sessions.get(client)?.device.sn, socket.remoteAddress ?? 'unknown', what);
      },
    );
    const client = broker.handle(guard);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  log.info({ port }, 'mqtt broker listening');

  return {
    port,
    counters: ingest.counters,
    async stop() {
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await Promise.allSettled([...background]);
    },
  };
}
