import type { Socket } from 'node:net';
import { itemValue } from '@meridian/simulator/cjt188';
import type { ModbusRequest } from '@meridian/simulator/modbus';
import type { Logger } from 'pino';
import { AppError } from '../../platform/http/errors.ts';
import type { FaultReason, Telemetry } from '../telemetry/types.ts';
import { atCommands, atFrame, atVerdict, DEFAULT_COMMAND_PASSWORD } from './at-commands.ts';
import { customRequest, customValues, customWriteDone, customWriteFrame } from './custom.ts';
import { DtuFirmwareSession, upgradeDtu } from './dtu-ota.ts';
import { Exchange, type LineFraming, type LinkCounters, SlaveFailure } from './exchange.ts';
import type { DeviceConfiguration, DeviceLink, FirmwareReport, FirmwareTransfer } from './links.ts';
import type { LinkHolder } from './node.ts';
import { decodeBlockInto, EMPTY_PLAN, type PlannedRead, type ReadBlock, type ReadPlan, readPlan } from './planner.ts';
import type { TemplatePlans } from './plans.ts';
import type { PollSchedule, Scheduled } from './schedule.ts';
import { EncodeError, encodeRaw, type GatewayPoint, pointValue } from './values.ts';

export interface PollingOptions {
  /** How long one request waits for its reply. */
  readTimeoutMs: number;
  /** Further tries of a request that failed (not after an exception reply: the slave answered). */
  retries: number;
  /** How often the bytes counted are reported through telemetry.network. */
  networkEveryMs: number;
  /** Consecutive polls a slave may fail (no reply, or a reply that cannot be read) before the device is in fault. */
  faultAfterPolls: number;
  /** How long a DTU has to answer one network AT command (remote configuration). */
  atTimeoutMs: number;
}

export interface ConnectionContext {
  telemetry: Telemetry;
  schedule: PollSchedule;
  plans: TemplatePlans;
  log: Logger;
  options: PollingOptions;
  /** This process's lease on the links it holds; absent, no lease is kept (tests of the port alone). */
  holder?: LinkHolder;
}

type CloseReason = 'disconnected' | 'replaced' | 'disabled' | 'restarted';

/** How each slave fared over the last polls: consecutive polls without an answer, and how the last one failed. */
interface SlaveHealth {
  failedPolls: number;
  reason: FaultReason;
}

/** One poll cycle: when it started, its plan and the next of its reads to send, the reads not yet done, the values read so far, and how each slave answered. */
interface Cycle {
  at: number;
  plan: ReadPlan;
  next: number;
  left: number;
  readings: Array<{ pointId: number; value: number | string | null }>;
  /**
   * Per slave (Modbus address or meter address): whether one of its reads succeeded, else how its
   * reads failed. The connection's one map, emptied at each cycle: one cycle runs at a time.
   */
  slaves: Map<number | string, FaultReason | 'answered'>;
}

/** A write or a debugging exchange waiting for the line, and how to fail it if the link closes first. */
interface UrgentTask {
  run(): Promise<void>;
  fail(error: AppError): void;
}

/** A PC client relaying raw bytes to and from the serial device behind a DTU (passthrough/relay.ts). */
export interface PassthroughPeer {
  /** Bytes from the serial device (heartbeats and registration prefixes already taken off). */
  fromDevice(chunk: Buffer): void;
  /** The DTU's connection closed: the session ends. */
  deviceGone(): void;
}

/** The line of a DTU held by a passthrough session: bytes to the device, and its release. */
export interface PassthroughLine {
  /** Writes raw bytes to the DTU; the bytes still queued for its socket after this write. */
  send(bytes: Buffer): number;
  /** The session is over: polling resumes at once. */
  release(): void;
}

/** The spec's message for a failed command (spec section 8). */
export function commandError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof SlaveFailure) {
    if (error.kind === 'noReply') return new AppError(504, 'gateway.command.noReply');
    if (error.kind === 'errorReply')
      return new AppError(502, 'gateway.command.errorReply', { params: { code: error.exceptionCode } });
    if (error.kind === 'closed') return new AppError(409, 'gateway.offline');
  }
  return new AppError(502, 'gateway.command.failed');
}

