import { NETWORK_FLEET_SIZE, type NetworkFleet, type NetworkHistory, signalDbm } from '@meridian/contracts';
import { rulesBroken } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { deviceDetail } from '../devices/service.ts';
import { countReporting, fleetNetwork, networkSamples } from './repository.ts';

/** The longest history one call reads: 31 days. */
const HISTORY_SPAN_MS = 31 * 86_400_000;

type FleetRow = Awaited<ReturnType<typeof fleetNetwork>>[number];
const fleetDevice = (r: FleetRow) => ({
  deviceId: Number(r.device_id),
  name: r.name,
  sn: r.sn ?? '',
  status: r.status,
  signal: r.signal,
  signalDbm: signalDbm(r.signal),
  battery: r.battery,
  bytes: Number(r.bytes),
  updatedAt: Number(r.updated_at),
});

/** Network monitoring of the caller's fleet (issue 27): who is weakest, lowest, busiest. */
export async function networkFleetOf(actor: Actor): Promise<NetworkFleet> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const [reporting, weakest, lowBattery, busiest] = await Promise.all([
    countReporting(actor.db, scope),
    fleetNetwork(actor.db, scope, 'weakest', NETWORK_FLEET_SIZE),
    fleetNetwork(actor.db, scope, 'lowBattery', NETWORK_FLEET_SIZE),
    fleetNetwork(actor.db, scope, 'busiest', NETWORK_FLEET_SIZE),
  ]);
  return {
    reporting,
    weakest: weakest.map(fleetDevice),
    lowBattery: lowBattery.map(fleetDevice),
    busiest: busiest.map(fleetDevice),
  };
}

/** One device's signal, battery and traffic over time, for its charts. */
export async function networkHistoryOf(
  actor: Actor,
  deviceId: number,
  query: { from: number; to: number },
): Promise<NetworkHistory> {
  if (query.to < query.from) throw rulesBroken([{ field: 'to', key: 'telemetry.range.order' }]);
  if (query.to - query.from > HISTORY_SPAN_MS) throw rulesBroken([{ field: 'to', key: 'network.historySpan' }]);
  await deviceDetail(actor, deviceId);
  const { before, rows } = await networkSamples(actor.db, deviceId, query.from, query.to);
  let last = before ? Number(before.bytes_in) + Number(before.bytes_out) : null;
  return rows.map((r) => {
    const total = Number(r.bytes_in) + Number(r.bytes_out);
    // Totals only grow; a smaller one (the counters were reset) starts over from it.
    const bytes = last === null || total < last ? 0 : total - last;
    last = total;
    return { at: Number(r.at), signalDbm: signalDbm(r.signal), battery: r.battery, bytes };
  });
}
