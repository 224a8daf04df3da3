import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { claimLink, dropLink, dropLinksOf, linkHolder, nodeAlive } from './leases-repository.ts';
import {
  addOnlineRecords,
  enabledStatusOf,
  hasActiveAlarm,
  setConnected,
  setFaultIfConnected,
  setOfflineAmong,
  setOfflineIfNot,
  setOnlineIfOffline,
  setRecoveredIfFault,
} from './status-repository.ts';
import type { FaultReason, OfflineReason, Transport } from './types.ts';

/**
 * The one place a device's connection state is written, with its online/offline record (callers
 * run each in a transaction, so the state and its record never part). Only enabled devices come
 * online. A device in alarm or fault is online for these purposes: coming online leaves those
 * alone, going offline replaces them.
 *
 * A `holder` is the gateway process (its name) whose connection the device is on: coming online
 * through it takes the device's link lease (`device_links`), going offline through it gives the
 * lease back, and does nothing while another process holds the device (decision 0048).
 */
export async function markOnline(
  db: Kysely<Database>,
  deviceId: number,
  at: number,
  via: Transport | null,
  holder?: string,
  /** Called in the transaction when the link was held by another gateway process, to tell it (decision 0076). */
  movedFrom?: (previous: string) => Promise<void>,
): Promise<boolean> {
  if (holder !== undefined && (via === 'tcp' || via === 'mqtt')) {
    const previous = await claimLink(db, deviceId, holder, via, at);
    if (previous !== null && previous !== holder) await movedFrom?.(previous);
    if (previous !== null && previous !== holder && (await movedHere(db, deviceId, at, via, previous))) return true;
  }
  if (!(await setOnlineIfOffline(db, deviceId, at))) return false;
  await addOnlineRecords(db, { device_id: deviceId, state: 'online', reason: null, transport: via, at });
  return true;
}

/**
 * The device, still online through another gateway process, reconnected here: that link is over
 * (the device opened this one), so its end is recorded ("replaced" while that process lives,
 * "restarted" once its lease has run out) before the new start. Whether it was written.
 */
async function movedHere(
  db: Kysely<Database>,
  deviceId: number,
  at: number,
  via: Transport,
  previous: string,
): Promise<boolean> {
  const was = await enabledStatusOf(db, deviceId);
  if (!was || was === 'offline') return false;
  const reason = (await nodeAlive(db, previous, at)) ? 'replaced' : 'restarted';
  // A fault was the old link's to see; this one finds its own.
  await setConnected(db, deviceId, (await hasActiveAlarm(db, deviceId)) ? 'alarm' : 'online', at);
  await addOnlineRecords(db, [
    { device_id: deviceId, state: 'offline', reason, transport: null, at },
    { device_id: deviceId, state: 'online', reason: null, transport: via, at },
  ]);
  return true;
}

export async function markOffline(
  db: Kysely<Database>,
  deviceId: number,
  at: number,
  reason: OfflineReason,
  holder?: string,
): Promise<boolean> {
  if (holder !== undefined) {
    // The device reconnected through another gateway process: its state is that link's now.
    if (!(await dropLink(db, deviceId, holder)) && (await linkHolder(db, deviceId)) !== undefined) return false;
  }
  if (!(await setOfflineIfNot(db, deviceId))) return false;
  await addOnlineRecords(db, { device_id: deviceId, state: 'offline', reason, transport: null, at });
  return true;
}

/** Connected, but its slaves do not answer: "fault" from online or alarm (a fault hides an alarm), with a record. */
export async function markFault(
  db: Kysely<Database>,
  deviceId: number,
  at: number,
  reason: FaultReason,
  holder?: string,
): Promise<boolean> {
  if (!(await setFaultIfConnected(db, deviceId, holder))) return false;
  await addOnlineRecords(db, { device_id: deviceId, state: 'fault', reason, transport: null, at });
  return true;
}

/** Its slaves answer again: out of "fault" into "alarm" while an alarm is active, else "online", with a record. The new status, or null when it was not in fault. */
export async function markRecovered(
  db: Kysely<Database>,
  deviceId: number,
  at: number,
  holder?: string,
): Promise<'online' | 'alarm' | null> {
  const status = await setRecoveredIfFault(db, deviceId, holder);
  if (status === undefined) return null;
  const next = status === 'alarm' ? 'alarm' : 'online';
  await addOnlineRecords(db, { device_id: deviceId, state: 'online', reason: 'recovered', transport: null, at });
  return next;
}

/**
 * Gives back up to `limit` links of a gateway process that is gone (restarted, or its lease ran
 * out): each device still marked connected goes offline with "the cloud restarted". Run in a
 * transaction; returns how many links were released and which devices went offline.
 */
export async function releaseLinks(
  db: Kysely<Database>,
  node: string,
  at: number,
  limit: number,
): Promise<{ released: number; offline: number[] }> {
  const released = await dropLinksOf(db, node, limit);
  if (released.length === 0) return { released: 0, offline: [] };
  const offline = await setOfflineAmong(db, released);
  if (offline.length)
    await addOnlineRecords(
      db,
      offline.map((id) => ({
        device_id: id,
        state: 'offline' as const,
        reason: 'restarted' as const,
        transport: null,
        at,
      })),
    );
  return { released: released.length, offline };
}
