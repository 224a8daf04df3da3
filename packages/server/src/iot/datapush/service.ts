import { randomBytes } from 'node:crypto';
import {
  type DataPushCreated,
  type DataPushDeliveryView,
  type DataPushInput,
  type DataPushUpdate,
  type DataPushView,
  dataPushInput,
  dataPushUpdate,
  type PageQuery,
} from '@meridian/contracts';
import type { Config } from '../../platform/config.ts';
import { toBool } from '../../platform/db/sql.ts';
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
    ownerAccount: row.owner_account,
    name: row.name,
    url: row.url,
    state: row.state,
    pausedReason: row.paused_reason,
    pushValues: toBool(row.push_values),
    pushAlarms: toBool(row.push_alarms),
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

/** A URL under the deployment's prefix (spec section 5), else the refusal in words. */
function checkUrl(config: Config, url: string): void {
  const prefix = config.DATA_PUSH_URL_PREFIX;
  if (!prefix) throw new AppError(409, 'dataPush.url.noPrefix');
  if (!url.startsWith(prefix))
    throw rulesBroken([{ field: 'url', key: 'dataPush.url.outsidePrefix', params: { prefix } }]);
}

/**
 * Spec section 8: "data push creation no longer supported (contact sales)". Customers keep the
 * targets they have; only the platform's administrators add one, for an account, under the
 * deployment's URL prefix (spec section 5). The secret is shown this once.
 */
export async function createTarget(actor: Actor, config: Config, body: DataPushInput): Promise<DataPushCreated> {
  if (!actor.auth.superAdmin) throw new AppError(403, 'dataPush.creationClosed');
  const input = dataPushInput.parse(body);
  checkUrl(config, input.url);
  if (!(await repo.accountExists(actor.db, input.ownerId)))
    throw rulesBroken([{ field: 'ownerId', key: 'dataPush.owner.notFound' }]);
  const secret = randomBytes(24).toString('base64url');
  const box = secretBoxOf(config);
  const row = {
    owner_id: input.ownerId,
    name: input.name,
    url: input.url,
    push_values: input.pushValues,
    push_alarms: input.pushAlarms,
    at: Date.now(),
  };
  const id = await actor.db
    .transaction()
    .execute((trx) => repo.insertTarget(trx, row, (newId) => box.seal(secret, secretContext(newId))));
  await audit(actor.db, actor.request, { action: 'createDataPush', targetType: 'dataPush', targetId: id });
  return { ...(await target(actor, id)), secret };
}

/** A target's name, URL and what it forwards, changed by a platform administrator (customers: the spec's sentence). */
export async function updateTarget(
  actor: Actor,
  config: Config,
  id: number,
  body: DataPushUpdate,
): Promise<DataPushView> {
  if (!actor.auth.superAdmin) throw new AppError(403, 'dataPush.creationClosed');
  await targetFor(actor, id);
  const input = dataPushUpdate.parse(body);
  checkUrl(config, input.url);
  await repo.updateTarget(actor.db, id, {
    name: input.name,
    url: input.url,
    push_values: input.pushValues,
    push_alarms: input.pushAlarms,
    at: Date.now(),
  });
  await audit(actor.db, actor.request, { action: 'updateDataPush', targetType: 'dataPush', targetId: id });
  return target(actor, id);
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
        kind: d.kind,
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
