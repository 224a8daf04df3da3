import type { Db } from '../../platform/db/database.ts';
import { deleteInBatches } from '../../platform/db/sql.ts';
import type { Cleanup } from '../../platform/jobs/cleanup.ts';
import { defineJob, type Schedule } from '../../platform/jobs/types.ts';
import { DAY } from '../../platform/time.ts';
import { deadHolders, forgetDeadNodes } from './leases-repository.ts';
import { publishOffline } from './live.ts';
import { ensurePartitions, removeHistoryBefore } from './partitions.ts';
import { markOffline, releaseLinks } from './status.ts';
import { deleteNetworkSamplesBefore, silentDevices } from './status-repository.ts';

/** Day partitions kept ready ahead of today, so that writes never wait for one. */
const PARTITIONS_AHEAD = 3;

/**
 * Marks offline, with "device reported data timeout", every device that is not offline and has
 * sent nothing for `afterMs` (spec section 4: two hours by default). A batch at a time, so that a
 * gateway that died with ten thousand devices on it does not become one long transaction.
 */
export async function offlineSilentDevices(db: Db, now: number, afterMs: number): Promise<number> {
  let count = 0;
  for (;;) {
    const ids = await silentDevices(db.kysely, now - afterMs, 500);
    for (const id of ids) {
      if (await db.kysely.transaction().execute((trx) => markOffline(trx, id, now, 'timeout'))) count++;
    }
    if (ids.length < 500) return count;
  }
}

/** Releases every link `node` holds, a batch per transaction: each device still connected goes offline with "the cloud restarted". How many did. */
export async function releaseHeldLinks(db: Db, node: string, now: number, batch = 500): Promise<number> {
  let offline = 0;
  // Bounded: every turn deletes the links it read, until a turn finds fewer than a batch.
  for (;;) {
    const turn = await db.kysely.transaction().execute((trx) => releaseLinks(trx, node, now, batch));
    publishOffline(db, turn.offline, now, 'restarted');
    offline += turn.offline.length;
    if (turn.released < batch) return offline;
  }
}

/**
 * The links of gateway processes whose lease ran out (they died and did not come back under their
 * name, or stopped without giving every link back) are released (decision 0048).
 */
export async function releaseDeadGateways(db: Db, now: number): Promise<number> {
  let count = 0;
  for (const node of await deadHolders(db.kysely, now)) count += await releaseHeldLinks(db, node, now);
  await forgetDeadNodes(db.kysely, now);
  return count;
}

export const OFFLINE_JOB = 'iot.telemetry.offline';
export const PARTITIONS_JOB = 'iot.telemetry.partitions';

export const offlineJob = defineJob({
  kind: OFFLINE_JOB,
  maxAttempts: 1,
  async run(_job, { db, log, config }) {
    const released = await releaseDeadGateways(db, Date.now());
    if (released) log.info({ count: released }, 'devices offline: the gateway process holding them is gone');
    const count = await offlineSilentDevices(db, Date.now(), config.DEVICE_OFFLINE_AFTER_MINUTES * 60_000);
    if (count) log.info({ count }, 'devices offline after data timeout');
  },
});

export const partitionsJob = defineJob({
  kind: PARTITIONS_JOB,
  maxAttempts: 3,
  async run(_job, { db, log }) {
    const created = await ensurePartitions(db, Date.now() - DAY, PARTITIONS_AHEAD + 2);
    if (created.length) log.info({ created }, 'telemetry partitions created');
  },
});

export const telemetrySchedules: Schedule[] = [
  // Checked every minute; a device goes offline within a minute of its timeout.
  { kind: OFFLINE_JOB, cron: '* * * * *' },
  { kind: PARTITIONS_JOB, cron: '15 * * * *' },
];

/** History past TELEMETRY_RETENTION_DAYS (35 by default), removed by the nightly cleanup. */
export const historyCleanup: Cleanup = {
  name: 'telemetry history',
  run: (db, now, { config }) => removeHistoryBefore(db, now - config.TELEMETRY_RETENTION_DAYS * DAY),
};

/** Network samples past TELEMETRY_RETENTION_DAYS, as history goes. */
export const networkSamplesCleanup: Cleanup = {
  name: 'network samples',
  run: (db, now, { config }) =>
    deleteInBatches((limit) =>
      deleteNetworkSamplesBefore(db.kysely, now - config.TELEMETRY_RETENTION_DAYS * DAY, limit),
    ),
};
