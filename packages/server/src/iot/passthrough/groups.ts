import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { DtuConnection, type PassthroughLine } from '../gateway/connection.ts';
import { linksFor } from '../gateway/links.ts';
import { dialHop, groupHopLine, strategiesPerDb, tokenLine } from './relay.ts';
import { enabledGroups, forgetBridged, forgetBridgedOf, recordBridged, relaysOfDevices } from './repository.ts';

export interface GroupOptions {
  /** How often the gateway reads the enabled groups and joins the members it holds. */
  syncMs: number;
  /** Bytes a member's link may have waiting before it leaves the bridge (as a PC session closes, 0113). */
  bufferCap: number;
  /**
   * This process's lease name (decision 0167): the members it holds bridged are recorded under it,
   * for the list read on any process, and an edge recorded as held under it is not hopped to.
   */
  node?: string;
  /**
   * Several gateway processes (PASSTHROUGH_RELAY_SECRET, decision 0163): the process holding a
   * group's management DTU opens a hop to the process holding each of its other edges (0167).
   */
  relaySecret?: string;
}

interface GroupRelay {
  secret: string;
  node: string;
}

export const GROUP_DEFAULTS: GroupOptions = { syncMs: 2000, bufferCap: 1024 * 1024 };

export interface GroupBridges {
  /** Reads the enabled groups once and joins or releases members; the loop calls it every `syncMs`. */
  sync(): Promise<void>;
  /**
   * A hop from the process holding a group's management DTU for an edge DTU held here (decision
   * 0167): bridged with that edge while both ends last, refused (closed) when this process does not
   * hold the edge or the group is not enabled with it.
   */
  takeHop(socket: Socket, strategyId: number, edgeId: number, rest: Buffer): void;
  stop(): Promise<void>;
}

/** The group strategies with at least one member bridged on this process (for the list's state), by database handle. */
export const bridgedGroups = strategiesPerDb();

interface Group {
  id: number;
  managementId: number;
  edgeIds: number[];
}

interface Member {
  link: DtuConnection;
  line: PassthroughLine | null;
  left: boolean;
}

type LeaveReason = 'deviceGone' | 'overflow' | 'changed' | 'stopped';

/** What the edge's process answers a group hop it takes, before any byte of the serial line. */
const HOP_TAKEN = 'MERIDIAN-GROUP-OK';
/** How long the management DTU's process waits for that answer. */
const HOP_ANSWER_MS = 10_000;

/**
 * Kind B passthrough (decision 0157): every enabled group strategy bridges its management DTU with
 * its edge DTUs. Each member the process holds is given to the bridge through
 * `DtuConnection.openPassthrough` (its polling pauses, as for a PC session); bytes from the
 * management DTU's serial line go to every edge, bytes from an edge go to the management DTU.
 */
