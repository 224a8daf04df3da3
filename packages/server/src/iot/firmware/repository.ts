import type { FirmwareSearch, PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { FirmwareTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The accounts whose firmware the scope reaches: its own tree, or all. */
const ownedBy = (scope: Scope) => (scope.all ? null : scope.ownerIds);

export function listFirmware(db: Db, scope: Scope, filter: Omit<FirmwareSearch, 'page' | 'size'>, page: PageQuery) {
  const owners = ownedBy(scope);
  const keyword = filter.keyword ?? '';
  const query = db
    .selectFrom('firmware as f')
    .selectAll('f')
    .$if(owners !== null, (q) => q.where('f.owner_id', 'in', owners ?? []))
    .$if(Boolean(filter.keyword), (q) =>
      q.where((eb) =>
        eb.or([
          contains('f.name', keyword),
          contains('f.series', keyword),
          contains('f.model', keyword),
          contains('f.version', keyword),
        ]),
      ),
    )
    .$if(filter.type !== undefined, (q) => q.where('f.type', '=', filter.type ?? 'full'))
    .orderBy('f.id', 'desc');
  return paginate(query, page);
}

export function findFirmware(db: Db, scope: Scope, id: number) {
  const owners = ownedBy(scope);
  return db
    .selectFrom('firmware')
    .selectAll()
    .where('id', '=', id)
    .$if(owners !== null, (q) => q.where('owner_id', 'in', owners ?? []))
    .executeTakeFirst();
}

export async function versionTaken(
  db: Db,
  key: { ownerId: number; series: string; model: string; version: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('firmware')
    .select('id')
    .where('owner_id', '=', key.ownerId)
    .where('series', '=', key.series)
    .where('model', '=', key.model)
    .where('version', '=', key.version)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertFirmware(db: Db, values: Insertable<FirmwareTable>): Promise<number> {
  const row = await db.insertInto('firmware').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function deleteFirmware(db: Db, id: number): Promise<void> {
  await db.deleteFrom('firmware').where('id', '=', id).execute();
}
