import { randomBytes } from 'node:crypto';
import {
  DTU_PROTOCOLS,
  PASSTHROUGH_MAX_PER_ACCOUNT,
  type PageQuery,
  type PassthroughInput,
  type PassthroughView,
  passthroughInput,
} from '@meridian/contracts';
import { toBool } from '../../platform/db/sql.ts';
import type { GatewayService } from '../../platform/feature.ts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { deviceFor } from '../devices/service.ts';
import { gatewayNodeFor } from '../gateway/node.ts';
import { bridgedGroups, GROUP_DEFAULTS, startGroupBridges } from './groups.ts';
import { PASSTHROUGH_DEFAULTS, sessionsFor, startPassthroughServer } from './relay.ts';
import * as repo from './repository.ts';

/** The passthrough port, in processes that run the gateway (decision 0113). */
export const passthroughService: GatewayService = {
  name: 'passthrough',
  async start({ config, db, log }) {
    // Groups first: the hop listener hands them the hops of groups across processes (decision 0167).
    const node = gatewayNodeFor(db, config, log).name;
    const secret = config.PASSTHROUGH_RELAY_SECRET;
    const groups = startGroupBridges(db, log.child({ area: 'passthrough' }), {
      ...GROUP_DEFAULTS,
      node,
      ...(secret ? { relaySecret: secret } : {}),
    });
    const server = await startPassthroughServer(db, log.child({ area: 'passthrough' }), {
      ...PASSTHROUGH_DEFAULTS,
      host: config.HOST,
      port: config.PASSTHROUGH_PORT,
      proxyProtocol: config.DTU_PROXY_PROTOCOL === 'on',
      ...(secret
        ? {
            relay: {
              secret,
              node,
              host: config.PASSTHROUGH_RELAY_HOST,
              port: config.PASSTHROUGH_RELAY_PORT,
              groupHop: groups.takeHop,
            },
          }
        : {}),
    }).catch(async (error: unknown) => {
      await groups.stop();
      throw error;
    });
    return {
      async stop() {
        await groups.stop();
        await server.stop();
      },
    };
  },
};

type Edges = Awaited<ReturnType<typeof repo.edgesOf>>;

/** The strategies' edges, and which of the groups have a member bridged on any gateway process. */
async function membersOf(actor: Actor, rows: repo.StrategyRow[]) {
  const edges = await repo.edgesOf(
    actor.db,
    rows.map((row) => Number(row.id)),
  );
  const groups = rows.filter((row) => row.kind === 'group' && toBool(row.enabled)).map((row) => Number(row.id));
  return { edges, bridged: await repo.bridgedByAnyGateway(actor.db, groups, Date.now()) };
}

function viewOf(
  actor: Actor,
  row: repo.StrategyRow,
  { edges, bridged }: { edges: Edges; bridged: Set<number> },
): PassthroughView {
  return {
    id: Number(row.id),
    name: row.name,
    kind: row.kind,
    enabled: toBool(row.enabled),
    edges: edges.get(Number(row.id)) ?? [],
    deviceId: Number(row.device_id),
    deviceName: row.device_name,
    sn: row.sn,
    allowList: JSON.parse(row.allow_list) as string[],
    token: row.token,
    // A PC client connected on this process; a group bridged here or on another gateway process (decision 0167).
    inSession:
      sessionsFor(actor.db).has(Number(row.id)) ||
      bridgedGroups(actor.db).has(Number(row.id)) ||
      bridged.has(Number(row.id)),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function strategies(actor: Actor, filter: { name?: string | undefined }, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await repo.listStrategies(actor.db, scope, filter, page);
  const members = await membersOf(actor, result.list);
  return { ...result, list: result.list.map((row) => viewOf(actor, row, members)) };
}

async function strategyFor(actor: Actor, id: number): Promise<repo.StrategyRow> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await repo.findStrategy(actor.db, scope, id);
  if (!row) throw new AppError(404, 'passthrough.notFound');
  return row;
}

export async function strategy(actor: Actor, id: number): Promise<PassthroughView> {
  const row = await strategyFor(actor, id);
  return viewOf(actor, row, await membersOf(actor, [row]));
}

/**
 * Every DTU of the strategy (its DTU or management DTU, and a group's edges) must be one the caller
 * may edit (a session pauses its polling), and in no other strategy (decision 0157).
 */
async function checkDevices(
  actor: Actor,
  input: { kind: string; deviceId: number; edgeIds: number[] },
  except?: number,
): Promise<void> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const members = [
    {
      deviceId: input.deviceId,
      field: 'deviceId',
      notDtu: 'passthrough.device.notDtu' as const,
      taken: 'passthrough.device.taken' as const,
    },
    ...(input.kind === 'group' ? input.edgeIds : []).map((deviceId) => ({
      deviceId,
      field: 'edgeIds',
      notDtu: 'passthrough.edges.notDtu' as const,
      taken: 'passthrough.edges.taken' as const,
    })),
  ];
  for (const member of members) {
    const device = await deviceFor(actor, scope, member.deviceId, 'edit');
    if (!(DTU_PROTOCOLS as readonly string[]).includes(device.protocol))
      throw rulesBroken([{ field: member.field, key: member.notDtu }]);
    if (await repo.deviceTaken(actor.db, member.deviceId, except))
      throw rulesBroken([{ field: member.field, key: member.taken }]);
  }
}

