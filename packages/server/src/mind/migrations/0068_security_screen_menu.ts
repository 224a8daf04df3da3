import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';
import { grantPath, revokePath } from '../../platform/db/role-grants.ts';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/**
 * The sidebar item of the security-warning cockpit (decision 0096), after the school screens: for
 * the administrators who hold every path (1, 2, 5) and the psychology teacher (3), who handles the
 * behaviour alerts it shows and is granted its view. A snapshot: never import today's catalogues.
 */
const ITEM = { code: 'mind_security_screen', name: '安全预警驾驶舱', en: 'Security-warning cockpit' };
const ROLES = [1, 2, 3, 5];
const SCREEN = '/securityScreen';

async function rowOf(k: Loose, table: string, code: string) {
  return k.selectFrom(table).selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

export async function up({ db }: MigrationContext): Promise<void> {
  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as unknown as Loose;
  const after = await rowOf(k, 'apps', 'mind_school_screen');
  const at = Date.now();
  await k
    .insertInto('apps')
    .values({
      code: ITEM.code,
      name: ITEM.name,
      name_en: ITEM.en,
      category_id: after.category_id,
      parent_id: after.parent_id,
      product: 'mind',
      icon: null,
      publish_url: '/jdp/securityScreen',
      description: null,
      sort: Number(after.sort) + 3,
      enabled: true,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const app = await rowOf(k, 'apps', ITEM.code);
  await k
    .insertInto('app_roles')
    .values(ROLES.map((roleId) => ({ app_id: app.id, role_id: roleId })))
    .execute();
  await grantPath(db, SCREEN, [[3, 'view']]);
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as unknown as Loose;
  const app = await rowOf(k, 'apps', ITEM.code);
  await k.deleteFrom('app_roles').where('app_id', '=', app.id).execute();
  await k.deleteFrom('apps').where('id', '=', app.id).execute();
  await revokePath(db, SCREEN, [3]);
}