export function startGroupBridges(db: Db, log: Logger, options: GroupOptions): GroupBridges {
  const bridges = new Map<number, Bridge>();
  const bridged = bridgedGroups(db.kysely);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const relay = options.relaySecret && options.node ? { secret: options.relaySecret, node: options.node } : undefined;

  // The members bridged here, recorded in order (a join and a quick leave must not swap).
  let writes: Promise<void> = Promise.resolve();
  const write = (job: () => Promise<void>) => {
    writes = writes
      .then(job)
      .catch((error: unknown) => log.warn({ error }, 'passthrough group members bridged here not recorded'));
  };
  const { node } = options;
  const record = (strategyId: number, deviceId: number, on: boolean) => {
    if (!node) return;
    write(() =>
      on
        ? recordBridged(db.kysely, { device_id: deviceId, strategy_id: strategyId, node, since: Date.now() })
        : forgetBridged(db.kysely, deviceId, node),
    );
  };
  // What a process of the same name left when it died.
  if (node) write(() => forgetBridgedOf(db.kysely, node));

  async function once(): Promise<void> {
    const groups = await enabledGroups(db.kysely);
    if (stopped) return;
    const wanted = new Map(groups.map((g) => [g.id, g]));
    for (const [id, bridge] of bridges) {
      const group = wanted.get(id);
      if (!group || !bridge.same(group)) {
        bridge.close('changed');
        bridges.delete(id);
      }
    }
    for (const group of groups) {
      let bridge = bridges.get(group.id);
      if (!bridge) {
        bridge = new Bridge(group, log, options.bufferCap, record);
        bridges.set(group.id, bridge);
      }
      bridge.join(db);
    }
    if (relay) await reachRemoteEdges(relay);
    bridged.clear();
    for (const [id, bridge] of bridges) if (bridge.size) bridged.add(id);
  }

  /** The edges not held here of the groups whose management DTU is: a hop to each one's live holder. */
  async function reachRemoteEdges(to: GroupRelay): Promise<void> {
    const missing = [...bridges.values()].flatMap((bridge) => bridge.remoteEdges());
    if (!missing.length) return;
    const holders = await relaysOfDevices(db.kysely, missing, Date.now());
    if (stopped) return;
    for (const bridge of bridges.values()) bridge.reach(holders, to);
  }

  function sync(): Promise<void> {
    running = running.then(once).catch((error: unknown) => log.error({ error }, 'passthrough groups not read'));
    return running;
  }

  const loop = () => {
    if (stopped) return;
    void sync().then(() => {
      if (!stopped) timer = setTimeout(loop, options.syncMs);
    });
  };
  loop();

  return {
    sync,
    takeHop(socket, strategyId, edgeId, rest) {
      void (async () => {
        // A group just enabled may reach the management DTU's process before this one read it.
        if (!bridges.get(strategyId)?.holds(edgeId)) await sync();
        const bridge = bridges.get(strategyId);
        if (stopped || !bridge?.holds(edgeId)) {
          log.info({ strategyId, deviceId: edgeId }, 'passthrough group hop refused: the edge DTU is not held here');
          socket.destroy();
          return;
        }
        bridge.fromManagementHop(edgeId, socket, rest);
      })();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      for (const bridge of bridges.values()) bridge.close('stopped');
      bridges.clear();
      bridged.clear();
      if (node) write(() => forgetBridgedOf(db.kysely, node));
      await writes;
    },
  };
}

/**
 * One group strategy's members held by this process, and the bytes between them. Across gateway
 * processes (decision 0167), the process holding the management DTU keeps a hop to each edge held
 * elsewhere (`#edgeHops`), and an edge's process keeps the hop that came for it (`#managementHops`).
 */
class Bridge {
  readonly #members = new Map<number, Member>();
  /** On the management DTU's process: the hop to each edge held by another process, once that one took it. */
  readonly #edgeHops = new Map<number, { socket: Socket; taken: boolean; node: string }>();
  /** On an edge's process when the management DTU is held elsewhere: the hop that came for that edge. */
  readonly #managementHops = new Map<number, Socket>();
  readonly group: Group;
  readonly log: Logger;
  readonly cap: number;
  /** Tells the database a member's line is held bridged here, or given back. */
  readonly record: (strategyId: number, deviceId: number, on: boolean) => void;

  constructor(
    group: Group,
    log: Logger,
    cap: number,
    record: (strategyId: number, deviceId: number, on: boolean) => void,
  ) {
    this.group = group;
    this.log = log;
    this.cap = cap;
    this.record = record;
  }

  get size(): number {
    return this.#members.size;
  }

  /** Whether this process joined that edge to the bridge (its line granted or on the way). */
  holds(edgeId: number): boolean {
    return this.group.edgeIds.includes(edgeId) && this.#members.has(edgeId);
  }