/**
 * A registered DTU: its link for writes and Data Debugging, and its poller. One request is in
 * flight at a time (a serial bus behind it); writes and debugging queue ahead of the reads of a
 * poll cycle. A cycle reads every block of the plan and hands the values to telemetry in one batch.
 */
export class DtuConnection implements DeviceLink, Scheduled {
  readonly transport = 'tcp' as const;
  slot = -1;
  dueAt = 0;
  readonly counters: LinkCounters = { bytesIn: 0, bytesOut: 0, heartbeats: 0, failures: {} };
  /** Resolves once telemetry has been told the device went offline. */
  finished: Promise<void> = Promise.resolve();
  /** Online and offline reach telemetry in order, even when the socket drops while online is being written. */
  #announced: Promise<void> = Promise.resolve();
  readonly #exchange: Exchange;
  readonly #urgent: UrgentTask[] = [];
  #running = false;
  #closed: CloseReason | null = null;
  #points: readonly GatewayPoint[] = [];
  /** Shared by every device of the template (planner.ts readPlan). */
  #plan: ReadPlan = EMPTY_PLAN;
  #cycle: Cycle | null = null;
  #networkAt = 0;
  /** Slaves failing their reads; made at the first failure (most devices never have one). */
  #health: Map<number | string, SlaveHealth> | null = null;
  /** How each slave answered in the running cycle (Cycle.slaves). */
  readonly #slaves = new Map<number | string, FaultReason | 'answered'>();
  #faulty = false;
  /** The passthrough session holding (or waiting for) the line; while set, no cycle starts and commands are refused. */
  #peer: PassthroughPeer | null = null;
  /** The session has the line: the DTU's bytes go to the peer. */
  #relaying = false;

  readonly deviceId: number;
  readonly templateId: number | null;
  readonly socket: Socket;
  readonly intervalMs: number;
  readonly mergeLength: number;
  private readonly ctx: ConnectionContext;

  constructor(
    deviceId: number,
    templateId: number | null,
    socket: Socket,
    framing: LineFraming,
    intervalMs: number,
    mergeLength: number,
    ctx: ConnectionContext,
  ) {
    this.deviceId = deviceId;
    this.templateId = templateId;
    this.socket = socket;
    this.intervalMs = intervalMs;
    this.mergeLength = mergeLength;
    this.ctx = ctx;
    this.#exchange = new Exchange(socket, framing, this.counters);
  }

  /** The points to poll; a new template takes effect at the next cycle. */
  usePoints(points: readonly GatewayPoint[]): void {
    if (points === this.#points) return;
    this.#points = points;
    this.#plan = readPlan(points, this.mergeLength);
  }

  get blocks(): readonly ReadBlock[] {
    return this.#plan.blocks;
  }

  /** Bytes from the socket, registration prefix and heartbeats already taken off. */
  receive(chunk: Buffer): void {
    if (this.#relaying && this.#peer) {
      this.#peer.fromDevice(chunk);
      return;
    }
    this.#exchange.receive(chunk);
  }

  /**
   * Tells telemetry the device is online once `after` (the replaced connection's offline) is
   * written, then starts polling: the first cycle at once, then every `intervalMs`. Polling waits
   * for the online record, so that the first data never brings the device online in its place.
   */
  start(now: number, after: Promise<void>): void {
    // After a restart, the devices of the previous run are released first: their offline record comes before this online one.
    const released = this.ctx.holder?.ready ?? Promise.resolve();
    this.#announced = Promise.all([after, released])
      .then(() => this.ctx.telemetry.online(this.deviceId, now, 'tcp', this.holder ?? undefined))
      .catch((error: unknown) => this.ctx.log.warn({ deviceId: this.deviceId, error }, 'telemetry online failed'));
    void this.#announced.then(() => {
      if (!this.#closed) this.ctx.schedule.at(this, Date.now());
    });
  }

  get holder(): string | null {
    return this.ctx.holder?.name ?? null;
  }

