import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Scope } from '../../portal/access/scope.ts';

type Db = Kysely<Database> | Transaction<Database>;

function visibleProtocols(db: Db, scope: Scope) {
  return db
    .selectFrom('custom_protocols')
    .selectAll()
    .$if(!scope.all, (q) => q.where('owner_id', 'in', scope.ownerIds));
}

/** The scope's custom protocols, by name. */
export function listProtocols(db: Db, scope: Scope) {
  return visibleProtocols(db, scope).orderBy('name').orderBy('id').execute();
}

export function findProtocol(db: Db, scope: Scope, id: number) {
  return visibleProtocols(db, scope).where('id', '=', id).executeTakeFirst();
}

/** The definitions of these protocols, whoever owns them: the gateway polls for every account. */
export function protocolsByIds(db: Db, ids: readonly number[]) {
  // Guard against running an invalid query when the list is empty.
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('custom_protocols').select(['id', 'definition']).where('id', 'in', ids).execute();
}

export async function countOwned(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('custom_protocols')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nameTaken(db: Db, ownerId: number, name: string, except?: number): Promise<boolean> {
  const row = await db
    .selectFrom('custom_protocols')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('name', '=', name)
    .$if(except !== undefined, (q) => q.where('id', '!=', except ?? 0))
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertProtocol(db: Db, row: { owner_id: number; name: string; definition: string; at: number }) {
  const inserted = await db
    .insertInto('custom_protocols')
    .values({
      owner_id: row.owner_id,
      name: row.name,
      definition: row.definition,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateProtocol(db: Db, id: number, row: { name: string; definition: string; at: number }) {
  await db
    .updateTable('custom_protocols')
    .set({ name: row.name, definition: row.definition, updated_at: row.at })
    .where('id', '=', id)
    .execute();
}

export async function templatesUsing(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('templates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('custom_protocol_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteProtocol(db: Db, id: number) {
  await db.deleteFrom('custom_protocols').where('id', '=', id).execute();
}
