import type { PageQuery } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { paginate } from '../../../platform/db/sql.ts';
import type { Scope } from '../../../portal/access/scope.ts';
import { deviceVisible } from '../../devices/access-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A sub-user's grants on the devices the caller can see (what the caller may show and change). */
export function grantPage(db: Db, scope: Scope, userId: number, page: PageQuery) {
  const query = db
    .selectFrom('device_grants as g')
    .innerJoin('devices as d', 'd.id', 'g.device_id')
    .select([
      'g.device_id',
      'd.name as device_name',
      'd.sn',
      'g.can_view',
      'g.can_edit',
      'g.can_delete',
      'g.granted_by',
      'g.created_at',
    ])
    .where('g.user_id', '=', userId)
    .where(deviceVisible(scope, 'view'))
    .orderBy('g.device_id');
  return paginate(query, page);
}

export interface GrantValues {
  deviceId: number;
  view: boolean;
  edit: boolean;
  delete: boolean;
}

/**
 * Replaces a sub-user's grants on the devices the granter can see. Grants on devices out of the
 * granter's sight (given by someone else) are kept: nobody changes what they cannot see.
 */
export async function replaceGrants(
  trx: Transaction<Database>,
  scope: Scope,
  userId: number,
  grants: GrantValues[],
  grantedBy: number,
): Promise<void> {
  await trx
    .deleteFrom('device_grants')
    .where('user_id', '=', userId)
    .where('device_id', 'in', (eb) => eb.selectFrom('devices as d').select('d.id').where(deviceVisible(scope, 'view')))
    .execute();
  const kept = grants.filter((g) => g.view);
  if (kept.length === 0) return;
  const at = Date.now();
  await trx
    .insertInto('device_grants')
    .values(
      kept.map((g) => ({
        device_id: g.deviceId,
        user_id: userId,
        can_view: g.view,
        can_edit: g.edit,
        can_delete: g.delete,
        granted_by: grantedBy,
        created_at: at,
      })),
    )
    .execute();
}
