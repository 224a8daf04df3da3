import { randomUUID } from 'node:crypto';
import type { MessageKey, MessageParams } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { type Db, databaseUrlOf } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError, type RuleBroken } from '../../platform/http/errors.ts';
import type { Cleanup } from '../../platform/jobs/cleanup.ts';
import { DAY } from '../../platform/time.ts';
import { brokerCommandsOf } from '../mqtt/commander.ts';
import type { Transport } from '../telemetry/types.ts';
import { keepMessage, liveHolderOf, notify, removeMessagesBefore, takeMessage } from './commands-repository.ts';
import { type DeviceLink, type DeviceRequest, linksFor } from './links.ts';

/**
 * Commands across processes (decision 0076). A write, a Data Debugging frame, a linkage or a timed
 * task's write may be issued on a process that does not hold the device's connection (an API
 * process, a job worker, another gateway process). On PostgreSQL the command goes by NOTIFY to the
 * gateway process named in `device_links`, which runs it on its link and NOTIFYs the answer (or
 * the error's message key) back to the process that asked. Payloads of 7000 bytes or more go
 * through a `gateway_messages` row; the notice carries its id. On SQLite (one process) the local
 * link is all there is.
 */

export const COMMAND_CHANNEL = 'gateway_commands';
export const REPLY_CHANNEL = 'gateway_replies';
/** NOTIFY refuses payloads of 8000 bytes or more. */
const MAX_NOTICE = 7000;

/**
 * How long the asking process waits for the holder's answer. The holder bounds each command by
 * its own timeouts (reads of 3 s with a retry, AT commands of 5 s, behind at most one poll), so an
 * answer comes well within it; none at all means the holder died: "device offline".
 */
export const REPLY_WAIT_MS = 30_000;

type Command =
  | { op: 'write'; deviceId: number; pointId: number; raw: number | boolean | string }
  | { op: 'debug'; deviceId: number; hex: string }
  | { op: 'ask'; deviceId: number; request: DeviceRequest; timeoutMs?: number }
  | { op: 'close'; deviceId: number; reason: string };

interface CommandEnvelope {
  id: string;
  /** The gateway name it is for. */
  to: string;
  /** The asking process's instance, for the answer; absent where none is awaited. */
  from?: string;
  command: Command;
}

interface ReplyEnvelope {
  id: string;
  to: string;
  ok: boolean;
  hex?: string;
  /** An `ask`'s result. */
  result?: unknown;
  error?: { status: number; key: string; params?: MessageParams; rules?: RuleBroken[] };
}

/** What goes over NOTIFY: the envelope itself, or where the large one is kept. */
interface Notice {
  to: string;
  body?: string;
  kept?: number;
}

interface Waiting {
  resolve(reply: ReplyEnvelope): void;
  timer: NodeJS.Timeout;
}

/** The command bus of one process (one per Db): asks other processes, and serves the gateway name this process runs under. */
export class CommandBus {
  /** Where answers to this process go. */
  readonly instance = randomUUID();
  readonly #db: Db;
  readonly #log: Logger;
  readonly #waiting = new Map<string, Waiting>();
  #serving: string | null = null;
  #client: pg.Client | undefined;
  #listening: Promise<void> | undefined;
  #closed = false;
  replyWaitMs = REPLY_WAIT_MS;

  constructor(db: Db, log: Logger) {
    this.#db = db;
    this.#log = log;
  }

  /** The gateway name whose commands this process runs, once `serve` was called. */
  get serving(): string | null {
    return this.#serving;
  }

  /** From now on, commands for `name` are run on this process's links. */
  async serve(name: string): Promise<void> {
    this.#serving = name;
    await this.#listen();
  }

