import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { releaseDeadGateways } from '../telemetry/jobs.ts';
import { buildTelemetryWorld, quietLog, type TelemetryWorld } from '../telemetry/testing.ts';
import { linksFor } from './links.ts';
import { GatewayNode, LEASE_DEFAULTS } from './node.ts';

const LEASE = LEASE_DEFAULTS.leaseMs;

let t: TestApp;
let w: TelemetryWorld;
const nodes: GatewayNode[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildTelemetryWorld(t);
});
afterAll(async () => {
  for (const node of nodes) await node.stop();
  await w.telemetry.close();
  await t.close();
});

/** A gateway process of the test, started at `now`; a crash is simply never stopping it. */
async function gateway(name: string, now: number): Promise<GatewayNode> {
  const node = new GatewayNode(t.db, name, w.telemetry, quietLog);
  nodes.push(node);
  await node.start(now);
  return node;
}

/** What the device's page and records show, and which process holds its link. */
async function stateOf(deviceId: number) {
  const k = t.db.kysely;
  const { status } = await k
    .selectFrom('devices')
    .select('status')
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  const records = await k
    .selectFrom('device_online_records')
    .select(['state', 'reason', 'transport'])
    .where('device_id', '=', deviceId)
    .orderBy('id')
    .execute();
  const link = await k.selectFrom('device_links').select('node').where('device_id', '=', deviceId).executeTakeFirst();
  return { status, records, holder: link?.node ?? null };
}

it('a process restarted under its name takes the devices it held offline at once, "the cloud restarted", and no other', async () => {
  const now = Date.now();
  await gateway('gw-a', now);
  await gateway('gw-b', now);
  const onA = await w.addDevice();
  const onB = await w.addDevice();
  await w.telemetry.online(onA, now + 1, 'tcp', 'gw-a');
  await w.telemetry.online(onB, now + 1, 'mqtt', 'gw-b');
  expect(await stateOf(onA)).toMatchObject({ status: 'online', holder: 'gw-a' });

  // gw-a dies without a word; a new process starts under the same name.
  await gateway('gw-a', now + 2);
  expect(await stateOf(onA)).toEqual({
    status: 'offline',
    records: [
      { state: 'online', reason: null, transport: 'tcp' },
      { state: 'offline', reason: 'restarted', transport: null },
    ],
    holder: null,
  });
  expect(await stateOf(onB)).toEqual({
    status: 'online',
    records: [{ state: 'online', reason: null, transport: 'mqtt' }],
    holder: 'gw-b',
  });

  // The device reconnects to the new process: online, with a record.
  await w.telemetry.online(onA, now + 3, 'tcp', 'gw-a');
  expect(await stateOf(onA)).toMatchObject({ status: 'online', holder: 'gw-a' });
  expect((await stateOf(onA)).records.at(-1)).toEqual({ state: 'online', reason: null, transport: 'tcp' });
});

it('the offline job takes the devices of a process whose lease ran out offline, and leaves a renewing one alone', async () => {
  const now = Date.now();
  await gateway('gw-dead', now);
  const alive = await gateway('gw-alive', now);
  const lost = await w.addDevice();
  const kept = await w.addDevice();
  await w.telemetry.online(lost, now + 1, 'tcp', 'gw-dead');
  await w.telemetry.online(kept, now + 1, 'tcp', 'gw-alive');

  await alive.renew(now + LEASE / 2);
  expect(await releaseDeadGateways(t.db, now + LEASE / 2)).toBe(0);
  await alive.renew(now + LEASE);
  expect(await releaseDeadGateways(t.db, now + LEASE + 1)).toBeGreaterThanOrEqual(1);

  expect(await stateOf(lost)).toMatchObject({ status: 'offline', holder: null });
  expect((await stateOf(lost)).records.at(-1)).toEqual({ state: 'offline', reason: 'restarted', transport: null });
  expect(await stateOf(kept)).toMatchObject({ status: 'online', holder: 'gw-alive' });
  const names = await t.db.kysely.selectFrom('gateway_nodes').select('name').execute();
  expect(names.map((n) => n.name)).not.toContain('gw-dead');
});

it('a device that reconnects through another process: the old link’s end is recorded, and its late close changes nothing', async () => {
  const now = Date.now();
  await gateway('gw-old', now);
  await gateway('gw-new', now);
  const device = await w.addDevice();
  await w.telemetry.online(device, now + 1, 'tcp', 'gw-old');
  await w.telemetry.online(device, now + 2, 'tcp', 'gw-new');
  // The old process notices its half-open socket only later.
  await w.telemetry.offline(device, now + 3, 'disconnected', 'gw-old');
  expect(await stateOf(device)).toEqual({
    status: 'online',
    records: [
      { state: 'online', reason: null, transport: 'tcp' },
      { state: 'offline', reason: 'replaced', transport: null },
      { state: 'online', reason: null, transport: 'tcp' },
    ],
    holder: 'gw-new',
  });
});

it('a process whose lease lapsed (stalled, or the database was away) claims its links again when it renews', async () => {
  const now = Date.now();
  const node = await gateway('gw-stalled', now);
  const device = await w.addDevice();
  await w.telemetry.online(device, now + 1, 'tcp', 'gw-stalled');
  const link = {
    transport: 'tcp' as const,
    holder: 'gw-stalled',
    write: async () => undefined,
    close: () => undefined,
  };
  linksFor(t.db).set(device, link);
  try {
    expect(await releaseDeadGateways(t.db, now + LEASE + 1)).toBeGreaterThanOrEqual(1);
    expect(await stateOf(device)).toMatchObject({ status: 'offline', holder: null });
    await node.renew(now + LEASE + 2);
    expect(await stateOf(device)).toMatchObject({ status: 'online', holder: 'gw-stalled' });
    expect((await stateOf(device)).records.at(-1)).toEqual({ state: 'online', reason: null, transport: 'tcp' });
  } finally {
    linksFor(t.db).delete(device, link);
  }
});