  /** The edges to reach over a hop: none unless the management DTU is held here. */
  remoteEdges(): number[] {
    if (!this.#members.has(this.group.managementId)) return [];
    return this.group.edgeIds.filter((id) => !this.#members.has(id) && !this.#edgeHops.has(id));
  }

  /** Opens a hop to the live holder of each edge not held here (none recorded: it is offline, as on one process). */
  reach(holders: Map<number, { node: string; address: string }>, relay: GroupRelay): void {
    for (const edgeId of this.remoteEdges()) {
      const holder = holders.get(edgeId);
      if (!holder || holder.node === relay.node) continue;
      const socket = dialHop(holder.address, groupHopLine(relay.secret, this.group.id, edgeId), async (peer) => {
        const answer = await tokenLine(peer, HOP_ANSWER_MS, undefined, HOP_TAKEN.length + 1);
        if (this.#edgeHops.get(edgeId) !== hop) return;
        if (answer?.token !== HOP_TAKEN) {
          this.#dropEdgeHop(edgeId, 'refused');
          return;
        }
        hop.taken = true;
        this.log.info(
          { strategyId: this.group.id, deviceId: edgeId, gateway: hop.node },
          'passthrough group edge bridged through the gateway process holding it',
        );
        if (answer.rest.length) this.#toManagement(edgeId, answer.rest);
        peer.on('data', (chunk: Buffer) => this.#toManagement(edgeId, chunk));
        peer.resume();
      });
      const hop = { socket, taken: false, node: holder.node };
      socket.on('error', (error) =>
        this.log.debug(
          { strategyId: this.group.id, deviceId: edgeId, error: error.message },
          'passthrough group hop error',
        ),
      );
      socket.on('close', () => {
        if (this.#edgeHops.get(edgeId) === hop) this.#dropEdgeHop(edgeId, 'holderLeft');
      });
      this.#edgeHops.set(edgeId, hop);
    }
  }

  /** Bridges an edge held here with the management DTU held by the process that opened `socket`. */
  fromManagementHop(edgeId: number, socket: Socket, rest: Buffer): void {
    this.#managementHops.get(edgeId)?.destroy();
    this.#managementHops.set(edgeId, socket);
    socket.write(`${HOP_TAKEN}\n`);
    const toEdge = (chunk: Buffer) => {
      const line = this.#members.get(edgeId)?.line;
      if (line && line.send(chunk) > this.cap) this.leave(edgeId, 'overflow');
    };
    if (rest.length) toEdge(rest);
    socket.on('data', toEdge);
    socket.on('close', () => {
      if (this.#managementHops.get(edgeId) !== socket) return;
      this.#managementHops.delete(edgeId);
      this.log.info(
        { strategyId: this.group.id, deviceId: edgeId },
        'passthrough group edge no longer bridged to the management DTU on another gateway process',
      );
    });
    socket.resume();
    this.log.info(
      { strategyId: this.group.id, deviceId: edgeId },
      'passthrough group edge bridged to the management DTU on another gateway process',
    );
  }

  same(group: Group): boolean {
    return (
      group.managementId === this.group.managementId &&
      group.edgeIds.length === this.group.edgeIds.length &&
      group.edgeIds.every((id, i) => id === this.group.edgeIds[i])
    );
  }

  /** Opens the line of each member connected to this process and not yet bridged. */
  join(db: Db): void {
    for (const deviceId of [this.group.managementId, ...this.group.edgeIds]) {
      if (this.#members.has(deviceId)) continue;
      const link = linksFor(db).get(deviceId);
      if (!(link instanceof DtuConnection) || link.isClosed || link.inPassthrough) continue;
      const member: Member = { link, line: null, left: false };
      this.#members.set(deviceId, member);
      link
        .openPassthrough({
          fromDevice: (chunk) => this.#route(deviceId, chunk),
          deviceGone: () => this.leave(deviceId, 'deviceGone'),
        })
        .then((line) => {
          if (member.left) {
            line.release();
            return;
          }
          member.line = line;
          this.record(this.group.id, deviceId, true);
          this.log.info(
            { strategyId: this.group.id, deviceId, management: deviceId === this.group.managementId },
            'passthrough group member bridged; polling paused',
          );
        })
        .catch(() => {
          if (this.#members.get(deviceId) === member) this.#members.delete(deviceId);
        });
    }
  }

  /**
   * The management DTU's bytes go to every edge, an edge's to the management DTU. A member whose
   * line is not granted yet (or not connected) does not receive them: a serial bus keeps no bytes
   * for a device that is not on it.
   */
  #route(from: number, chunk: Buffer): void {
    if (from !== this.group.managementId) {
      this.#toManagement(from, chunk);
      return;
    }
    for (const deviceId of this.group.edgeIds) {
      const line = this.#members.get(deviceId)?.line;
      if (line && line.send(chunk) > this.cap) this.leave(deviceId, 'overflow');
    }
    for (const [edgeId, hop] of this.#edgeHops) {
      if (!hop.taken) continue;
      hop.socket.write(chunk);
      if (hop.socket.writableLength > this.cap) this.#dropEdgeHop(edgeId, 'overflow');
    }
  }

  /** An edge's bytes: to the management DTU's line when held here, else over the hop that came for this edge. */
  #toManagement(edgeId: number, chunk: Buffer): void {
    const management = this.#members.get(this.group.managementId);
    if (management) {
      if (management.line && management.line.send(chunk) > this.cap) this.leave(this.group.managementId, 'overflow');
      return;
    }
    const hop = this.#managementHops.get(edgeId);
    if (!hop) return;
    hop.write(chunk);
    if (hop.writableLength > this.cap) {
      this.log.warn(
        { strategyId: this.group.id, deviceId: edgeId },
        'passthrough group member left: more bytes waiting than the buffer cap',
      );
      hop.destroy();
    }
  }

  /** The hop to a remote edge ends: the edge's process releases it when its group is switched off. */
  #dropEdgeHop(edgeId: number, reason: LeaveReason | 'holderLeft' | 'refused'): void {
    const hop = this.#edgeHops.get(edgeId);
    if (!hop) return;
    this.#edgeHops.delete(edgeId);
    hop.socket.destroy();
    if (!hop.taken) {
      this.log.debug(
        { strategyId: this.group.id, deviceId: edgeId, gateway: hop.node, reason },
        'passthrough group hop not taken',
      );
      return;
    }
    this.log[reason === 'overflow' ? 'warn' : 'info'](
      { strategyId: this.group.id, deviceId: edgeId, gateway: hop.node, reason },
      reason === 'overflow'
        ? 'passthrough group member left: more bytes waiting than the buffer cap'
        : 'passthrough group edge on another gateway process left the bridge',
    );
  }

  leave(deviceId: number, reason: LeaveReason): void {
    const member = this.#members.get(deviceId);
    if (!member) return;
    member.left = true;
    this.#members.delete(deviceId);
    if (member.line) {
      member.line.release();
      this.record(this.group.id, deviceId, false);
    }
    // Without its management DTU here, this process hops to no edge; without its edge, a hop that came for it is idle.
    if (deviceId === this.group.managementId)
      for (const edgeId of [...this.#edgeHops.keys()]) this.#dropEdgeHop(edgeId, reason);
    this.#managementHops.get(deviceId)?.destroy();
    this.log[reason === 'overflow' ? 'warn' : 'info'](
      { strategyId: this.group.id, deviceId, reason },
      reason === 'overflow'
        ? 'passthrough group member left: more bytes waiting than the buffer cap'
        : 'passthrough group member left; polling resumes',
    );
  }

  close(reason: LeaveReason): void {
    for (const deviceId of [...this.#members.keys()]) this.leave(deviceId, reason);
    for (const edgeId of [...this.#edgeHops.keys()]) this.#dropEdgeHop(edgeId, reason);
    for (const socket of this.#managementHops.values()) socket.destroy();
  }
}