  /** Sends a command to the gateway process `to` and waits for its answer; rejects with the holder's AppError. */
  async ask(to: string, command: Command): Promise<ReplyEnvelope> {
    await this.#listen();
    const id = randomUUID();
    const reply = new Promise<ReplyEnvelope>((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id);
        resolve({ id, to: this.instance, ok: false, error: { status: 409, key: 'gateway.offline' } });
      }, this.replyWaitMs);
      timer.unref();
      this.#waiting.set(id, { resolve, timer });
    });
    try {
      await this.#send(COMMAND_CHANNEL, to, JSON.stringify({ id, to, from: this.instance, command }));
    } catch (error) {
      const waiting = this.#waiting.get(id);
      if (waiting) clearTimeout(waiting.timer);
      this.#waiting.delete(id);
      throw error;
    }
    const answer = await reply;
    if (!answer.ok) {
      const e = answer.error ?? { status: 502, key: 'gateway.command.failed' };
      throw new AppError(e.status, e.key as MessageKey, {
        ...(e.params ? { params: e.params } : {}),
        ...(e.rules ? { rules: e.rules } : {}),
      });
    }
    return answer;
  }

  /** Sends a command that needs no answer (close a link). */
  async tell(to: string, command: Command): Promise<void> {
    await this.#send(COMMAND_CHANNEL, to, JSON.stringify({ id: randomUUID(), to, command }));
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#serving = null;
    for (const [id, waiting] of this.#waiting) {
      clearTimeout(waiting.timer);
      waiting.resolve({ id, to: this.instance, ok: false, error: { status: 409, key: 'gateway.offline' } });
    }
    this.#waiting.clear();
    if (buses.get(this.#db) === this) buses.delete(this.#db);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch((error: unknown) => this.#log.warn({ err: error }, 'commands: closing LISTEN failed'));
  }

  async #send(channel: string, to: string, body: string): Promise<void> {
    const notice: Notice =
      body.length < MAX_NOTICE - 200
        ? { to, body }
        : { to, kept: await keepMessage(this.#db.kysely, body, Date.now()) };
    await notify(this.#db.kysely, channel, JSON.stringify(notice));
  }

  /** One LISTEN connection per process, on both channels, opened on first use and reopened after a loss. */
  #listen(): Promise<void> {
    if (this.#listening) return this.#listening;
    const url = databaseUrlOf(this.#db);
    if (this.#closed || !url) return Promise.resolve();
    const client = new pg.Client({ connectionString: url });
    this.#client = client;
    const lost = (error: unknown) => {
      if (this.#client !== client) return;
      this.#log.warn({ err: error }, 'commands: LISTEN connection lost; reopening');
      this.#client = undefined;
      this.#listening = undefined;
      client.end().catch(() => undefined);
      if (!this.#closed) setTimeout(() => void this.#listen(), 1000).unref();
    };
    client.on('error', lost);
    client.on('notification', (message) => {
      if (message.payload) void this.#heard(message.channel, message.payload);
    });
    this.#listening = client
      .connect()
      .then(() => client.query(`listen ${COMMAND_CHANNEL}; listen ${REPLY_CHANNEL}`))
      .then(() => undefined, lost);
    return this.#listening;
  }

  async #heard(channel: string, payload: string): Promise<void> {
    try {
      const notice = JSON.parse(payload) as Notice;
      const mine = channel === COMMAND_CHANNEL ? notice.to === this.#serving : notice.to === this.instance;
      if (!mine) return;
      const body = notice.body ?? (notice.kept ? await takeMessage(this.#db.kysely, notice.kept) : undefined);
      if (!body) return;
      if (channel === REPLY_CHANNEL) {
        const reply = JSON.parse(body) as ReplyEnvelope;
        const waiting = this.#waiting.get(reply.id);
        if (!waiting) return;
        this.#waiting.delete(reply.id);
        clearTimeout(waiting.timer);
        waiting.resolve(reply);
        return;
      }
      await this.#run(JSON.parse(body) as CommandEnvelope);
    } catch (error) {
      this.#log.warn({ err: error, channel }, 'commands: a notice could not be handled');
    }
  }

  /** Runs a command on this process's link and answers the asker. */
  async #run(envelope: CommandEnvelope): Promise<void> {
    const { command } = envelope;
    const link = linksFor(this.#db).get(command.deviceId);
    let reply: ReplyEnvelope;
    try {
      if (command.op === 'close') {
        link?.close(command.reason);
        return;
      }
      if (!link) throw new AppError(409, 'gateway.offline');
      if (command.op === 'write') {
        await link.write(command.pointId, command.raw);
        reply = { id: envelope.id, to: envelope.from ?? '', ok: true };
      } else if (command.op === 'ask') {
        if (!link.ask) throw new AppError(400, 'gateway.askUnsupported');
        const result = await link.ask(command.request, command.timeoutMs);
        reply = { id: envelope.id, to: envelope.from ?? '', ok: true, result };
      } else {
        if (!link.debug) throw new AppError(400, 'gateway.debugUnsupported');
        const answer = await link.debug(Buffer.from(command.hex, 'hex'));
        reply = { id: envelope.id, to: envelope.from ?? '', ok: true, hex: answer.toString('hex') };
      }
    } catch (error) {
      const e =
        error instanceof AppError
          ? {
              status: error.status,
              key: error.key,
              ...(Object.keys(error.params).length ? { params: error.params } : {}),
              ...(error.rules.length ? { rules: [...error.rules] } : {}),
            }
          : { status: 502, key: 'gateway.command.failed' };
      if (!(error instanceof AppError))
        this.#log.warn({ err: error, deviceId: command.deviceId }, 'commands: a command failed');
      reply = { id: envelope.id, to: envelope.from ?? '', ok: false, error: e };
    }
    if (envelope.from) await this.#send(REPLY_CHANNEL, envelope.from, JSON.stringify(reply));
  }
}

const buses = new WeakMap<Db, CommandBus>();

/** The command bus of the process that holds this database handle. */
export function commandsFor(db: Db, log: Logger): CommandBus {
  let bus = buses.get(db);
  if (!bus) {
    bus = new CommandBus(db, log.child({ area: 'commands' }));
    buses.set(db, bus);
  }
  return bus;
}

/** Closes this database's command bus and its LISTEN connection, if one was made. */
export async function closeCommands(db: Db): Promise<void> {
  await buses.get(db)?.close();
}

/**
 * A device's connection held by another gateway process, reached through the bus: writes and
 * Data Debugging frames go there and their answers come back; configuration and firmware are run
 * by the holder itself (its runners look at the links it holds).
 */
class RemoteLink implements DeviceLink {
  readonly transport: Transport;
  readonly holder: string;
  readonly #bus: CommandBus;
  readonly #deviceId: number;

  constructor(bus: CommandBus, holder: string, deviceId: number, transport: Transport) {
    this.#bus = bus;
    this.holder = holder;
    this.#deviceId = deviceId;
    this.transport = transport;
  }

  async write(pointId: number, raw: number | boolean | string): Promise<void> {
    await this.#bus.ask(this.holder, { op: 'write', deviceId: this.#deviceId, pointId, raw });
  }

  async debug(payload: Buffer): Promise<Buffer> {
    const reply = await this.#bus.ask(this.holder, {
      op: 'debug',
      deviceId: this.#deviceId,
      hex: payload.toString('hex'),
    });
    return Buffer.from(reply.hex ?? '', 'hex');
  }

  async ask(request: DeviceRequest, timeoutMs?: number): Promise<unknown> {
    const reply = await this.#bus.ask(this.holder, {
      op: 'ask',
      deviceId: this.#deviceId,
      request,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    return reply.result ?? null;
  }

  close(reason: string): void {
    this.#bus.tell(this.holder, { op: 'close', deviceId: this.#deviceId, reason }).catch(() => undefined);
  }
}

/**
 * The device's link as this process reaches it: its own connection when it holds it; an MQTT
 * device of the external broker through this process's own connection to the broker (decision
 * 0131); on PostgreSQL, the connection of the live gateway process that holds it; otherwise none
 * ("device offline").
 */
export async function reachDevice(db: Db, deviceId: number, log: Logger): Promise<DeviceLink | undefined> {
  const local = linksFor(db).get(deviceId);
  if (local) return local;
  const viaBroker = await brokerCommandsOf(db)?.reach(deviceId);
  if (viaBroker || db.engine !== 'postgres') return viaBroker;
  const bus = commandsFor(db, log);
  const held = await liveHolderOf(db.kysely, deviceId, Date.now());
  if (!held || held.node === bus.serving) return undefined;
  return new RemoteLink(bus, held.node, deviceId, held.transport);
}

/**
 * The device reconnected through another gateway process: tells the one that held it that its
 * link there is over, so that it closes it and stops polling. Sent inside the transaction that
 * takes the link, so that it goes out once that is committed. PostgreSQL only.
 */
export async function releaseElsewhere(trx: Kysely<Database>, holder: string, deviceId: number): Promise<void> {
  const envelope: CommandEnvelope = {
    id: randomUUID(),
    to: holder,
    command: { op: 'close', deviceId, reason: 'replaced' },
  };
  const notice: Notice = { to: holder, body: JSON.stringify(envelope) };
  await notify(trx, COMMAND_CHANNEL, JSON.stringify(notice));
}

/** Kept payloads a day old were for a process that died before reading them. */
export const messagesCleanup: Cleanup = {
  name: 'gateway messages',
  run: (db, now) => removeMessagesBefore(db.kysely, now - DAY),
};
