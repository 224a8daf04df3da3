import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { type DeviceRight, deviceVisible } from '../devices/access.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Of the given devices, those the caller may `right`, with what projects and tags need to know. */
export function devicesWithRight(db: Db, scope: Scope, right: DeviceRight, ids: number[]) {
  return db
    .selectFrom('devices as d')
    .select(['d.id', 'd.name', 'd.owner_id', 'd.project_id'])
    .where('d.id', 'in', ids)
    .where(deviceVisible(scope, right))
    .execute();
}
