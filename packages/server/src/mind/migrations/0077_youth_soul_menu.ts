import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/**
 * The sidebar item of the district's youth-soul home (decision 0105), beside the district screen
 * and for the same roles: the platform and bureau administrators (1, 5), who hold every path. Its
 * school and warnings walls open from it. A snapshot: never import today's catalogues.
 */
const ITEM = { code: 'mind_youth_soul_home', name: '青少年心灵驿站', en: 'Youth soul home' };
const ROLES = [1, 5];

async function rowOf(k: Loose, table: string, code: string) {
  return k.selectFrom(table).selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

export async function up({ db }: MigrationContext): Promise<void> {
  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as unknown as Loose;
  const after = await rowOf(k, 'apps', 'mind_district_screen');
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
      publish_url: '/jdp/districtYouthSoulHome',
      description: null,
      sort: Number(after.sort),
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
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as unknown as Loose;
  const app = await rowOf(k, 'apps', ITEM.code);
  await k.deleteFrom('app_roles').where('app_id', '=', app.id).execute();
  await k.deleteFrom('apps').where('id', '=', app.id).execute();
}
