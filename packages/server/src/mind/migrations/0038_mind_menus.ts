import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

const STAFF = [1, 2, 3, 4, 5];
const LEADS = [1, 2, 3, 5];

/** New sidebar groups: counselling, daily work and people get their own. */
const CATEGORIES = [
  { code: 'mind_counselling', name: '心理辅导', en: 'Counselling' },
  { code: 'mind_daily', name: '日常工作', en: 'Daily work' },
  { code: 'mind_people', name: '师生管理', en: 'People' },
];
const CATEGORY_ORDER = [
  'mind_warnings',
  'mind_assessments',
  'mind_archives',
  'mind_counselling',
  'mind_home_visits',
  'mind_daily',
  'mind_people',
  'mind_statistics',
];

interface Item {
  code: string;
  category: string;
  name: string;
  en: string;
  page: string;
  roles: number[];
}
const item = (code: string, category: string, name: string, en: string, page: string, roles = STAFF): Item => ({
  code,
  category,
  name,
  en,
  page,
  roles,
});

/**
 * The built pages that had no sidebar item (issue 18). Each is granted to the Mind roles here; the
 * role's permission entries then decide who sees it (decision 0066). A snapshot: never import
 * today's catalogues.
 */
const ITEMS: Item[] = [
  item('mind_last_level', 'mind_warnings', '最新预警等级', 'Latest warning levels', 'lastWarningLevel'),
  item('mind_attention', 'mind_warnings', '关注提醒', 'Follow-up reminders', 'attentionReminder'),
  item('mind_interview', 'mind_warnings', '访谈记录', 'Interviews', 'interview'),
  item('mind_reminder_config', 'mind_warnings', '提醒模型配置', 'Reminder model', 'reminderConfiguration', LEADS),
  item('mind_progress', 'mind_assessments', '测评进度', 'Assessment progress', 'progressMonitor'),
  item('mind_scale_library', 'mind_assessments', '量表库', 'Scale library', 'AISystemScale'),
  item('mind_student_detail', 'mind_archives', '学生详情', 'Student details', 'studentDetail'),
  item('mind_family', 'mind_archives', '家庭信息', 'Family information', 'FamilyInfo'),
  item('mind_timeline', 'mind_archives', '成长时间轴', 'Timeline', 'warningTimerShaft'),
  item('mind_appointments', 'mind_counselling', '个体咨询', 'Counselling appointments', 'appointmentRecordQuery'),
  item('mind_daily_dynamic', 'mind_daily', '工作动态', 'Work news', 'dailyDynamic'),
  item(
    'mind_teacher_observation',
    'mind_daily',
    '教师日常观察',
    'Teachers’ observations',
    'dailyObservationOfTeachers',
  ),
  item('mind_school_observation', 'mind_daily', '学校观察', 'School observations', 'observationSchool'),
  item('mind_setback', 'mind_daily', '学生挫折事件', 'Student setbacks', 'setback'),
  item('mind_describe', 'mind_daily', '学生描述', 'Student descriptions', 'describeManage'),
  item('mind_mental_teachers', 'mind_daily', '心理教师管理', 'Psychology teachers', 'mentalTeacherManage'),
  item('mind_all_students', 'mind_people', '全部学生', 'All students', 'allStudent'),
  item('mind_account_bind', 'mind_people', '账号绑定管理', 'Accounts and binding', 'accountBindManage'),
];

/** The sidebar's order inside each group; items not named keep their place after these. */
const ITEM_ORDER = [
  'mind_intervene',
  'mind_attention',
  'mind_last_level',
  'mind_interview',
  'mind_return_visit',
  'mind_reminder_config',
  'mind_scale',
  'mind_other',
  'mind_teacher_scale',
  'mind_progress',
  'mind_custom_scale',
  'mind_scale_library',
  'mind_student_file',
  'mind_student_detail',
  'mind_family',
  'mind_timeline',
  'mind_group',
  'mind_appointments',
  'mind_home_visit_task',
  'mind_home_visit_record',
  'mind_daily_dynamic',
  'mind_teacher_observation',
  'mind_school_observation',
  'mind_setback',
  'mind_describe',
  'mind_mental_teachers',
  'mind_all_students',
  'mind_account_bind',
  'mind_downloads',
];

type Loose = Kysely<Record<string, Record<string, unknown>>>;

async function idOf(k: Loose, table: string, code: string): Promise<number> {
  const row = await k.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Sidebar items for every built Mind page, in groups a teacher recognises. */
export async function up({ db }: MigrationContext): Promise<void> {
  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as unknown as Loose;
  const at = Date.now();
  for (const c of CATEGORIES) {
    await k
      .insertInto('app_categories')
      .values({ code: c.code, name: c.name, name_en: c.en, app_code: 'mind', icon: null, sort: 0, created_at: at })
      .execute();
  }
  for (const [i, code] of CATEGORY_ORDER.entries()) {
    await k
      .updateTable('app_categories')
      .set({ sort: 10 + i })
      .where('code', '=', code)
      .execute();
  }
  const parentId = await idOf(k, 'apps', 'mind');
  for (const it of ITEMS) {
    await k
      .insertInto('apps')
      .values({
        code: it.code,
        name: it.name,
        name_en: it.en,
        category_id: await idOf(k, 'app_categories', it.category),
        parent_id: parentId,
        product: 'mind',
        icon: null,
        publish_url: `/jdp/data/${it.page}`,
        description: null,
        sort: 0,
        enabled: true,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const appId = await idOf(k, 'apps', it.code);
    await k
      .insertInto('app_roles')
      .values(it.roles.map((roleId) => ({ app_id: appId, role_id: roleId })))
      .execute();
  }
  // Group counselling moves to its own group, and a class teacher may apply for one.
  await k
    .updateTable('apps')
    .set({ category_id: await idOf(k, 'app_categories', 'mind_counselling') })
    .where('code', '=', 'mind_group')
    .execute();
  await k
    .insertInto('app_roles')
    .values({ app_id: await idOf(k, 'apps', 'mind_group'), role_id: 4 })
    .execute();
  for (const [i, code] of ITEM_ORDER.entries()) {
    await k
      .updateTable('apps')
      .set({ sort: 100 + i })
      .where('code', '=', code)
      .execute();
  }
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as unknown as Loose;
  const groupId = await idOf(k, 'apps', 'mind_group');
  await k.deleteFrom('app_roles').where('app_id', '=', groupId).where('role_id', '=', 4).execute();
  await k
    .updateTable('apps')
    .set({ category_id: await idOf(k, 'app_categories', 'mind_archives') })
    .where('id', '=', groupId)
    .execute();
  const codes = ITEMS.map((it) => it.code);
  const ids = (await k.selectFrom('apps').select('id').where('code', 'in', codes).execute()).map((r) => r.id);
  if (ids.length > 0) await k.deleteFrom('app_roles').where('app_id', 'in', ids).execute();
  await k.deleteFrom('apps').where('code', 'in', codes).execute();
  await k
    .deleteFrom('app_categories')
    .where(
      'code',
      'in',
      CATEGORIES.map((c) => c.code),
    )
    .execute();
}
