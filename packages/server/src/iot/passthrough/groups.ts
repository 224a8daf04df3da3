import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { DtuConnection, type PassthroughLine } from '../gateway/connection.ts';
import { linksFor } from '../gateway/links.ts';
import { strategiesPerDb } from './relay.ts';
import { enabledGroups } from './repository.ts';

export interface GroupOptions {
  /** How often the gateway reads the enabled groups and joins the members it holds. */
  syncMs: number;
  /** Bytes a member's link may have waiting before it leaves the bridge (as a PC session closes, 0113). */
  bufferCap: number;
}

export const GROUP_DEFAULTS: GroupOptions = { syncMs: 2000, bufferCap: 1024 * 1024 };

export interface GroupBridges {
  /** Reads the enabled groups once and joins or releases members; the loop calls it every `syncMs`. */
  sync(): Promise<void>;
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
        bridge = new Bridge(group, log, options.bufferCap);
        bridges.set(group.id, bridge);
      }
      bridge.join(db);
    }
    bridged.clear();
    for (const [id, bridge] of bridges) if (bridge.size) bridged.add(id);
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
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      for (const bridge of bridges.values()) bridge.close('stopped');
      bridges.clear();
      bridged.clear();
    },
  };
}

/** One group strategy's members held by this process, and the bytes between them. */
class Bridge {
  readonly #members = new Map<number, Member>();
  readonly group: Group;
  readonly log: Logger;
  readonly cap: number;

  constructor(group: Group, log: Logger, cap: number) {
    this.group = group;
    this.log = log;
    this.cap = cap;
  }

  get size(): number {
    return this.#members.size;
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
    const targets = from === this.group.managementId ? this.group.edgeIds : [this.group.managementId];
    for (const deviceId of targets) {
      const line = this.#members.get(deviceId)?.line;
      if (line && line.send(chunk) > this.cap) this.leave(deviceId, 'overflow');
    }
  }

  leave(deviceId: number, reason: LeaveReason): void {
    const member = this.#members.get(deviceId);
    if (!member) return;
    member.left = true;
    this.#members.delete(deviceId);
    member.line?.release();
    this.log[reason === 'overflow' ? 'warn' : 'info'](
      { strategyId: this.group.id, deviceId, reason },
      reason === 'overflow'
        ? 'passthrough group member left: more bytes waiting than the buffer cap'
        : 'passthrough group member left; polling resumes',
    );
  }

  close(reason: LeaveReason): void {
    for (const deviceId of [...this.#members.keys()]) this.leave(deviceId, reason);
  }
}
