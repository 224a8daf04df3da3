import {
  type ContactCreate,
  type ContactUpdate,
  type ContactView,
  contactReachProblems,
  defaultChannels,
  NOTIFY_CHANNELS,
  type NotifyChannel,
  type PageQuery,
} from '@meridian/contracts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import { accountScopeOf, type Scope } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { findAccount } from '../projects/repository.ts';
import {
  deleteContact,
  findContact,
  foreignIds,
  groupsOfContacts,
  insertContact,
  listContacts,
  nameTaken,
  setGroupsOf,
  updateContact,
} from './repository.ts';
import type { ContactRow } from './tables.ts';

export const channelsOf = (text: string): NotifyChannel[] =>
  text.split(',').filter((c): c is NotifyChannel => (NOTIFY_CHANNELS as readonly string[]).includes(c));

function viewOf(row: ContactRow, groups: ReadonlyArray<{ contact_id: number; id: number; name: string }>): ContactView {
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    wechatOpenid: row.wechat_openid,
    channels: channelsOf(row.channels),
    remark: row.remark,
    groups: groups.filter((g) => Number(g.contact_id) === row.id).map((g) => ({ id: g.id, name: g.name })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The account new contacts and groups belong to: the one named, if the caller reaches it, or the caller. */
export async function ownerFor(actor: Actor, scope: Scope, ownerId: number | undefined): Promise<number> {
  const id = ownerId ?? actor.auth.userId;
  const account = await findAccount(actor.db, id);
  if (!account || !(scope.all || scope.ownerIds.includes(id))) throw new AppError(404, 'contact.ownerNotFound');
  return id;
}

/** Refuses ids that are not the owner's own rows, naming the first. */
export async function refuseForeign(
  actor: Actor,
  table: 'contacts' | 'contact_groups',
  ownerId: number,
  ids: readonly number[],
  field: string,
): Promise<void> {
  const [foreign] = await foreignIds(actor.db, table, ownerId, ids);
  if (foreign !== undefined) {
    const key = table === 'contacts' ? 'contact.notOwn' : 'contactGroup.notOwn';
    throw rulesBroken([{ field, key, params: { id: foreign } }]);
  }
}

export async function contactList(actor: Actor, filter: { keyword?: string; groupId?: number }, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await listContacts(actor.db, scope, filter, page);
  const groups = await groupsOfContacts(
    actor.db,
    result.list.map((c) => c.id),
  );
  return { ...result, list: result.list.map((row) => viewOf(row, groups)) };
}

async function contactFor(actor: Actor, scope: Scope, id: number): Promise<ContactRow> {
  const row = await findContact(actor.db, scope, id);
  if (!row) throw new AppError(404, 'contact.notFound');
  return row;
}

export async function contactDetail(actor: Actor, id: number): Promise<ContactView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await contactFor(actor, scope, id);
  return viewOf(row, await groupsOfContacts(actor.db, [id]));
}

export async function addContact(actor: Actor, input: ContactCreate): Promise<ContactView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const ownerId = await ownerFor(actor, scope, input.ownerId);
  if (await nameTaken(actor.db, 'contacts', ownerId, input.name)) throw new AppError(409, 'contact.nameTaken');
  await refuseForeign(actor, 'contact_groups', ownerId, input.groupIds ?? [], 'groupIds');
  const now = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const id = await insertContact(trx, {
      owner_id: ownerId,
      name: input.name,
      phone: input.phone ?? null,
      email: input.email ?? null,
      wechat_openid: input.wechatOpenid ?? null,
      channels: [...new Set(input.channels?.length ? input.channels : defaultChannels(input))].join(','),
      remark: input.remark ?? null,
      created_at: now,
      updated_at: now,
    });
    await setGroupsOf(trx, id, input.groupIds ?? []);
    await audit(trx, actor.request, {
      action: 'addContact',
      result: 'ok',
      targetType: 'contact',
      targetId: String(id),
      detail: { name: input.name, ownerId },
    });
    return id;
  });
  return contactDetail(actor, id);
}

export async function editContact(actor: Actor, id: number, input: ContactUpdate): Promise<ContactView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await contactFor(actor, scope, id);
  const merged = {
    phone: input.phone === undefined ? row.phone : input.phone,
    email: input.email === undefined ? row.email : input.email,
    wechatOpenid: input.wechatOpenid === undefined ? row.wechat_openid : input.wechatOpenid,
  };
  // A removed address takes its channels with it, unless the caller chose channels themselves.
  const channels =
    input.channels ??
    channelsOf(row.channels).filter((ch) => contactReachProblems({ ...merged, channels: [ch] }).length === 0);
  const problems = contactReachProblems({ ...merged, channels });
  if (problems.length > 0) throw rulesBroken(problems);
  if (input.name !== undefined && (await nameTaken(actor.db, 'contacts', row.owner_id, input.name, id))) {
    throw new AppError(409, 'contact.nameTaken');
  }
  await actor.db.transaction().execute(async (trx) => {
    await updateContact(trx, id, {
      name: input.name ?? row.name,
      phone: merged.phone ?? null,
      email: merged.email ?? null,
      wechat_openid: merged.wechatOpenid ?? null,
      channels: [...new Set(channels.length > 0 ? channels : defaultChannels(merged))].join(','),
      remark: input.remark === undefined ? row.remark : input.remark,
      updated_at: Date.now(),
    });
    await audit(trx, actor.request, {
      action: 'editContact',
      result: 'ok',
      targetType: 'contact',
      targetId: String(id),
      detail: { fields: Object.keys(input) },
    });
  });
  return contactDetail(actor, id);
}

export async function removeContact(actor: Actor, id: number): Promise<void> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await contactFor(actor, scope, id);
  await actor.db.transaction().execute(async (trx) => {
    await deleteContact(trx, id);
    await audit(trx, actor.request, {
      action: 'deleteContact',
      result: 'ok',
      targetType: 'contact',
      targetId: String(id),
      detail: { name: row.name },
    });
  });
}
