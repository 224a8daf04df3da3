import { randomBytes } from 'node:crypto';
import {
  type DataPushCreated,
  type DataPushDeliveryView,
  type DataPushInput,
  type DataPushView,
  dataPushInput,
  type PageQuery,
} from '@meridian/contracts';
import type { Config } from '../../platform/config.ts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import { secretBoxOf } from '../../platform/secrets/box.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { secretContext } from './push.ts';
import * as repo from './repository.ts';

function viewOf(row: repo.TargetRow): DataPushView {
  return {
    id: Number(row.id),
    ownerId: Number(row.owner_id),
    name: row.name,
    url: row.url,
    state: row.state,
    pausedReason: row.paused_reason,
    failuresInRow: Number(row.failures_in_row),
    lastSentAt: row.last_sent_at === null ? null : Number(row.last_sent_at),
    createdAt: Number(row.created_at),
  };
}

export async function targets(actor: Actor, filter: { name?: string | undefined }, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await repo.listTargets(actor.db, scope, filter, page);
  return { ...result, list: result.list.map(viewOf) };
}

async function targetFor(actor: Actor, id: number): Promise<repo.TargetRow> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await repo.findTarget(actor.db, scope, id);
  if (!row) throw new AppError(404, 'dataPush.notFound');
  return row;
}

export async function target(actor: Actor, id: number): Promise<DataPushView> {
  return viewOf(await targetFor(actor, id));
}

/**
 * Spec section 8: "data push creation no longer supported (contact sales)". Customers keep the
 * targets they have; only the platform's administrators add one, for an account, under the
 * deployment's URL prefix (spec section 5). The secret is shown this once.
 */
export async function createTarget(actor: Actor, config: Config, body: DataPushInput): Promise<DataPushCreated> {
  if (!actor.auth.superAdmin) throw new AppError(403, 'dataPush.creationClosed');
  const input = dataPushInput.parse(body);
  const prefix = config.DATA_PUSH_URL_PREFIX;
  if (!prefix) throw new AppError(409, 'dataPush.url.noPrefix');
  if (!input.url.startsWith(prefix))
    throw rulesBroken([{ field: 'url', key: 'dataPush.url.outsidePrefix', params: { prefix } }]);
  if (!(await repo.accountExists(actor.db, input.ownerId)))
    throw rulesBroken([{ field: 'ownerId', key: 'dataPush.owner.notFound' }]);
  const secret = randomBytes(24).toString('base64url');
  const box = secretBoxOf(config);
  const id = await actor.db
    .transaction()
    .execute((trx) =>
      repo.insertTarget(trx, { owner_id: input.ownerId, name: input.name, url: input.url, at: Date.now() }, (newId) =>
        box.seal(secret, secretContext(newId)),
      ),
    );
  await audit(actor.db, actor.request, { action: 'createDataPush', targetType: 'dataPush', targetId: id });
  return { ...(await target(actor, id)), secret };
}

/** Pausing stops new deliveries; resuming starts the failure count again. */
export async function setPaused(actor: Actor, id: number, paused: boolean): Promise<DataPushView> {
  await targetFor(actor, id);
  await repo.setTargetState(actor.db, id, { state: paused ? 'paused' : 'active', paused_reason: null, at: Date.now() });
  await audit(actor.db, actor.request, {
    action: paused ? 'pauseDataPush' : 'resumeDataPush',
    targetType: 'dataPush',
    targetId: id,
  });
  return target(actor, id);
}

export async function deliveries(actor: Actor, id: number, page: PageQuery) {
  await targetFor(actor, id);
  const result = await repo.listDeliveries(actor.db, id, page);
  return {
    ...result,
    list: result.list.map(
      (d): DataPushDeliveryView => ({
        id: Number(d.id),
        state: d.state,
        devices: Number(d.devices),
        values: Number(d.values),
        attempts: Number(d.attempts),
        status: d.status === null ? null : Number(d.status),
        error: d.error,
        createdAt: Number(d.created_at),
        sentAt: d.sent_at === null ? null : Number(d.sent_at),
      }),
    ),
  };
}
