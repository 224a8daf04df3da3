import type { PageQuery } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { contains, paginate } from '../../../platform/db/sql.ts';
import type { Scope } from '../../access/scope.ts';
import { userInScope } from '../../access/scope-repository.ts';
import type { UserStatus, UserType } from '../../identity/tables.ts';

export interface AccountFilters {
  keyword?: string;
  /** A subtree, as a path prefix: members by department or by identity. */
  under?: string;
  roleId?: number;
  status?: UserStatus;
  userType?: UserType;
}

function accounts(db: Kysely<Database>, scope: Scope) {
  return db
    .selectFrom('users as u')
    .leftJoin('orgs as d', 'd.id', 'u.dept_id')
    .select([
      'u.id',
      'u.account',
      'u.nickname',
      'u.avatar',
      'u.phone',
      'u.email',
      'u.status',
      'u.user_type',
      'u.parent_id',
      'u.dept_id',
      'd.name as dept_name',
      'u.vip_level',
      'u.super_admin',
      'u.device_level',
      'u.slave_quota',
      'u.remark',
      'u.created_at',
      'u.last_login_at',
    ])
    .where(userInScope(scope));
}
export type AccountRecord = Awaited<ReturnType<ReturnType<typeof accounts>['executeTakeFirstOrThrow']>>;

/** The accounts of the scope matching the filters, newest first. */
export function accountPage(db: Kysely<Database>, scope: Scope, filters: AccountFilters, page: PageQuery) {
  const query = accounts(db, scope)
    .$if(Boolean(filters.keyword), (q) =>
      q.where((eb) => {
        const keyword = filters.keyword ?? '';
        return eb.or([contains('u.account', keyword), contains('u.nickname', keyword), contains('u.phone', keyword)]);
      }),
    )
    .$if(filters.under !== undefined, (q) =>
      q.where((eb) => {
        const like = `${filters.under}%`;
        return eb.or([
          eb('u.dept_id', 'in', eb.selectFrom('orgs').select('orgs.id').where('orgs.path', 'like', like)),
          eb(
            'u.id',
            'in',
            eb
              .selectFrom('user_identities as fi')
              .innerJoin('orgs as fo', 'fo.id', 'fi.org_id')
              .select('fi.user_id')
              .where('fo.path', 'like', like),
          ),
        ]);
      }),
    )
    .$if(filters.roleId !== undefined, (q) =>
      q.where('u.id', 'in', (eb) =>
        eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .where('user_roles.role_id', '=', filters.roleId ?? 0),
      ),
    )
    .$if(filters.status !== undefined, (q) => q.where('u.status', '=', filters.status ?? 'enabled'))
    .$if(filters.userType !== undefined, (q) => q.where('u.user_type', '=', filters.userType ?? 'staff'))
    .orderBy('u.id', 'desc');
  return paginate(query, page);
}

export function findAccount(db: Kysely<Database>, scope: Scope, userId: number): Promise<AccountRecord | undefined> {
  return accounts(db, scope).where('u.id', '=', userId).executeTakeFirst();
}

/** The roles of each user, with where they hold them. */
export async function rolesOf(db: Kysely<Database>, userIds: number[]) {
  const byUser = new Map<number, Array<{ roleId: number; roleName: string; orgId: number | null }>>();
  // Guard against running an invalid `in ()` when the page is empty.
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id', 'r.id', 'r.name', 'ur.org_id'])
    .where('ur.user_id', 'in', userIds)
    .orderBy('r.id')
    .execute();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ roleId: row.id, roleName: row.name, orgId: row.org_id });
    byUser.set(row.user_id, list);
  }
  return byUser;
}
