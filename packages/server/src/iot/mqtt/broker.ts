import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { linksFor } from '../gateway/links.ts';
import type { LinkHolder } from '../gateway/node.ts';
import { RegistrationThrottle } from '../gateway/throttle.ts';
import type { Telemetry } from '../telemetry/types.ts';
import { configReplyTopic, configTopic, onConfigReply } from './config.ts';
import type { IngestCounters } from './counters.ts';
import { BadMessage, decodeAck, MAX_MESSAGE_BYTES } from './decode.ts';
import type { KnownDevice } from './directory.ts';
import { type Oversized, PacketGuard } from './guard.ts';
import { Ingest } from './ingest.ts';
import { MqttLink } from './link.ts';
import { otaTopic, otaUpTopic } from './ota.ts';
import { onOtaMessage } from './ota-ingest.ts';
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
  /** How long a device has to answer each message of a firmware transfer (tests shorten it). */
  otaTimeoutMs?: number;
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

/** What the parts of a running broker share: its devices' sessions, its sockets, its counters. */
interface BrokerState {
  options: BrokerOptions;
  log: Logger;
  telemetry: Telemetry;
  holder: LinkHolder | undefined;
  ingest: Ingest;
  links: ReturnType<typeof linksFor>;
  throttle: RegistrationThrottle;
  /** The session of each connection signed in. */
  sessions: WeakMap<Client, Session>;
  /** The newest session of each device: an older one closing is a replacement, not an outage. */
  current: Map<number, Session>;
  sockets: Set<Socket>;
  /** Telemetry calls nobody waits for, awaited when the broker stops. */
  background: Set<Promise<unknown>>;
  stopping: boolean;
  /** Set once aedes is made; used only after devices connect. */
  aedes?: Aedes;
}

type Done = (error: AuthenticateError | null, success: boolean | null) => void;

/** Telemetry calls nobody waits for: logged when they fail, awaited when the broker stops. */
function track(state: BrokerState, work: Promise<unknown>, what: string): void {
  const tracked = work.catch((error: unknown) => state.log.error({ err: error }, `mqtt ${what} failed`));
  state.background.add(tracked);
  void tracked.finally(() => state.background.delete(tracked));
}

function refuseConnect(state: BrokerState, client: Client, reason: Refusal, sn: string | undefined): AuthenticateError {
  const address = addressOf(client);
  state.throttle.fail(address, Date.now());
  state.ingest.refuse('refusedConnect', { sn, clientId: client.id, address }, reason);
  const error = new Error(`refused: ${reason}`) as AuthenticateError;
  error.returnCode = BAD_CREDENTIALS;
  return error;
}

/** Counts and logs a connection closed for a packet over the size limit (by the guard or `authorizePublish`). */
function tooLarge(state: BrokerState, sn: string | undefined, address: string, what: string): void {
  state.ingest.refuse('tooLarge', { sn, address }, `${what}; the connection is closed`);
}

