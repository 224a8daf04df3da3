import type { ContactGroupView, PageQuery } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { accountScopeOf, type Scope } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { ownerFor, refuseForeign } from './contacts.ts';
import {
  deleteGroup,
  findGroup,
  insertGroup,
  listGroups,
  membersOf,
  nameTaken,
  setMembers,
  updateGroup,
} from './repository.ts';

async function groupFor(actor: Actor, scope: Scope, id: number) {
  const row = await findGroup(actor.db, scope, id);
  if (!row) throw new AppError(404, 'contactGroup.notFound');
  return row;
}

export async function groupList(actor: Actor, keyword: string | undefined, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await listGroups(actor.db, scope, keyword, page);
  return {
    ...result,
    list: result.list.map(
      (g): ContactGroupView => ({
        id: g.id,
        ownerId: g.owner_id,
        name: g.name,
        remark: g.remark,
        contactCount: Number(g.contact_count ?? 0),
        createdAt: g.created_at,
      }),
    ),
  };
}

async function groupView(actor: Actor, scope: Scope, id: number): Promise<ContactGroupView> {
  const g = await groupFor(actor, scope, id);
  return {
    id: g.id,
    ownerId: g.owner_id,
    name: g.name,
    remark: g.remark,
    contactCount: (await membersOf(actor.db, id)).length,
    createdAt: g.created_at,
  };
}

export async function addGroup(
  actor: Actor,
  input: { name: string; remark?: string | null; ownerId?: number; contactIds?: number[] },
): Promise<ContactGroupView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const ownerId = await ownerFor(actor, scope, input.ownerId);
  if (await nameTaken(actor.db, 'contact_groups', ownerId, input.name)) {
    throw new AppError(409, 'contactGroup.nameTaken');
  }
  await refuseForeign(actor, 'contacts', ownerId, input.contactIds ?? [], 'contactIds');
  const id = await actor.db.transaction().execute(async (trx) => {
    const id = await insertGroup(trx, {
      owner_id: ownerId,
      name: input.name,
      remark: input.remark ?? null,
      created_at: Date.now(),
    });
    await setMembers(trx, id, input.contactIds ?? []);
    await audit(trx, actor.request, {
      action: 'addContactGroup',
      result: 'ok',
      targetType: 'contactGroup',
      targetId: String(id),
      detail: { name: input.name, ownerId },
    });
    return id;
  });
  return groupView(actor, scope, id);
}

export async function editGroup(
  actor: Actor,
  id: number,
  input: { name?: string; remark?: string | null },
): Promise<ContactGroupView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const group = await groupFor(actor, scope, id);
  if (input.name !== undefined && (await nameTaken(actor.db, 'contact_groups', group.owner_id, input.name, id))) {
    throw new AppError(409, 'contactGroup.nameTaken');
  }
  await updateGroup(actor.db, id, input);
  return groupView(actor, scope, id);
}

export async function groupMembers(actor: Actor, id: number): Promise<number[]> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  await groupFor(actor, scope, id);
  return membersOf(actor.db, id);
}

export async function replaceMembers(actor: Actor, id: number, contactIds: number[]): Promise<number[]> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const group = await groupFor(actor, scope, id);
  await refuseForeign(actor, 'contacts', group.owner_id, contactIds, 'contactIds');
  await actor.db.transaction().execute(async (trx) => {
    await setMembers(trx, id, contactIds);
    await audit(trx, actor.request, {
      action: 'setContactGroupMembers',
      result: 'ok',
      targetType: 'contactGroup',
      targetId: String(id),
      detail: { contactIds },
    });
  });
  return membersOf(actor.db, id);
}

export async function removeGroup(actor: Actor, id: number): Promise<void> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const group = await groupFor(actor, scope, id);
  await actor.db.transaction().execute(async (trx) => {
    await deleteGroup(trx, id);
    await audit(trx, actor.request, {
      action: 'deleteContactGroup',
      result: 'ok',
      targetType: 'contactGroup',
      targetId: String(id),
      detail: { name: group.name },
    });
  });
}
