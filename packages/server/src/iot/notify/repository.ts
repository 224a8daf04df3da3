import type { PageQuery, SettingKind } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { ContactsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The accounts whose contacts, groups and settings the scope reaches: its own tree, or all. */
const ownedBy = (scope: Scope) => (scope.all ? null : scope.ownerIds);

// ---- Contacts

export async function listContacts(
  db: Db,
  scope: Scope,
  filter: { keyword?: string; groupId?: number },
  page: PageQuery,
) {
  const owners = ownedBy(scope);
  const keyword = filter.keyword;
  const query = db
    .selectFrom('contacts as c')
    .selectAll('c')
    .$if(owners !== null, (q) => q.where('c.owner_id', 'in', owners ?? []))
    .$if(Boolean(keyword), (q) =>
      q.where((eb) =>
        eb.or([
          contains('c.name', keyword ?? ''),
          contains('c.phone', keyword ?? ''),
          contains('c.email', keyword ?? ''),
        ]),
      ),
    )
    .$if(filter.groupId !== undefined, (q) =>
      q.where('c.id', 'in', (eb) =>
        eb
          .selectFrom('contact_group_members')
          .select('contact_id')
          .where('group_id', '=', filter.groupId ?? 0),
      ),
    )
    .orderBy('c.id', 'desc');
  return paginate(query, page);
}

export function findContact(db: Db, scope: Scope, id: number) {
  const owners = ownedBy(scope);
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('id', '=', id)
    .$if(owners !== null, (q) => q.where('owner_id', 'in', owners ?? []))
    .executeTakeFirst();
}

export async function groupsOfContacts(db: Db, contactIds: readonly number[]) {
  // Guard against running an invalid `in ()` query on an empty page.
  if (contactIds.length === 0) return [];
  return db
    .selectFrom('contact_group_members as m')
    .innerJoin('contact_groups as g', 'g.id', 'm.group_id')
    .select(['m.contact_id', 'g.id', 'g.name'])
    .where('m.contact_id', 'in', contactIds)
    .orderBy('g.name')
    .execute();
}

export async function nameTaken(
  db: Db,
  table: 'contacts' | 'contact_groups',
  ownerId: number,
  name: string,
  exceptId = 0,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertContact(db: Db, values: Omit<ContactsTable, 'id'>): Promise<number> {
  const row = await db.insertInto('contacts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateContact(db: Db, id: number, values: Partial<Omit<ContactsTable, 'id'>>): Promise<void> {
  await db.updateTable('contacts').set(values).where('id', '=', id).execute();
}

export async function deleteContact(db: Db, id: number): Promise<void> {
  // Deliveries keep the contact's name; memberships and trigger links go with the contact.
  await db.deleteFrom('contact_group_members').where('contact_id', '=', id).execute();
  await db.deleteFrom('trigger_contacts').where('contact_id', '=', id).execute();
  await db.updateTable('notify_deliveries').set({ contact_id: null }).where('contact_id', '=', id).execute();
  await db.deleteFrom('contacts').where('id', '=', id).execute();
}

/** The ids among `ids` that are not `ownerId`'s rows of `table`. */
export async function foreignIds(
  db: Db,
  table: 'contacts' | 'contact_groups',
  ownerId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const own = await db
    .selectFrom(table)
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...ids])
    .execute();
  const ownIds = new Set(own.map((r) => Number(r.id)));
  return ids.filter((id) => !ownIds.has(id));
}

// ---- Groups

export async function listGroups(db: Db, scope: Scope, keyword: string | undefined, page: PageQuery) {
  const owners = ownedBy(scope);
  const query = db
    .selectFrom('contact_groups as g')
    .select((eb) => [
      'g.id',
      'g.owner_id',
      'g.name',
      'g.remark',
      'g.created_at',
      eb
        .selectFrom('contact_group_members as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.group_id', '=', 'g.id')
        .as('contact_count'),
    ])
    .$if(owners !== null, (q) => q.where('g.owner_id', 'in', owners ?? []))
    .$if(Boolean(keyword), (q) => q.where(contains('g.name', keyword ?? '')))
    .orderBy('g.id', 'desc');
  return paginate(query, page);
}

export function findGroup(db: Db, scope: Scope, id: number) {
  const owners = ownedBy(scope);
  return db
    .selectFrom('contact_groups')
    .selectAll()
    .where('id', '=', id)
    .$if(owners !== null, (q) => q.where('owner_id', 'in', owners ?? []))
    .executeTakeFirst();
}

export async function insertGroup(
  db: Db,
  values: { owner_id: number; name: string; remark: string | null; created_at: number },
): Promise<number> {
  const row = await db.insertInto('contact_groups').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(db: Db, id: number, values: { name?: string; remark?: string | null }) {
  await db.updateTable('contact_groups').set(values).where('id', '=', id).execute();
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.deleteFrom('contact_group_members').where('group_id', '=', id).execute();
  await db.deleteFrom('trigger_groups').where('group_id', '=', id).execute();
  await db.deleteFrom('contact_groups').where('id', '=', id).execute();
}

/** Replaces a group's members. */
export async function setMembers(db: Db, groupId: number, contactIds: readonly number[]): Promise<void> {
  await db.deleteFrom('contact_group_members').where('group_id', '=', groupId).execute();
  const unique = [...new Set(contactIds)];
  if (unique.length > 0) {
    await db
      .insertInto('contact_group_members')
      .values(unique.map((contact_id) => ({ group_id: groupId, contact_id })))
      .execute();
  }
}

/** Replaces the groups a contact is in. */
export async function setGroupsOf(db: Db, contactId: number, groupIds: readonly number[]): Promise<void> {
  await db.deleteFrom('contact_group_members').where('contact_id', '=', contactId).execute();
  const unique = [...new Set(groupIds)];
  if (unique.length > 0) {
    await db
      .insertInto('contact_group_members')
      .values(unique.map((group_id) => ({ group_id, contact_id: contactId })))
      .execute();
  }
}

export async function membersOf(db: Db, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('contact_group_members')
    .select('contact_id')
    .where('group_id', '=', groupId)
    .orderBy('contact_id')
    .execute();
  return rows.map((r) => Number(r.contact_id));
}

// ---- Trigger recipients

/** The contacts a trigger reaches: those named on it and the members of its groups, each once. */
export function recipientsOf(db: Db, triggerId: number) {
  return db
    .selectFrom('contacts as c')
    .selectAll('c')
    .where((eb) =>
      eb.or([
        eb('c.id', 'in', eb.selectFrom('trigger_contacts').select('contact_id').where('trigger_id', '=', triggerId)),
        eb(
          'c.id',
          'in',
          eb
            .selectFrom('trigger_groups as tg')
            .innerJoin('contact_group_members as m', 'm.group_id', 'tg.group_id')
            .select('m.contact_id')
            .where('tg.trigger_id', '=', triggerId),
        ),
      ]),
    )
    .orderBy('c.id')
    .execute();
}

/** Takes every contact and group off a trigger. */
export async function clearTriggerRecipients(db: Db, triggerId: number): Promise<void> {
  await db.deleteFrom('trigger_contacts').where('trigger_id', '=', triggerId).execute();
  await db.deleteFrom('trigger_groups').where('trigger_id', '=', triggerId).execute();
}

/** The ids among `ids` that are `ownerId`'s rows of `table`. */
export async function ownedIds(
  db: Db,
  table: 'contacts' | 'contact_groups',
  ownerId: number,
  ids: readonly number[],
): Promise<number[]> {
  // Guard against running an invalid `in ()` query when nothing is chosen.
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function addTriggerContacts(db: Db, triggerId: number, contactIds: readonly number[]): Promise<void> {
  await db
    .insertInto('trigger_contacts')
    .values(contactIds.map((contact_id) => ({ trigger_id: triggerId, contact_id })))
    .execute();
}

export async function addTriggerGroups(db: Db, triggerId: number, groupIds: readonly number[]): Promise<void> {
  await db
    .insertInto('trigger_groups')
    .values(groupIds.map((group_id) => ({ trigger_id: triggerId, group_id })))
    .execute();
}

export async function triggerContactIds(db: Db, triggerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('trigger_contacts')
    .select('contact_id')
    .where('trigger_id', '=', triggerId)
    .orderBy('contact_id')
    .execute();
  return rows.map((r) => Number(r.contact_id));
}

export async function triggerGroupIds(db: Db, triggerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('trigger_groups')
    .select('group_id')
    .where('trigger_id', '=', triggerId)
    .orderBy('group_id')
    .execute();
  return rows.map((r) => Number(r.group_id));
}

// ---- Channel settings

/** An account's own settings of a kind, as stored (JSON). */
export function storedSettings(db: Db, ownerId: number, kind: SettingKind) {
  return db
    .selectFrom('notify_settings')
    .select(['settings', 'updated_at'])
    .where('owner_id', '=', ownerId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The account above an account, null for a main account (or one gone). */
export async function parentAccountOf(db: Db, userId: number): Promise<number | null> {
  const parent: { parent_id: number | null } | undefined = await db
    .selectFrom('users')
    .select('parent_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return parent?.parent_id ?? null;
}

/** Writes an account's settings of a kind, replacing those stored. */
export async function saveStoredSettings(
  db: Db,
  ownerId: number,
  kind: SettingKind,
  settings: string,
  at: number,
): Promise<void> {
  await db
    .insertInto('notify_settings')
    .values({ owner_id: ownerId, kind, settings, updated_at: at })
    .onConflict((oc) => oc.columns(['owner_id', 'kind']).doUpdateSet({ settings, updated_at: at }))
    .execute();
}
