import { holdsMembership, levelInForce, planOf } from '@meridian/contracts';
import { deleteInBatches } from '../../platform/db/sql.ts';
import type { Cleanup } from '../../platform/jobs/cleanup.ts';
import { DAY } from '../../platform/time.ts';
import { accountTreeOf } from '../../portal/access/scope-repository.ts';
import { deleteDeviceHistoryBatch } from '../telemetry/partitions-repository.ts';
import { devicesOwnedBy, membershipHolders } from './repository.ts';

/**
 * The days of history an account's membership keeps (decision 0079): its level's days, never more
 * than the deployment keeps for everyone (`TELEMETRY_RETENTION_DAYS`, the history cleanup's limit).
 */
export function keptDays(
  account: Parameters<typeof levelInForce>[0] & Parameters<typeof holdsMembership>[0],
  now: number,
  ceiling: number,
): number {
  if (!holdsMembership(account)) return ceiling;
  return Math.min(planOf(levelInForce(account, now)).dataDays, ceiling);
}

const ACCOUNTS_PER_READ = 500;

/**
 * The nightly cleanup of history past each membership's days: for every account that keeps fewer
 * days than the deployment, its whole tree's devices lose what is older, a device and a batch at a
 * time. The deployment's own limit is the telemetry history cleanup's.
 */
export const membershipHistoryCleanup: Cleanup = {
  name: 'history past each membership',
  async run(db, now, { config }) {
    const ceiling = config.TELEMETRY_RETENTION_DAYS;
    let removed = 0;
    for (let after = 0; ; ) {
      const accounts = await membershipHolders(db.kysely, after, ACCOUNTS_PER_READ);
      if (accounts.length === 0) break;
      after = Number(accounts.at(-1)?.id);
      for (const account of accounts) {
        const days = keptDays(account, now, ceiling);
        if (days >= ceiling) continue;
        const cutoff = now - days * DAY;
        for (const deviceId of await devicesOwnedBy(db.kysely, await accountTreeOf(db.kysely, Number(account.id)))) {
          removed += await deleteInBatches(
            (limit) => deleteDeviceHistoryBatch(db.kysely, deviceId, cutoff, limit),
            500,
          );
        }
      }
    }
    return removed;
  },
};
