import type { AlarmCondition } from '@meridian/contracts';
import { DEVICE_KINDS } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { defineJob, type Schedule } from '../../platform/jobs/types.ts';
import { actOn } from './apply.ts';
import { runningEngine } from './engine.ts';
import { devicesWithPending, devicesWithRepeatingAlarms, enabledTriggers } from './engine-repository.ts';
import { devicesOf } from './repository.ts';
import { latestValuesOf, loadDevices } from './store.ts';

/**
 * The scheduled check: what no new reading will reveal. Devices gone offline or silent (the
 * "device offline" and "no data for N minutes" conditions), conditions whose duration has run out
 * with no reading since, and alarms due for a repeated push. Read from the database alone, so it
 * may run in any process; the unique active key keeps it and the live engine from firing twice.
 */
export async function checkAlarms(db: Db, now: number, log: Logger): Promise<number> {
  const k = db.kysely;
  const deviceIds = new Set<number>();
  const triggers = await enabledTriggers(k);
  for (const t of triggers) {
    const conditions = fromJson<AlarmCondition[]>(t.conditions);
    if (!conditions.some((c) => DEVICE_KINDS.includes(c.kind))) continue;
    for (const id of await devicesOf(k, t)) deviceIds.add(id);
  }
  for (const id of await devicesWithPending(k)) deviceIds.add(id);
  for (const id of await devicesWithRepeatingAlarms(k)) deviceIds.add(id);

  let checked = 0;
  const ids = [...deviceIds].sort((a, b) => a - b);
  // A few hundred devices at a time: each group read in a few queries, as the live engine does.
  for (let i = 0; i < ids.length; i += 200) {
    const group = ids.slice(i, i + 200);
    const contexts = await loadDevices(k, group, now);
    const latest = await latestValuesOf(k, [...contexts.keys()]);
    for (const [id, ctx] of contexts) {
      if (ctx.triggers.length === 0) continue;
      try {
        const values = latest.get(id) ?? new Map();
        await actOn(db, ctx, { values, at: now, offline: ctx.offline, lastDataAt: ctx.lastDataAt }, log);
        // The live engine of this process, where there is one, reads the device again at its next reading.
        runningEngine(db)?.forget(id);
        checked++;
      } catch (error) {
        log.error({ err: error, deviceId: id }, 'alarms: the scheduled check of a device failed');
      }
    }
  }
  return checked;
}

export const ALARMS_CHECK_JOB = 'iot.alarms.check';

export const alarmsCheckJob = defineJob({
  kind: ALARMS_CHECK_JOB,
  maxAttempts: 1,
  async run(_job, { db, log }) {
    await checkAlarms(db, Date.now(), log);
  },
});

/** Every minute: offline and no-data alarms fire within a minute, as the offline job marks devices. */
export const alarmsSchedules: Schedule[] = [{ kind: ALARMS_CHECK_JOB, cron: '* * * * *' }];
