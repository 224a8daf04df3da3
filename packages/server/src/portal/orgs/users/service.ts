import type { accountQuery, accountRow } from '@meridian/contracts';
import type { z } from 'zod';
import { toBool } from '../../../platform/db/sql.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { identitiesOfUser } from '../../access/repository.ts';
import { scopeOf } from '../../access/scope.ts';
import { IDENTITY_NAMES } from '../../access/service.ts';
import type { Actor } from '../actor.ts';
import { findOrg } from '../repository.ts';
import { type AccountRecord, accountPage, findAccount, rolesOf } from './repository.ts';

type Row = z.infer<typeof accountRow>;

function toRow(user: AccountRecord, roles: Row['roles']): Row {
  return {
    id: user.id,
    account: user.account,
    nickname: user.nickname,
    phone: user.phone,
    email: user.email,
    status: user.status,
    userType: user.user_type,
    parentId: user.parent_id,
    deptId: user.dept_id,
    deptName: user.dept_name,
    vipLevel: user.vip_level,
    superAdmin: toBool(user.super_admin),
    roles,
    createdAt: user.created_at,
    lastLoginAt: user.last_login_at,
  };
}

/** The accounts the caller may see (`queryAllAccount`), with their roles. */
export async function queryAllAccount(actor: Actor, query: z.infer<typeof accountQuery>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const { page, size, orgId, ...filters } = query;
  const org = orgId === undefined ? undefined : await findOrg(actor.db, scope, orgId);
  if (orgId !== undefined && !org) throw new AppError(404, 'org.notFound');
  const result = await accountPage(actor.db, scope, { ...filters, under: org?.path }, { page, size });
  const roles = await rolesOf(
    actor.db,
    result.list.map((u) => u.id),
  );
  return { ...result, list: result.list.map((u) => toRow(u, roles.get(u.id) ?? [])) };
}

/** One account of the scope with its identities and roles; "no such user" outside the scope. */
export async function queryAccountInfo(actor: Actor, userId: number) {
  const scope = await scopeOf(actor.db, actor.auth);
  const user = await findAccount(actor.db, scope, userId);
  if (!user) throw new AppError(404, 'account.notFound');
  const roles = (await rolesOf(actor.db, [user.id])).get(user.id) ?? [];
  const identities = await identitiesOfUser(actor.db, user.id);
  return {
    ...toRow(user, roles),
    avatar: user.avatar,
    remark: user.remark,
    deviceLevel: user.device_level,
    slaveQuota: user.slave_quota,
    identities: identities.map((i) => ({
      identityId: i.identityId,
      identityName: IDENTITY_NAMES[i.identityId]?.[actor.lang] ?? String(i.identityId),
      orgId: i.orgId,
      orgName: i.orgName,
    })),
  };
}
