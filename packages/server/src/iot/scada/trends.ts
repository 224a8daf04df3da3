import { SCADA_TREND_LOOK_BACK_MS, type ScadaDocument, type ScadaTrendSeed } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import * as repo from './repository.ts';
import { screenDetail } from './service.ts';

/**
 * The recent past of a document's trends (decision 0148): for each trend bound to a device `visible`
 * lets through, its point's numbers of the last day, oldest first, at most the trend's `samples`.
 */
export async function trendSeeds(
  db: Kysely<Database>,
  document: ScadaDocument,
  visible: (deviceId: number) => boolean,
  now = Date.now(),
): Promise<ScadaTrendSeed[]> {
  const seeds: ScadaTrendSeed[] = [];
  for (const element of document.elements) {
    if (element.kind !== 'trend' || !element.binding || !visible(element.binding.deviceId)) continue;
    const { deviceId, pointId } = element.binding;
    const rows = await repo.recentNumbers(db, deviceId, pointId, now - SCADA_TREND_LOOK_BACK_MS, element.samples);
    seeds.push({ elementId: element.id, values: rows.map((r) => Number(r.num)).reverse() });
  }
  return seeds;
}

/**
 * The trends' recent past of a screen as the viewer opens it (the published version unless an
 * editor asks for another), for the devices the caller may see: the same checks as opening it.
 */
export async function screenTrends(
  actor: Actor,
  id: number,
  device?: number,
  version?: Parameters<typeof screenDetail>[3],
): Promise<ScadaTrendSeed[]> {
  const { document } = await screenDetail(actor, id, device, version);
  const trends = document.elements.filter((e) => e.kind === 'trend' && e.binding);
  if (trends.length === 0) return [];
  const deviceIds = [...new Set(trends.map((e) => e.binding?.deviceId ?? 0))];
  const scope = await accountScopeOf(actor.db, actor.auth);
  const visible = new Set((await repo.devicesOfTemplateView(actor.db, scope, deviceIds)).map((d) => Number(d.id)));
  return trendSeeds(actor.db, document, (deviceId) => visible.has(deviceId));
}
