import { type deviceAuthorization, type PageQuery, translate } from '@meridian/contracts';
import type { z } from 'zod';
import { toBool } from '../../../platform/db/sql.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { accountScopeOf, type Scope } from '../../../portal/access/scope.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import type { DeviceRight } from '../../devices/access.ts';
import { LEVEL_NEEDED, levelAllows } from '../../devices/level.ts';
import { devicesWithRight, findAccount, setDeviceAuthorization } from '../repository.ts';
import { type GrantValues, grantPage, replaceGrants } from './repository.ts';

/**
 * A sub-user strictly below the caller: only the accounts above a sub-user grant it devices and
 * set its device level. Outside the caller's tree the user is "no such user" (404).
 */
async function subUserBelow(actor: Actor): Promise<{ scope: Scope; check: (id: number) => Promise<number> }> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const check = async (id: number) => {
    const user = await findAccount(actor.db, id);
    if (!user || !(scope.all || scope.ownerIds.includes(id))) throw new AppError(404, 'account.notFound');
    if (id === actor.auth.userId || user.user_type !== 'sub') throw new AppError(403, 'grant.notBelow');
    return user.id;
  };
  return { scope, check };
}

export async function listGrants(actor: Actor, userId: number, page: PageQuery) {
  const { scope, check } = await subUserBelow(actor);
  const result = await grantPage(actor.db, scope, await check(userId), page);
  return {
    ...result,
    list: result.list.map((g) => ({
      deviceId: g.device_id,
      deviceName: g.device_name,
      sn: g.sn,
      view: toBool(g.can_view),
      edit: toBool(g.can_edit),
      delete: toBool(g.can_delete),
      grantedBy: g.granted_by,
      createdAt: g.created_at,
    })),
  };
}

/**
 * Sets what a sub-user may do on the devices the caller can see. Edit or delete implies view, and
 * nobody grants more than they hold: each right is checked against the caller's own on the device.
 */
export async function setGrants(actor: Actor, userId: number, input: GrantValues[]) {
  const { scope, check } = await subUserBelow(actor);
  const target = await check(userId);
  const grants = input.map((g) => ({ ...g, view: g.view || g.edit || g.delete }));
  // The sub-user's device level is a ceiling on their rights: a right above it is refused here
  // rather than stored and silently unusable (decision 0041).
  const level = (await findAccount(actor.db, target))?.device_level ?? null;
  for (const right of ['delete', 'edit'] as const) {
    if (levelAllows(level, right) || !grants.some((g) => g[right])) continue;
    throw new AppError(400, 'grant.beyondLevel', {
      params: { level: level ?? 0, right: translate(`grant.right.${right}`, actor.lang), needed: LEVEL_NEEDED[right] },
    });
  }
  for (const right of ['view', 'edit', 'delete'] as const satisfies DeviceRight[]) {
    const wanted = grants.filter((g) => g[right]).map((g) => g.deviceId);
    if (wanted.length === 0) continue;
    const held = await devicesWithRight(actor.db, scope, right, wanted);
    const missing = wanted.find((id) => !held.some((d) => d.id === id));
    if (missing === undefined) continue;
    if (right === 'view') throw new AppError(404, 'project.deviceNotFound', { params: { id: missing } });
    throw new AppError(403, 'grant.beyondOwn', {
      params: { id: missing, right: translate(`grant.right.${right}`, actor.lang) },
    });
  }
  await actor.db.transaction().execute(async (trx) => {
    await replaceGrants(trx, scope, target, grants, actor.auth.userId);
    await audit(trx, actor.request, {
      action: 'setDeviceGrants',
      targetType: 'user',
      targetId: target,
      detail: { grants: grants.filter((g) => g.view) },
    });
  });
  return listGrants(actor, target, { page: 1, size: 500 });
}

export async function getAuthorization(actor: Actor, userId: number) {
  const { check } = await subUserBelow(actor);
  const user = await findAccount(actor.db, await check(userId));
  return { userId, deviceLevel: user?.device_level ?? null, slaveQuota: user?.slave_quota ?? null };
}

/** Device-level and slave-count authorization (spec section 6), set by the accounts above the user. */
export async function setAuthorization(actor: Actor, userId: number, input: z.infer<typeof deviceAuthorization>) {
  const { check } = await subUserBelow(actor);
  const target = await check(userId);
  await actor.db.transaction().execute(async (trx) => {
    await setDeviceAuthorization(trx, target, {
      ...(input.deviceLevel === undefined ? {} : { device_level: input.deviceLevel }),
      ...(input.slaveQuota === undefined ? {} : { slave_quota: input.slaveQuota }),
    });
    await audit(trx, actor.request, {
      action: 'setDeviceAuthorization',
      targetType: 'user',
      targetId: target,
      detail: { ...input },
    });
  });
  return getAuthorization(actor, target);
}
