import {
  BIGSCREEN_ALARM_DAYS,
  BIGSCREEN_FOLLOWED,
  BIGSCREEN_MAP,
  BIGSCREEN_PROJECTS,
  BIGSCREEN_RECENT_ALARMS,
  BIGSCREEN_TOP_DEVICES,
  type BigscreenSettings,
  type BigscreenView,
} from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { startOfDay } from '../../platform/time.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { isOwnPicture } from '../../portal/files/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { mapOf } from '../devices/views.ts';
import { mapPoints } from '../devices/views-repository.ts';
import { alarmWeek } from '../home/service.ts';
import { deviceOverview } from '../projects/statistics/service.ts';
import * as repo from './repository.ts';

const DAY = 86_400_000;
const DEFAULTS: BigscreenSettings = { title: '', logo: null, refreshSeconds: 30 };

/** The caller's monitor settings, the defaults until they save some. */
export async function bigscreenSettingsOf(actor: Actor): Promise<BigscreenSettings> {
  const row = await repo.settingsOf(actor.db, actor.auth.userId);
  if (!row) return { ...DEFAULTS };
  return {
    title: row.title,
    logo: row.logo,
    refreshSeconds: Number(row.refresh_seconds) as BigscreenSettings['refreshSeconds'],
  };
}

/** Saves the caller's monitor settings; a new logo must be a picture they uploaded, checked by its content. */
export async function saveBigscreenSettings(actor: Actor, body: BigscreenSettings): Promise<BigscreenSettings> {
  const before = await bigscreenSettingsOf(actor);
  if (body.logo !== null && body.logo !== before.logo && !(await isOwnPicture(actor.db, body.logo, actor.auth.userId)))
    throw new AppError(400, 'bigscreen.logo', { rules: [{ field: 'logo', key: 'bigscreen.logo' }] });
  await repo.saveSettings(actor.db, {
    user_id: actor.auth.userId,
    title: body.title,
    logo: body.logo,
    refresh_seconds: body.refreshSeconds,
    updated_at: Date.now(),
  });
  return bigscreenSettingsOf(actor);
}

/**
 * Everything the monitor shows besides its device list, in the caller's scope (decision 0121): the
 * device counts the Device Overview reads, the home page's alarm week, the week's top devices, the
 * newest alarms, the devices whose status the page follows for its live feed, and the located
 * devices of its map (decision 0154).
 */
export async function bigscreenView(actor: Actor, now = Date.now()): Promise<BigscreenView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const [settings, overview, alarms, recent, followed, located] = await Promise.all([
    bigscreenSettingsOf(actor),
    deviceOverview(actor),
    alarmWeek(actor, scope, now),
    repo.recentAlarms(actor.db, scope, BIGSCREEN_RECENT_ALARMS),
    repo.followedDevices(actor.db, scope, BIGSCREEN_FOLLOWED),
    mapPoints(actor.db, scope, {}, BIGSCREEN_MAP + 1),
  ]);
  // The first day of the charted week, in the deployment's zone, as the home page's week starts.
  const weekFrom = startOfDay(startOfDay(now) - (BIGSCREEN_ALARM_DAYS - 1) * DAY + DAY / 2);
  const topDevices = await repo.topAlarmDevices(actor.db, scope, weekFrom, BIGSCREEN_TOP_DEVICES);
  return {
    settings,
    devices: overview.devices,
    byProject: [...overview.byProject].sort((a, b) => b.total - a.total).slice(0, BIGSCREEN_PROJECTS),
    alarms: { ...alarms, topDevices },
    recent,
    followed,
    map: mapOf(located, BIGSCREEN_MAP),
  };
}