export async function createStrategy(actor: Actor, body: PassthroughInput): Promise<PassthroughView> {
  const input = passthroughInput.parse(body);
  const ownerId = actor.auth.userId;
  // Spec section 5 and 8: the count is limited, "too many passthrough strategies".
  if ((await repo.countOwned(actor.db, ownerId)) >= PASSTHROUGH_MAX_PER_ACCOUNT)
    throw new AppError(409, 'passthrough.tooMany', { params: { max: PASSTHROUGH_MAX_PER_ACCOUNT } });
  if (await repo.nameTaken(actor.db, ownerId, input.name))
    throw rulesBroken([{ field: 'name', key: 'passthrough.name.taken' }]);
  await checkDevices(actor, input);
  const id = await actor.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertStrategy(trx, {
      owner_id: ownerId,
      name: input.name,
      kind: input.kind,
      enabled: input.enabled,
      device_id: input.deviceId,
      token: randomBytes(12).toString('base64url'),
      allow_list: JSON.stringify(input.kind === 'pc' ? input.allowList : []),
      at: Date.now(),
    });
    await repo.setEdges(trx, inserted, input.kind === 'group' ? input.edgeIds : []);
    return inserted;
  });
  await audit(actor.db, actor.request, { action: 'createPassthrough', targetType: 'passthrough', targetId: id });
  return strategy(actor, id);
}

/** A session in progress keeps its DTU until the PC client leaves; the new settings apply to the next one. */
export async function editStrategy(actor: Actor, id: number, body: PassthroughInput): Promise<PassthroughView> {
  const input = passthroughInput.parse(body);
  const row = await strategyFor(actor, id);
  if (await repo.nameTaken(actor.db, Number(row.owner_id), input.name, id))
    throw rulesBroken([{ field: 'name', key: 'passthrough.name.taken' }]);
  await checkDevices(actor, input, id);
  await actor.db.transaction().execute(async (trx) => {
    await repo.updateStrategy(trx, id, {
      name: input.name,
      kind: input.kind,
      enabled: input.enabled,
      device_id: input.deviceId,
      allow_list: JSON.stringify(input.kind === 'pc' ? input.allowList : []),
      at: Date.now(),
    });
    await repo.setEdges(trx, id, input.kind === 'group' ? input.edgeIds : []);
  });
  await audit(actor.db, actor.request, { action: 'editPassthrough', targetType: 'passthrough', targetId: id });
  return strategy(actor, id);
}

export async function removeStrategy(actor: Actor, id: number): Promise<void> {
  await strategyFor(actor, id);
  await repo.deleteStrategy(actor.db, id);
  await audit(actor.db, actor.request, { action: 'deletePassthrough', targetType: 'passthrough', targetId: id });
}