  run(now: number): void {
    if (this.#closed) return;
    this.ctx.schedule.at(this, Math.max(this.dueAt + this.intervalMs, now + 1));
    // While a PC client holds the line (passthrough), polling pauses: the tick is skipped (decision 0113).
    // A cycle still running (a slow bus) is not stacked on: this tick is skipped.
    const plan = this.#plan;
    if (!this.#peer && !this.#cycle && plan.reads.length) {
      this.#slaves.clear();
      this.#cycle = { at: now, plan, next: 0, left: plan.reads.length, readings: [], slaves: this.#slaves };
      this.#pump();
    }
    // The template may have been edited: its new points take effect at the next cycle. Checked
    // without a promise while the template's points are fresh (TemplatePlans.current).
    const points = this.ctx.plans.current(this.templateId);
    if (points) this.usePoints(points);
    else
      this.ctx.plans
        .get(this.templateId)
        .then((fresh) => this.usePoints(fresh))
        .catch((error: unknown) => this.ctx.log.warn({ deviceId: this.deviceId, error }, 'template not reloaded'));
  }

  /**
   * One read of a cycle. A read that fails leaves its points out of the cycle and marks its slave
   * (unless another read of it succeeded): "slave no reply" when nothing came back, else "data
   * collection failed". The other slaves' reads go on.
   */
  async #read(cycle: Cycle, read: PlannedRead): Promise<void> {
    try {
      // A Modbus block, most reads, is decoded here: no further promise per read.
      if (read.kind === 'modbus') decodeBlockInto(read.block, await this.#withRetries(read.request), cycle.readings);
      else await this.#collect(read, cycle.readings);
      cycle.slaves.set(read.slave, 'answered');
    } catch (error) {
      this.ctx.log.debug(
        { deviceId: this.deviceId, slave: read.slave, read: read.what, error: String(error) },
        'data collection failed',
      );
      if (cycle.slaves.get(read.slave) !== 'answered')
        cycle.slaves.set(
          read.slave,
          error instanceof SlaveFailure && error.kind === 'noReply' ? 'slaveNoReply' : 'collectFailed',
        );
    }
    if (--cycle.left === 0) this.#finishCycle(cycle);
  }

  /** Sends one meter or custom protocol read (with its retries) and adds the values of its answer to `readings`. */
  async #collect(read: Exclude<PlannedRead, { kind: 'modbus' }>, readings: Cycle['readings']): Promise<void> {
    const timeoutMs = this.ctx.options.readTimeoutMs;
    if (read.kind === 'meter') {
      const { point } = read.read;
      const { address, identifier, format } = point.meter;
      const raw = await this.#retrying(() => this.#exchange.meterRead(address, identifier, format, timeoutMs));
      readings.push({ pointId: point.id, value: pointValue(point, raw) });
    } else if (read.kind === 'water') {
      const { type, address, identifier, points } = read.read;
      const data = await this.#retrying(() => this.#exchange.waterRead(type, address, identifier, timeoutMs));
      for (const point of points)
        if (point.water)
          readings.push({ pointId: point.id, value: pointValue(point, itemValue(point.water.item, data)) });
    } else {
      const { definition, address } = read.read;
      const request = customRequest(definition, address);
      const answer = await this.#retrying(() => this.#exchange.customRead(definition, address, request, timeoutMs));
      readings.push(...customValues(read.read, answer));
    }
  }