function publishDown(state: BrokerState, topic: string, payload: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!state.aedes) return reject(new Error('the broker is not running'));
    state.aedes.publish(
      { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

/** The connect rules: client id = user name = SN, the password, enabled, an MQTT device. */
function signIn(
  state: BrokerState,
  client: Client,
  sn: string | undefined,
  password: Readonly<Buffer | undefined>,
  done: Done,
): void {
  const { ingest } = state;
  const address = addressOf(client);
  if (!sn || client.id !== sn) {
    done(refuseConnect(state, client, sn ? 'clientIdMismatch' : 'unknownSn', sn), false);
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
      if (refusal || !device) return done(refuseConnect(state, client, refusal ?? 'unknownSn', sn), false);
      const guard = guardOf(client);
      guard.signedIn();
      const link = new MqttLink({
        sn,
        points: device.points,
        counters: ingest.counters,
        timeoutMs: state.options.commandTimeoutMs,
        otaTimeoutMs: state.options.otaTimeoutMs,
        publish: (topic, payload) => publishDown(state, topic, payload),
        holder: state.holder?.name,
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
      state.sessions.set(client, session);
      // Set before aedes closes an older connection of the same client id, so that its close
      // is known as a replacement rather than the device going offline.
      if (state.current.has(device.id)) ingest.counters.add('replaced');
      state.current.set(device.id, session);
      state.throttle.clear(address);
      done(null, true);
    },
    (error: unknown) => {
      state.log.error({ err: error, sn }, 'mqtt connect could not be checked');
      const refusal = new Error('server unavailable') as AuthenticateError;
      refusal.returnCode = 3;
      done(refusal, false);
    },
  );
}

/** Connects after the address's throttle wait, if it has one. */
function authenticate(
  state: BrokerState,
  client: Client,
  username: string | undefined,
  password: Readonly<Buffer | undefined>,
  done: Done,
): void {
  const address = addressOf(client);
  const wait = state.throttle.waitSeconds(address, Date.now());
  if (wait === 0) {
    signIn(state, client, username, password, done);
    return;
  }
  // Repeated failures from this address: heard later rather than refused, since devices
  // behind one carrier NAT share the address of the one that is misconfigured.
  state.ingest.counters.add('throttled');
  if (state.throttle.shouldLog(address, Date.now()))
    state.log.warn({ address, wait }, 'mqtt connects from this address slowed');
  setTimeout(() => signIn(state, client, username, password, done), wait * 1000).unref();
}

/** A device publishes only on its own topics, messages of at most 64 KiB; each is stored before its PUBACK. */
function authorizePublish(
  state: BrokerState,
  client: Client | null,
  packet: PublishPacket,
  done: (error?: Error | null) => void,
): void {
  if (!client) {
    done(null);
    return;
  }
  const session = state.sessions.get(client);
  const topic = deviceTopic(packet.topic) ?? configReplyTopic(packet.topic) ?? otaUpTopic(packet.topic);
  if (!session || !topic || topic.sn !== session.device.sn) {
    state.ingest.refuse('forbiddenTopic', { sn: session?.device.sn }, packet.topic);
    done(new Error('publishing on another topic than the device’s own'));
    return;
  }
  // Closed like a larger packet, which the guard stops before it is read (see `tooLarge`).
  if (packet.payload.length > MAX_MESSAGE_BYTES) {
    tooLarge(state, session.device.sn, addressOf(client), `a message of ${packet.payload.length} bytes`);
    done(new Error('a message larger than 64 KiB'));
    return;
  }
  // Device messages are events, never retained state for later subscribers.
  packet.retain = false;
  onDeviceMessage(state, session, topic.kind, packet).then(
    () => done(null),
    (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
  );
}

async function onDeviceMessage(
  state: BrokerState,
  session: Session,
  kind: 'up' | 'status' | 'ack' | 'configReply' | 'otaReply' | 'otaInform',
  packet: PublishPacket,
): Promise<void> {
  const { ingest } = state;
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
  } else if (kind === 'configReply') {
    onConfigReply(ingest, session.link, session.device.sn, payload);
  } else if (kind === 'otaReply' || kind === 'otaInform') {
    await onOtaMessage(ingest, session.link, device.id, kind, payload);
  } else {
    try {
      session.link.ack(decodeAck(payload));
    } catch (error) {
      if (!(error instanceof BadMessage)) throw error;
      ingest.refuse(error.kind, { sn: session.device.sn }, error.message);
    }
  }
}

/** A device signed in: its link is the one commands go through, and its online record is written. */
function onConnected(state: BrokerState, client: Client): void {
  const session = state.sessions.get(client);
  if (!session) return;
  const { holder } = state;
  state.ingest.counters.add('connected');
  state.links.set(session.device.id, session.link)?.close('replaced');
  // After a restart, the devices of the previous run are released first: their offline record comes before this online one.
  session.announced = (holder?.ready ?? Promise.resolve()).then(() =>
    state.ingest.online(session.device, 'mqtt', holder?.name),
  );
  track(state, session.announced, 'online');
}

/** A device's connection closed: its traffic is counted, and it goes offline unless replaced. */
function onDisconnected(state: BrokerState, client: Client): void {
  const session = state.sessions.get(client);
  if (!session) return;
  state.sessions.delete(client);
  session.link.dispose();
  state.links.delete(session.device.id, session.link);
  const { id } = session.device;
  const stats = { bytesIn: session.socket.bytesRead, bytesOut: session.socket.bytesWritten };
  track(state, state.telemetry.network(id, stats), 'traffic');
  if (state.current.get(id) !== session) return;
  state.current.delete(id);
  if (session.closing === 'replaced') return;
  const at = Date.now();
  // Closed by a stop: the offline record says the cloud went away, not the device.
  const reason = session.closing === 'disabled' ? 'disabled' : state.stopping ? 'restarted' : 'disconnected';
  const offline = session.announced
    .catch(() => undefined)
    .then(() => state.telemetry.offline(id, at, reason, state.holder?.name));
  track(state, offline, 'offline');
}

/** The TCP server: every byte reaches aedes through the guard, which stops oversized packets at their header. */
async function listen(state: BrokerState, aedes: Aedes): Promise<Server> {
  const server: Server = createServer((socket) => {
    state.sockets.add(socket);
    socket.on('close', () => state.sockets.delete(socket));
    // The guard closes the connection at the fixed header of a packet larger than allowed,
    // before its body is read.
    const guard = new PacketGuard(
      socket,
      { beforeSignIn: MAX_PACKET_BEFORE_SIGN_IN, signedIn: MAX_PACKET_SIGNED_IN },
      (packet: Oversized) => {
        const size = packet.length === null ? 'a malformed length' : `${packet.length} bytes`;
        const when = packet.signedIn ? '' : ' before sign-in';
        const what = `a ${packet.type} packet of ${size}${when} (at most ${packet.limit})`;
        tooLarge(state, state.sessions.get(client)?.device.sn, socket.remoteAddress ?? 'unknown', what);
      },
    );
    const client = aedes.handle(guard);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(state.options.port, state.options.host ?? '0.0.0.0', () => resolve());
  });
  return server;
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
  const state: BrokerState = {
    options,
    log,
    telemetry,
    holder,
    ingest,
    links: linksFor(db),
    throttle: new RegistrationThrottle(),
    sessions: new WeakMap(),
    current: new Map(),
    sockets: new Set(),
    background: new Set(),
    stopping: false,
  };

  const aedes = await Aedes.createBroker({
    connectTimeout: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    authenticate: (client, username, password, done) => authenticate(state, client, username, password, done),
    authorizeSubscribe(client, subscription, done) {
      const session = state.sessions.get(client);
      if (session && subscription.topic === downTopic(session.device.sn)) return done(null, subscription);
      if (session && subscription.topic === configTopic(session.device.sn)) return done(null, subscription);
      if (session && subscription.topic === otaTopic(session.device.sn)) return done(null, subscription);
      ingest.refuse('forbiddenSubscribe', { sn: session?.device.sn }, subscription.topic);
      // A refused subscription is answered with a failure code; the connection stays.
      done(null, null);
    },
    authorizePublish: (client, packet, done) => authorizePublish(state, client, packet, done),
  });
  state.aedes = aedes;

  aedes.on('client', (client) => onConnected(state, client));
  aedes.on('clientDisconnect', (client) => onDisconnected(state, client));
  aedes.on('clientError', (client, error) => {
    log.info({ clientId: client.id, err: error.message }, 'mqtt connection closed on error');
  });
  // Before a CONNECT arrives, aedes closes on its connect timeout with this error (and on nothing
  // else of that name); counted, as connections opened and left silent or trickled hold sockets.
  aedes.on('connectionError', (client, error) => {
    if (error.message !== 'connect did not arrive in time') return;
    ingest.refuse('connectTimedOut', { address: addressOf(client) });
  });

  const server = await listen(state, aedes);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  log.info({ port }, 'mqtt broker listening');

  return {
    port,
    counters: ingest.counters,
    async stop() {
      state.stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      for (const socket of state.sockets) socket.destroy();
      await closed;
      await Promise.allSettled([...state.background]);
    },
  };
}
