import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

interface BuiltinRole {
  id: number;
  app: 'mind' | 'iot' | 'portal';
  code: string;
  name: string;
  description: string;
  isDefault?: boolean;
  perms: Array<{ path: string; perms: string }>;
}

const all = [{ path: '*', perms: '*' }];
const home = [{ path: '/data/home', perms: '*' }];

/**
 * The roles both specs name. Ids 1 and 2 are fixed by the Mind spec (the restricted tabs); the
 * rest keep their ids so that deployments agree. A snapshot: later changes go in new migrations.
 */
const roles: BuiltinRole[] = [
  {
    id: 1,
    app: 'mind',
    code: 'bureau_admin',
    name: '教育局管理员',
    description: 'Education bureau administrator',
    perms: all,
  },
  { id: 2, app: 'mind', code: 'school_admin', name: '学校管理员', description: 'School administrator', perms: all },
  { id: 3, app: 'mind', code: 'psychology_teacher', name: '心理老师', description: 'Psychology teacher', perms: home },
  { id: 4, app: 'mind', code: 'class_teacher', name: '班主任', description: 'Class teacher', perms: home },
  {
    id: 5,
    app: 'portal',
    code: 'platform_admin',
    name: '平台管理员',
    description: 'Platform administrator',
    perms: all,
  },
  { id: 10, app: 'iot', code: 'iot_main', name: '主账号', description: 'Main account', isDefault: true, perms: [] },
  { id: 11, app: 'iot', code: 'iot_sub', name: '子用户', description: 'Sub-user', perms: [] },
  { id: 12, app: 'iot', code: 'iot_admin', name: '管理员', description: 'Administrator', perms: all },
  {
    id: 13,
    app: 'iot',
    code: 'iot_customer_super_admin',
    name: '客户超级管理员',
    description: 'Customer super administrator',
    perms: [],
  },
  { id: 14, app: 'iot', code: 'iot_project_manager', name: '项目经理', description: 'Project manager', perms: [] },
  {
    id: 15,
    app: 'iot',
    code: 'iot_ticket_admin',
    name: '工单管理员',
    description: 'Work-order administrator',
    perms: [],
  },
  { id: 16, app: 'iot', code: 'iot_maintenance', name: '维护人员', description: 'Maintenance engineer', perms: [] },
  { id: 17, app: 'iot', code: 'iot_reseller', name: '经销商', description: 'Reseller user', perms: [] },
  { id: 18, app: 'iot', code: 'iot_neutral', name: '中性用户', description: 'Neutral (white-label) user', perms: [] },
  { id: 19, app: 'iot', code: 'iot_test', name: '测试账号', description: 'Test account (view only)', perms: [] },
];

export async function up({ db, syncIdentity }: MigrationContext): Promise<void> {
  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  const at = Date.now();
  for (const role of roles) {
    await k
      .insertInto('roles')
      .values({
        id: role.id,
        app: role.app,
        code: role.code,
        name: role.name,
        description: role.description,
        is_default: role.isDefault ?? false,
        builtin: true,
        menu_perms: '[]',
        point_perms: '[]',
        org_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const p of role.perms) {
      await k.insertInto('role_permissions').values({ role_id: role.id, path: p.path, perms: p.perms }).execute();
    }
  }
  await syncIdentity('roles');
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  await k.deleteFrom('roles').where('builtin', '=', true).execute();
}