  #finishCycle(cycle: Cycle): void {
    this.#cycle = null;
    if (!this.#closed) this.#judgeSlaves(cycle);
    if (cycle.readings.length)
      this.ctx.telemetry
        .record({ deviceId: this.deviceId, at: cycle.at, readings: cycle.readings })
        .catch((error: unknown) => this.ctx.log.warn({ deviceId: this.deviceId, error }, 'telemetry record failed'));
    if (Date.now() - this.#networkAt >= this.ctx.options.networkEveryMs) this.#reportNetwork();
  }

  /**
   * A slave that has not answered `faultAfterPolls` polls in a row puts the device in fault, with
   * the way it failed ("slave no reply", or "data collection failed" for replies that could not be
   * read); the fault clears once every slave answers again. Both are recorded.
   */
  #judgeSlaves(cycle: Cycle): void {
    cycle.slaves.forEach(this.#judgeSlave);
    let failing: SlaveHealth | undefined;
    if (this.#health)
      for (const health of this.#health.values())
        if (health.failedPolls >= this.ctx.options.faultAfterPolls) {
          failing = health;
          break;
        }
    if (Boolean(failing) === this.#faulty) return;
    this.#faulty = Boolean(failing);
    const at = cycle.at;
    const holder = this.holder ?? undefined;
    this.#announce(() =>
      failing
        ? this.ctx.telemetry.fault(this.deviceId, at, failing.reason, holder)
        : this.ctx.telemetry.recovered(this.deviceId, at, holder),
    );
  }

  /** Counts a slave's failed polls in a row, or forgets them once it answers (made once per connection, no entry arrays per cycle). */
  readonly #judgeSlave = (outcome: FaultReason | 'answered', slave: number | string): void => {
    if (outcome === 'answered') this.#health?.delete(slave);
    else {
      this.#health ??= new Map();
      const health = this.#health.get(slave) ?? { failedPolls: 0, reason: outcome };
      health.failedPolls++;
      health.reason = outcome;
      this.#health.set(slave, health);
    }
  };

  /** Runs a status change after the ones before it, so that telemetry hears them in order. */
  #announce(change: () => Promise<void>): void {
    this.#announced = this.#announced
      .then(change)
      .catch((error: unknown) => this.ctx.log.warn({ deviceId: this.deviceId, error }, 'telemetry status failed'));
  }

  #reportNetwork(): void {
    this.#networkAt = Date.now();
    this.ctx.telemetry
      .network(this.deviceId, { bytesIn: this.counters.bytesIn, bytesOut: this.counters.bytesOut })
      .catch((error: unknown) => this.ctx.log.warn({ deviceId: this.deviceId, error }, 'telemetry network failed'));
  }

