import {
  holdsMembership,
  levelInForce,
  type PageQuery,
  planOf,
  type SubUserNode,
  type subUserCreate,
  type subUserUpdate,
} from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../platform/db/schema.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { scopeOf } from '../../access/scope.ts';
import { accountTaken, findUserById, grantRole, insertUser, updateUser } from '../../accounts/repository.ts';
import { audit } from '../../audit/service.ts';
import { hashPassword } from '../../identity/secrets.ts';
import { revokeUserSessions } from '../../sessions/repository.ts';
import type { Actor } from '../actor.ts';
import {
  contactTaken,
  countBelow,
  type DeviceCloudUser,
  deleteAccount,
  findDeviceCloudUser,
  hasSubUsers,
  mainAccounts,
  treesBelow,
  treeTopFor,
} from './repository.ts';

/** The built-in role a new sub-user starts with (0003: iot_sub). */
const SUB_USER_ROLE = 11;

function toTree(rows: DeviceCloudUser[], rootIds: number[]): SubUserNode[] {
  const nodes = new Map<number, SubUserNode>(
    rows.map((u) => [
      u.id,
      {
        id: u.id,
        account: u.account,
        nickname: u.nickname,
        userType: u.user_type,
        status: u.status,
        phone: u.phone,
        remark: u.remark,
        createdAt: u.created_at,
        children: [],
      },
    ]),
  );
  for (const u of rows) {
    if (u.parent_id !== null && !rootIds.includes(u.id))
      nodes.get(u.parent_id)?.children.push(nodes.get(u.id) as SubUserNode);
  }
  return rootIds.flatMap((id) => nodes.get(id) ?? []);
}

/**
 * The account tree of the caller's scope: their own account with everyone below it, or, for the
 * platform, every main account's tree, a page of main accounts at a time.
 */
export async function accountTree(actor: Actor, keyword: string | undefined, page: PageQuery) {
  const scope = await scopeOf(actor.db, actor.auth);
  if (!scope.all) {
    return { list: toTree(await treesBelow(actor.db, [actor.auth.userId]), [actor.auth.userId]), total: 1, ...page };
  }
  const mains = await mainAccounts(actor.db, keyword, page);
  const rootIds = mains.list.map((m) => m.id);
  const rows = rootIds.length ? await treesBelow(actor.db, rootIds) : [];
  return { ...mains, list: toTree(rows, rootIds) };
}

async function targetOf(actor: Actor, id: number): Promise<DeviceCloudUser> {
  const user = await findDeviceCloudUser(actor.db, await scopeOf(actor.db, actor.auth), id);
  if (!user) throw new AppError(404, 'account.notFound');
  return user;
}

async function refuseTakenContacts(
  actor: Actor,
  input: { phone?: string | null; email?: string | null },
  exceptId = 0,
) {
  if (input.phone && (await contactTaken(actor.db, 'phone', input.phone, exceptId))) {
    throw new AppError(409, 'account.phoneBound', { data: { releasable: true } });
  }
  if (input.email && (await contactTaken(actor.db, 'email', input.email, exceptId))) {
    throw new AppError(409, 'account.emailBound');
  }
}

/**
 * Creates a sub-user under the caller (or under an account below them), with the sub-user role.
 * The password was chosen by someone else, so, like a default one, it must be changed at first
 * sign-in.
 */
export async function createSubUser(actor: Actor, input: z.infer<typeof subUserCreate>) {
  const parentId = input.parentId ?? actor.auth.userId;
  const parent =
    input.parentId === undefined ? await findUserById(actor.db, parentId) : await targetOf(actor, parentId);
  if (!parent || (parent.user_type !== 'main' && parent.user_type !== 'sub')) {
    throw new AppError(400, 'subUser.notDeviceCloud');
  }
  if (await accountTaken(actor.db, input.account)) throw new AppError(409, 'account.taken');
  await refuseTakenContacts(actor, input);
  const passwordHash = await hashPassword(input.password);
  const id = await actor.db.transaction().execute(async (trx) => {
    await refuseOverMembership(trx, parent.id, actor.request.server.db.engine);
    const userId = await insertUser(trx, {
      account: input.account,
      password_hash: passwordHash,
      nickname: input.nickname ?? input.account,
      phone: input.phone ?? null,
      email: input.email ?? null,
      remark: input.remark ?? null,
      status: 'enabled',
      default_pass: true,
      password_changed_at: Date.now(),
      user_type: 'sub',
      parent_id: parent.id,
      super_admin: false,
    });
    await grantRole(trx, userId, SUB_USER_ROLE);
    await audit(trx, actor.request, {
      action: 'createSubUser',
      targetType: 'user',
      targetId: userId,
      detail: { account: input.account, parentId: parent.id },
    });
    return userId;
  });
  // The caller now has an account below them even if they had none when the request began.
  const grown = { ...actor, auth: { ...actor.auth, hasSubUsers: true } };
  return toTree([await targetOf(grown, id)], [id])[0] as SubUserNode;
}

/**
 * A membership bounds the sub-users of its whole tree (decision 0079): the top account's level in
 * force says how many; an account without a membership (an administrator's tree) is not bound.
 */
async function refuseOverMembership(trx: Transaction<Database>, parentId: number, engine: 'sqlite' | 'postgres') {
  const top = await treeTopFor(trx, parentId, engine);
  if (!top || !holdsMembership(top)) return;
  const limit = planOf(levelInForce(top, Date.now())).subUsers;
  const used = await countBelow(trx, Number(top.id));
  if (used >= limit) {
    throw new AppError(409, 'subUser.limit', {
      params: { account: top.account, limit, used },
      data: { accountId: Number(top.id), limit, used },
    });
  }
}

export async function editSubUser(actor: Actor, id: number, input: z.infer<typeof subUserUpdate>) {
  const user = await targetOf(actor, id);
  await refuseTakenContacts(actor, input, user.id);
  await actor.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, input);
    await audit(trx, actor.request, {
      action: 'updateSubUser',
      targetType: 'user',
      targetId: user.id,
      detail: { fields: Object.keys(input) },
    });
  });
  return toTree([await targetOf(actor, id)], [id])[0] as SubUserNode;
}

/** Enables or disables an account below the caller; disabling ends its sessions. */
export async function setSubUserStatus(actor: Actor, id: number, status: 'enabled' | 'disabled') {
  if (id === actor.auth.userId) throw new AppError(400, 'subUser.notSelf');
  const user = await targetOf(actor, id);
  await actor.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { status });
    if (status === 'disabled') await revokeUserSessions(trx, user.id, 'account disabled', Date.now());
    await audit(trx, actor.request, {
      action: 'setSubUserStatus',
      targetType: 'user',
      targetId: user.id,
      detail: { status },
    });
  });
}

export async function deleteSubUser(actor: Actor, id: number) {
  if (id === actor.auth.userId) throw new AppError(400, 'subUser.notSelf');
  const user = await targetOf(actor, id);
  if (await hasSubUsers(actor.db, user.id)) throw new AppError(409, 'subUser.hasChildren');
  await actor.db.transaction().execute(async (trx) => {
    await deleteAccount(trx, user.id);
    await audit(trx, actor.request, {
      action: 'deleteSubUser',
      targetType: 'user',
      targetId: user.id,
      detail: { account: user.account, parentId: user.parent_id },
    });
  });
}
