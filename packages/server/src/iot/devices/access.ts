import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Scope } from '../../portal/access/scope.ts';

type DeviceBuilder = ExpressionBuilder<Database & { d: Database['devices'] }, 'd'>;

/** What a caller may do to a device; spec section 6. */
export type DeviceRight = 'view' | 'edit' | 'delete';

/**
 * A condition on `devices` (aliased `d`) keeping the devices the caller may `right`:
 * - the platform administrator: every device;
 * - an owner: their devices and those of every account below them;
 * - a project's manager and associated users: all of the project's devices, with full control;
 * - a sub-user: the devices granted to them, for the rights granted.
 * Every device read and change passes through it, so that forgetting the scope does not compile.
 */
export function deviceVisible(scope: Scope, right: DeviceRight = 'view') {
  return (eb: DeviceBuilder) => {
    if (scope.all) return eb.lit(true);
    const column = right === 'view' ? 'g.can_view' : right === 'edit' ? 'g.can_edit' : 'g.can_delete';
    return eb.or([
      eb('d.owner_id', 'in', scope.ownerIds),
      eb(
        'd.project_id',
        'in',
        eb
          .selectFrom('project_users as pu')
          .select('pu.project_id')
          .where('pu.user_id', '=', scope.userId)
          .union(
            eb.selectFrom('projects as pm').select('pm.id as project_id').where('pm.manager_id', '=', scope.userId),
          ),
      ),
      eb.exists(
        eb
          .selectFrom('device_grants as g')
          .select('g.device_id')
          .whereRef('g.device_id', '=', 'd.id')
          .where('g.user_id', '=', scope.userId)
          .where(column, '=', true),
      ),
    ]);
  };
}