  /** As #retrying for a Modbus request, without a closure per request (every read of every poll comes here). */
  async #withRetries(req: ModbusRequest): Promise<Buffer> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#exchange.request(req, this.ctx.options.readTimeoutMs);
      } catch (error) {
        if (this.#final(error, attempt)) throw error;
      }
    }
  }

  /** Tries a request again after a failure, not after an error reply (the slave answered) nor a closed link. */
  async #retrying<T>(request: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await request();
      } catch (error) {
        if (this.#final(error, attempt)) throw error;
      }
    }
  }

  /** Whether a request that failed with `error` at try `attempt` (0 the first) is not tried again. */
  #final(error: unknown, attempt: number): boolean {
    const final = !(error instanceof SlaveFailure) || error.kind === 'errorReply' || error.kind === 'closed';
    return final || attempt >= this.ctx.options.retries;
  }

  /** Runs `task` ahead of polling, with the line to itself; resolves or rejects with its outcome. */
  #urgently<T>(task: () => Promise<T>): Promise<T> {
    // A command would mix its bytes into the PC software's: refused rather than queued for as long as the session lasts.
    if (this.#peer && !this.#closed) return Promise.reject(new AppError(409, 'passthrough.busy'));
    return this.#queueUrgent(task);
  }

  #queueUrgent<T>(task: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new AppError(409, 'gateway.offline'));
    return new Promise<T>((resolve, reject) => {
      this.#urgent.push({ run: () => task().then(resolve, reject), fail: reject });
      this.#pump();
    });
  }

  /** Starts the next task if the line is free: a write or debugging exchange first, else the cycle's next read. */
  #pump(): void {
    if (this.#running) return;
    const urgent = this.#urgent.shift();
    const cycle = this.#cycle;
    let task: Promise<void>;
    if (urgent) task = urgent.run();
    // A closed link sends no further reads: its cycle is left unfinished, nothing of it recorded.
    else if (cycle && !this.#closed && cycle.next < cycle.plan.reads.length)
      task = this.#read(cycle, cycle.plan.reads[cycle.next++] as PlannedRead);
    else return;
    this.#running = true;
    task.then(this.#ran, this.#ranFailed);
  }

  /** The line is free again: the next task. Made once per connection, not per task. */
  readonly #ran = (): void => {
    this.#running = false;
    this.#pump();
  };

  readonly #ranFailed = (error: unknown): void => {
    this.ctx.log.warn({ deviceId: this.deviceId, error }, 'gateway task failed');
    this.#ran();
  };

  write(pointId: number, raw: number | boolean | string): Promise<void> {
    const point = this.#points.find((p) => p.id === pointId);
    if (!point) return Promise.reject(new AppError(404, 'gateway.pointNotFound'));
    if (point.custom && point.readWrite !== 'readOnly') return this.#writeCustom(point, raw);
    if (
      point.meter ||
      point.water ||
      point.custom ||
      point.readWrite === 'readOnly' ||
      point.registerType === 'discreteInput' ||
      point.registerType === 'inputRegister'
    )
      return Promise.reject(new AppError(400, 'gateway.readOnly'));
    return this.#urgently(async () => {
      try {
        await this.#writePoint(point, raw);
      } catch (error) {
        throw commandError(error);
      }
      // Read the written value back at once rather than at the next cycle.
      if (!this.#cycle) this.ctx.schedule.at(this, Date.now());
    });
  }

  /**
   * Sends a custom protocol's write frame; none is "slave no reply" (decision 0140). An answer
   * ends the write when it matches the point's write answer (any answer without one, decision
   * 0164), otherwise the write is "Execution failure".
   */
  #writeCustom(point: GatewayPoint, raw: number | boolean | string): Promise<void> {
    let frame: Buffer;
    try {
      frame = customWriteFrame(point, Number(raw));
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#urgently(async () => {
      let answer: Buffer;
      try {
        answer = await this.#exchange.raw(frame, this.ctx.options.readTimeoutMs);
      } catch (error) {
        throw commandError(error);
      }
      if (!customWriteDone(point, frame, answer)) throw new AppError(502, 'gateway.command.failed');
      if (!this.#cycle) this.ctx.schedule.at(this, Date.now());
    });
  }

  async #writePoint(point: GatewayPoint, raw: number | boolean | string): Promise<void> {
    const value = typeof raw === 'boolean' ? (raw ? 1 : 0) : raw;
    if (point.registerType === 'coil') {
      const on = Number(value) !== 0;
      await this.#withRetries({
        slave: point.slave,
        fn: 5,
        address: point.address,
        count: 1,
        data: Uint8Array.of(on ? 0xff : 0, 0),
      });
      return;
    }
    let bytes: Buffer;
    try {
      bytes = encodeRaw(point, value);
    } catch (error) {
      if (error instanceof EncodeError) throw new AppError(400, 'gateway.command.formatError');
      throw error;
    }
    if (point.variant === 'bit') {
      // One bit of a holding register: read the register, change the bit, write it back.
      const current = (
        await this.#withRetries({ slave: point.slave, fn: 3, address: point.address, count: 1 })
      ).readUInt16BE(0);
      const mask = 1 << (point.bitIndex ?? 0);
      const next = Number(value) ? current | mask : current & ~mask;
      bytes = Buffer.from([(next >> 8) & 0xff, next & 0xff]);
    }
    if (bytes.length === 2)
      await this.#withRetries({ slave: point.slave, fn: 6, address: point.address, count: 1, data: bytes });
    else
      await this.#withRetries({
        slave: point.slave,
        fn: 16,
        address: point.address,
        count: bytes.length / 2,
        data: bytes,
      });
  }

  debug(payload: Buffer): Promise<Buffer> {
    return this.#urgently(async () => {
      try {
        const reply = await this.#exchange.raw(payload, this.ctx.options.readTimeoutMs);
        return reply;
      } catch (error) {
        throw commandError(error);
      }
    });
  }

  /**
   * Remote configuration by network AT commands (docs/protocols/device-configuration.md): the line
   * is held for the whole sequence, so no poll comes between two commands; the first command that
   * is refused or not answered ends it with the reason.
   */
  configure(configuration: DeviceConfiguration): Promise<void> {
    if (configuration.kind !== 'dtu') return Promise.reject(new AppError(400, 'config.failed.unsupported'));
    const { dtu } = configuration;
    const timeoutMs = this.ctx.options.atTimeoutMs;
    return this.#urgently(async () => {
      for (const command of atCommands(dtu)) {
        let reply: Buffer;
        try {
          reply = await this.#exchange.command(
            atFrame(dtu.commandPassword, command),
            (buf) => atVerdict(buf) !== null,
            timeoutMs,
          );
        } catch (error) {
          if (error instanceof SlaveFailure && error.kind === 'closed')
            throw new AppError(409, 'config.failed.offline');
          throw new AppError(504, 'config.failed.timeout', {
            params: { command, seconds: Math.ceil(timeoutMs / 1000) },
          });
        }
        const verdict = atVerdict(reply);
        if (!verdict?.ok)
          throw new AppError(502, 'config.failed.error', { params: { command, reply: verdict?.reply ?? '-' } });
      }
    });
  }

  /** Firmware upgrade by network AT commands (dtu-ota.ts): the line is held for the whole transfer. */
  upgrade(transfer: FirmwareTransfer): Promise<string> {
    return this.#urgently(() => upgradeDtu(this.#firmware(transfer.commandPassword), transfer));
  }

  reportFirmware(commandPassword: string): Promise<FirmwareReport> {
    return this.#urgently(() => this.#firmware(commandPassword).report());
  }

  #firmware(password = DEFAULT_COMMAND_PASSWORD): DtuFirmwareSession {
    return new DtuFirmwareSession(this.#exchange, password, this.ctx.options.atTimeoutMs);
  }

  /**
   * A passthrough session (decision 0113): polling pauses at once; the line is granted once the
   * request in flight is answered (or times out); until `release`, the DTU's bytes go to `peer` and
   * commands are refused with "device in passthrough". Rejects when the DTU is offline or already
   * in a session.
   */
  openPassthrough(peer: PassthroughPeer): Promise<PassthroughLine> {
    if (this.#closed) return Promise.reject(new AppError(409, 'gateway.offline'));
    if (this.#peer) return Promise.reject(new AppError(409, 'passthrough.busy'));
    this.#peer = peer;
    return new Promise<PassthroughLine>((granted, refused) => {
      this.#queueUrgent(
        () =>
          new Promise<void>((done) => {
            this.#relaying = true;
            let released = false;
            granted({
              send: (bytes) => {
                this.counters.bytesOut += bytes.length;
                this.socket.write(bytes);
                return this.socket.writableLength;
              },
              release: () => {
                if (released) return;
                released = true;
                this.#relaying = false;
                this.#peer = null;
                done();
                // Polling resumes at once rather than at the next tick.
                if (!this.#closed && !this.#cycle) this.ctx.schedule.at(this, Date.now());
              },
            });
          }),
      ).catch((error: unknown) => {
        this.#peer = null;
        refused(error);
      });
    });
  }

  get inPassthrough(): boolean {
    return this.#peer !== null;
  }

  close(reason: string): void {
    this.#shut(reason === 'replaced' || reason === 'disabled' || reason === 'restarted' ? reason : 'disconnected');
    this.socket.destroy();
  }

  /** The socket closed (or was closed): stop polling, fail what waits, tell telemetry once. */
  #shut(reason: CloseReason): void {
    if (this.#closed) return;
    this.#closed = reason;
    this.ctx.schedule.remove(this);
    this.#exchange.close();
    for (const task of this.#urgent.splice(0)) task.fail(new AppError(409, 'gateway.offline'));
    const peer = this.#peer;
    this.#peer = null;
    this.#relaying = false;
    peer?.deviceGone();
    this.#reportNetwork();
    const at = Date.now();
    this.finished = this.#announced
      .then(() => this.ctx.telemetry.offline(this.deviceId, at, reason, this.holder ?? undefined))
      .catch((error: unknown) => this.ctx.log.warn({ deviceId: this.deviceId, error }, 'telemetry offline failed'));
  }

  /** Called by the server when the socket has closed. */
  closed(): void {
    this.#shut('disconnected');
  }

  get isClosed(): boolean {
    return this.#closed !== null;
  }
}
