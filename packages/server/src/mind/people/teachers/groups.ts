import type { groupCreate, groupMembersQuery, groupMembersSet, groupQuery, groupUpdate } from '@meridian/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import { type Scope, scopeOf } from '../../../portal/access/scope.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { findOrg } from '../../../portal/orgs/repository.ts';
import {
  deleteGroup,
  findGroup,
  groupNamed,
  groupPage,
  insertGroup,
  memberPage,
  replaceMembers,
  toGroup,
  updateGroup,
  usersInScope,
} from './groups-repository.ts';

async function groupInScope(actor: Actor, scope: Scope, id: number) {
  const group = await findGroup(actor.db, scope, id);
  if (!group) throw new AppError(404, 'group.notFound');
  return group;
}

export async function listGroups(actor: Actor, query: z.infer<typeof groupQuery>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const { page, size, ...filters } = query;
  const result = await groupPage(actor.db, scope, filters, { page, size });
  return { ...result, list: result.list.map(toGroup) };
}

export async function addGroup(actor: Actor, input: z.infer<typeof groupCreate>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const org = await findOrg(actor.db, scope, input.orgId);
  if (!org) throw new AppError(404, 'org.notFound');
  if (org.type !== 'school' && org.type !== 'bureau') throw new AppError(400, 'group.orgType');
  if (await groupNamed(actor.db, org.id, input.name)) throw new AppError(409, 'group.nameTaken');
  const id = await actor.db.transaction().execute(async (trx) => {
    const groupId = await insertGroup(trx, {
      org_id: org.id,
      name: input.name,
      description: input.description || null,
    });
    await audit(trx, actor.request, {
      action: 'addGroup',
      targetType: 'group',
      targetId: groupId,
      detail: { orgId: org.id, name: input.name },
    });
    return groupId;
  });
  return toGroup(await groupInScope(actor, scope, id));
}

export async function editGroup(actor: Actor, input: z.infer<typeof groupUpdate>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const group = await groupInScope(actor, scope, input.id);
  if (input.name !== undefined && (await groupNamed(actor.db, group.org_id, input.name, group.id))) {
    throw new AppError(409, 'group.nameTaken');
  }
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description || null } : {}),
  };
  await actor.db.transaction().execute(async (trx) => {
    await updateGroup(trx, group.id, changes);
    await audit(trx, actor.request, {
      action: 'updateGroup',
      targetType: 'group',
      targetId: group.id,
      detail: changes,
    });
  });
  return toGroup(await groupInScope(actor, scope, group.id));
}

export async function removeGroup(actor: Actor, id: number): Promise<void> {
  const scope = await scopeOf(actor.db, actor.auth);
  const group = await groupInScope(actor, scope, id);
  await actor.db.transaction().execute(async (trx) => {
    await deleteGroup(trx, group.id);
    await audit(trx, actor.request, {
      action: 'removeGroup',
      targetType: 'group',
      targetId: group.id,
      detail: { orgId: group.org_id, name: group.name },
    });
  });
}

export async function groupMembers(actor: Actor, query: z.infer<typeof groupMembersQuery>) {
  const scope = await scopeOf(actor.db, actor.auth);
  await groupInScope(actor, scope, query.groupId);
  return memberPage(actor.db, scope, query.groupId, { page: query.page, size: query.size });
}

/** Replaces a group's members; every one must be an account the caller's scope holds. */
export async function setGroupMembers(actor: Actor, input: z.infer<typeof groupMembersSet>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const group = await groupInScope(actor, scope, input.groupId);
  const ids = [...new Set(input.userIds)];
  const visible = await usersInScope(actor.db, scope, ids);
  const missing = ids.find((id) => !visible.has(id));
  if (missing !== undefined) throw new AppError(400, 'group.memberNotFound', { params: { userId: missing } });
  await actor.db.transaction().execute(async (trx) => {
    await replaceMembers(trx, group.id, ids);
    await audit(trx, actor.request, {
      action: 'setGroupMembers',
      targetType: 'group',
      targetId: group.id,
      detail: { userIds: ids },
    });
  });
  return toGroup(await groupInScope(actor, scope, group.id));
}
