import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { DeviceRight } from './access.ts';

type DeviceBuilder = ExpressionBuilder<Database & { d: Database['devices'] }, 'd'>;

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
    // Nothing shared with the caller: their account tree's devices are all there is.
    if (!scope.sharesDevices) return eb('d.owner_id', 'in', scope.ownerIds);
    const column = right === 'view' ? 'g.can_view' : right === 'edit' ? 'g.can_edit' : 'g.can_delete';
    // One `id in (...)` over a union, each branch an index lookup (owner, project, manager, grant),
    // rather than an OR of subqueries: PostgreSQL cannot use an index for a subquery inside an OR
    // and would scan every device of the platform for each list (bench/devices.ts).
    return eb(
      'd.id',
      'in',
      eb
        .selectFrom('devices as own')
        .select('own.id')
        .where('own.owner_id', 'in', scope.ownerIds)
        .unionAll(
          eb
            .selectFrom('project_users as pu')
            .innerJoin('devices as pd', 'pd.project_id', 'pu.project_id')
            .select('pd.id')
            .where('pu.user_id', '=', scope.userId),
        )
        .unionAll(
          eb
            .selectFrom('projects as pm')
            .innerJoin('devices as md', 'md.project_id', 'pm.id')
            .select('md.id')
            .where('pm.manager_id', '=', scope.userId),
        )
        .unionAll(
          eb
            .selectFrom('device_grants as g')
            .select('g.device_id as id')
            .where('g.user_id', '=', scope.userId)
            .where(column, '=', true),
        ),
    );
  };
}
