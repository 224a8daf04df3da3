import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/**
 * The sidebar item of student insight, beside the statistical report (decision 0092): for the
 * school and bureau leads and the psychology teachers, who act on what it shows; and the
 * psychology teacher's grant of the report.
 */
const ITEM = { code: 'mind_student_insight', name: '学生洞察', en: 'Student insight', page: 'studentInsight' };
const ROLES = [1, 2, 3, 5];
/** The psychology teacher, whose sidebar already lists the report, may now open and export it for their school. */
const REPORT_GRANT = { role_id: 3, path: '/data/report', perms: 'view,export' };

async function rowOf(k: Loose, table: string, code: string) {
  return k.selectFrom(table).selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

export async function up({ db }: MigrationContext): Promise<void> {
  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as unknown as Loose;
  const report = await rowOf(k, 'apps', 'mind_report');
  const at = Date.now();
  await k
    .insertInto('apps')
    .values({
      code: ITEM.code,
      name: ITEM.name,
      name_en: ITEM.en,
      category_id: report.category_id,
      parent_id: report.parent_id,
      product: 'mind',
      icon: null,
      publish_url: `/jdp/data/${ITEM.page}`,
      description: null,
      sort: report.sort,
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
  // A role edited by hand may already name the report: what it holds is kept.
  const held = await k
    .selectFrom('role_permissions')
    .select('id')
    .where('role_id', '=', REPORT_GRANT.role_id)
    .where('path', '=', REPORT_GRANT.path)
    .executeTakeFirst();
  if (!held) await k.insertInto('role_permissions').values(REPORT_GRANT).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as unknown as Loose;
  const app = await rowOf(k, 'apps', ITEM.code);
  await k.deleteFrom('app_roles').where('app_id', '=', app.id).execute();
  await k.deleteFrom('apps').where('id', '=', app.id).execute();
  await k
    .deleteFrom('role_permissions')
    .where('role_id', '=', REPORT_GRANT.role_id)
    .where('path', '=', REPORT_GRANT.path)
    .where('perms', '=', REPORT_GRANT.perms)
    .execute();
}
