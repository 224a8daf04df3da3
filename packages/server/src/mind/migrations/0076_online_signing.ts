import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/** The psychology teacher (3) sends, withdraws and keeps templates; the class teacher (4) sends and reads. */
const GRANTS = [
  { role_id: 3, path: '/data/signature', perms: 'view,add,edit,delete,export' },
  { role_id: 4, path: '/data/signature', perms: 'view,add,export' },
];

type Loose = Kysely<Record<string, Record<string, unknown>>>;
const ITEM = {
  code: 'mind_signature',
  name: '在线签署',
  en: 'Online signing',
  page: 'signature',
  roles: [1, 2, 3, 4, 5],
};

/** The three templates every school starts with (decision 0104). */
const DEFAULTS = [
  {
    title: '心理咨询知情同意书 Consent for counselling',
    body:
      '学校心理辅导中心将为您的孩子提供心理咨询。咨询内容保密，但涉及孩子或他人安全时，学校将依法告知监护人。\n' +
      'The school’s counselling centre will offer your child counselling. What is said stays confidential, except where the safety of your child or of others is at stake, when the school will tell you as the law requires.',
    fields: [
      { key: 'guardian', label: '监护人姓名 Guardian', kind: 'text', required: true },
      { key: 'relation', label: '与学生关系 Relation', kind: 'text', required: true },
      { key: 'phone', label: '联系电话 Phone', kind: 'text', required: true },
    ],
  },
  {
    title: '心理预警告知书 Notice of a warning',
    body:
      '经学校心理测评与老师观察，您的孩子近期需要更多关注。请您与班主任及心理老师保持联系，共同关心孩子。\n' +
      'From the school’s assessment and teachers’ observation, your child needs more attention at present. Please keep in touch with the class teacher and the psychology teacher so that we look after your child together.',
    fields: [
      { key: 'guardian', label: '监护人姓名 Guardian', kind: 'text', required: true },
      { key: 'opinion', label: '家长意见 Your view', kind: 'textarea', required: false },
    ],
  },
  {
    title: '家访记录确认 Home-visit record',
    body:
      '老师已于下述日期到家中走访，并与家长交流了孩子在校和在家的情况。请确认家访记录。\n' +
      'A teacher visited your home on the date below and talked with you about your child at school and at home. Please confirm the record of the visit.',
    fields: [
      { key: 'visitedOn', label: '家访日期 Date of the visit', kind: 'date', required: true },
      { key: 'guardian', label: '监护人姓名 Guardian', kind: 'text', required: true },
      { key: 'opinion', label: '家长意见 Your view', kind: 'textarea', required: false },
    ],
  },
];

async function idOf(k: Loose, table: string, code: string): Promise<number> {
  const row = await k.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Sign-form templates with their three defaults, forms sent for signing, and the sidebar item under counselling. */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('sign_templates'))
    .addColumn('school_id', 'bigint', (c) => c.references('orgs.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('fields', types.json, (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await withId(s.createTable('sign_forms'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('template_id', 'bigint', (c) => c.notNull().references('sign_templates.id'))
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('recipient_kind', 'text', (c) => c.notNull())
    .addColumn('recipient_id', 'bigint', (c) => c.notNull())
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('recipient_user_id', 'bigint', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('fields', types.json, (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('values', types.json)
    .addColumn('signature_path', 'text')
    .addColumn('pdf_path', 'text')
    .addColumn('pdf_sha256', 'text')
    .addColumn('sent_by', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', types.time, (c) => c.notNull())
    .addColumn('signed_at', types.time)
    .addColumn('withdrawn_at', types.time)
    .execute();
  await s.createIndex('sign_forms_student').on('sign_forms').columns(['student_id', 'id']).execute();
  await s.createIndex('sign_forms_recipient').on('sign_forms').columns(['recipient_user_id', 'id']).execute();

  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as unknown as Loose;
  const at = Date.now();
  await k
    .insertInto('sign_templates')
    .values(
      DEFAULTS.map((d) => ({
        school_id: null,
        title: d.title,
        body: d.body,
        fields: JSON.stringify(d.fields),
        created_by: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await k.insertInto('role_permissions').values(GRANTS).execute();
  await k
    .insertInto('apps')
    .values({
      code: ITEM.code,
      name: ITEM.name,
      name_en: ITEM.en,
      category_id: await idOf(k, 'app_categories', 'mind_counselling'),
      parent_id: await idOf(k, 'apps', 'mind'),
      product: 'mind',
      icon: null,
      publish_url: `/jdp/data/${ITEM.page}`,
      description: null,
      // After the activities (117).
      sort: 118,
      enabled: true,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const appId = await idOf(k, 'apps', ITEM.code);
  await k
    .insertInto('app_roles')
    .values(ITEM.roles.map((roleId) => ({ app_id: appId, role_id: roleId })))
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as unknown as Loose;
  const appId = await idOf(k, 'apps', ITEM.code);
  await k.deleteFrom('app_roles').where('app_id', '=', appId).execute();
  await k.deleteFrom('apps').where('id', '=', appId).execute();
  for (const g of GRANTS) {
    await k.deleteFrom('role_permissions').where('role_id', '=', g.role_id).where('path', '=', g.path).execute();
  }
  await db.schema.dropTable('sign_forms').execute();
  await db.schema.dropTable('sign_templates').execute();
}
