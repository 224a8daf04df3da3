import { MIND_MENU_PAGES, MIND_MENU_SCREENS, mindPageOf, mindScreenOf } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { buildSchoolWorld, type Caller, callerFor, type SchoolWorld } from '../orgs/testing.ts';

let t: TestApp;
let w: SchoolWorld;
let teacher: Caller;
let owner: Caller;
let both: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
  const db = t.db.kysely;
  teacher = await callerFor(t, await buildUser(db, { roleIds: [4], orgId: w.orgs.klass.id }));
  owner = await callerFor(t, await buildUser(db, { roleIds: [10], userType: 'main', identityId: null }));
  both = await callerFor(t, await buildUser(db, { roleIds: [4, 10], orgId: w.orgs.klass.id }));
});
afterAll(() => t.close());

const appId = async (code: string) =>
  (await t.db.kysely.selectFrom('apps').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const names = (groups: Array<{ list: Array<{ appName: string }> }>) =>
  groups.flatMap((g) => g.list.map((a) => a.appName));

describe('the launcher', () => {
  it('groups the apps of every role the caller holds by category, each with its published address', async () => {
    expect((await teacher.get('/apis-portal/app/getAppMenu')).json().data).toEqual([
      {
        name: 'Mental health',
        code: 'mind',
        list: [
          {
            appId: await appId('mind'),
            appCode: 'mind',
            appName: 'Mind: mental-health management',
            publishUrl: '/jdp/',
            icon: 'HeartOutlined',
          },
        ],
      },
    ]);
    expect((await owner.get('/apis-portal/app/getAppMenu')).json().data.map((g: { code: string }) => g.code)).toEqual([
      'iot',
    ]);
    const dual = (await both.get('/apis-portal/app/getAppMenu')).json().data;
    expect(dual.map((g: { list: Array<{ publishUrl: string }> }) => g.list[0]?.publishUrl)).toEqual(['/iot/', '/jdp/']);
  });

  it("speaks the reader's language", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/apis-portal/app/getAppMenu',
      headers: { 'x-authorization': teacher.token, 'accept-language': 'zh-CN' },
    });
    expect(res.json().data[0]).toMatchObject({ name: '心理健康', list: [{ appName: '心理健康管理平台' }] });
  });

  it('lists the categories of the launcher and of the Mind sidebar', async () => {
    const launcher = (await teacher.get('/apis-portal/app/category')).json().data;
    expect(launcher.map((c: { code: string }) => c.code)).toEqual(['iot', 'mind']);
    const sidebar = (await teacher.get('/apis-portal/app/category?appCode=mind')).json().data;
    expect(sidebar.map((c: { name: string }) => c.name)).toEqual([
      'Warnings and intervention',
      'Assessments',
      'Archives',
      'Counselling',
      'Home visits',
      'Daily work',
      'People',
      'Statistics',
      'AI',
    ]);
  });
});

describe('the Mind sidebar', () => {
  it("shows the menus of the caller's current role, grouped by category, opening /jdp/data pages", async () => {
    const groups = (await teacher.get('/apis-portal/app/getAppMenu?appCode=mind')).json().data;
    expect(groups.map((g: { code: string }) => g.code)).toEqual([
      'mind_warnings',
      'mind_assessments',
      'mind_archives',
      'mind_counselling',
      'mind_home_visits',
      'mind_daily',
      'mind_people',
      'mind_statistics',
    ]);
    expect(groups[0].list[0]).toMatchObject({
      appName: 'Early warning and intervention',
      publishUrl: '/jdp/data/intervene',
    });
    expect(names(groups)).not.toContain('Security warnings');
    const admin = names((await w.schoolAdmin.get('/apis-portal/app/getAppMenu?appCode=mind')).json().data);
    expect(admin).toEqual(expect.arrayContaining(['Accounts and binding', 'Reminder model', 'School observations']));
    expect(admin).not.toContain('District screen');
    expect(admin).not.toContain('Youth soul home');
  });

  it('leads only to built pages, each role to those its permissions open', async () => {
    const psychology = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [3], orgId: w.orgs.school.id }));
    const menus = new Map<string, string[]>();
    for (const [role, caller] of Object.entries({
      bureau: w.bureauAdmin,
      school: w.schoolAdmin,
      psychology,
      teacher,
    })) {
      const groups = (await caller.get('/apis-portal/app/getAppMenu?appCode=mind')).json().data;
      const urls = groups.flatMap((g: { list: Array<{ publishUrl: string }> }) => g.list.map((a) => a.publishUrl));
      // Every item opens a built page or a built dashboard of this app: no "coming" page, no dashboard still to come.
      for (const url of urls) {
        const built = [...Object.keys(MIND_MENU_PAGES), ...Object.keys(MIND_MENU_SCREENS)];
        expect(built, `${role}: ${url}`).toContain(mindPageOf(url) ?? mindScreenOf(url));
      }
      menus.set(role, names(groups));
    }
    expect(menus.get('school')).toEqual(expect.arrayContaining(['Accounts and binding', 'All students', 'Interviews']));
    // The statistical report and student insight (decision 0092): for the leads, not the class teacher.
    expect(menus.get('school')).toEqual(expect.arrayContaining(['Reports', 'Student insight']));
    expect(menus.get('psychology')).toContain('Student insight');
    expect(menus.get('teacher')).not.toContain('Student insight');
    // Behaviour alerts (decision 0088): for the school's leads, not for a class teacher.
    expect(menus.get('school')).toContain('Security warnings');
    expect(menus.get('psychology')).toContain('Security warnings');
    expect(menus.get('teacher')).not.toContain('Security warnings');
    // The built dashboards: the cockpit for the school's leads, the district screen for the bureau,
    // the school screens for the school's administrators.
    expect(menus.get('school')).toEqual(
      expect.arrayContaining(['Warning cockpit', 'School screen', 'School warning screen', 'Management screen']),
    );
    expect(menus.get('psychology')).not.toContain('Management screen');
    expect(menus.get('psychology')).toContain('Warning cockpit');
    expect(menus.get('teacher')).not.toContain('Warning cockpit');
    expect(menus.get('bureau')).toEqual(
      expect.arrayContaining(['District screen', 'Youth soul home', 'Warning cockpit']),
    );
    // The security-warning cockpit (decision 0096): for those who see and handle the behaviour alerts.
    expect(menus.get('school')).toContain('Security-warning cockpit');
    expect(menus.get('psychology')).toContain('Security-warning cockpit');
    expect(menus.get('teacher')).not.toContain('Security-warning cockpit');
    expect(menus.get('psychology')).toEqual(
      expect.arrayContaining(['Reminder model', 'School observations', 'Assessment progress', 'Custom scales']),
    );
    expect(menus.get('psychology')).not.toContain('Accounts and binding');
    expect(menus.get('teacher')).toEqual(
      expect.arrayContaining(['Interviews', 'Follow-up reminders', 'Student setbacks', 'Group counselling']),
    );
    for (const hidden of ['Reminder model', 'School observations', 'Accounts and binding', 'Other-rater assessments'])
      expect(menus.get('teacher')).not.toContain(hidden);
  });

  it('follows the role editor: a page granted to the role brings its item, a page taken away removes it', async () => {
    const sidebar = async () => names((await teacher.get('/apis-portal/app/getAppMenu?appCode=mind')).json().data);
    const role = (await w.platform.get('/apis-rbac/role/detail?roleId=4')).json().data;
    const perms: Array<{ path: string; perms: string }> = role.perms;
    const withObservations = [
      ...perms.filter((p) => p.path !== '/data/setback'),
      { path: '/data/observationSchool', perms: 'view' },
    ];
    const saved = await w.platform.post('/apis-rbac/role/update', { roleId: 4, perms: withObservations });
    expect(saved.json().code).toBe(200);
    await expect.poll(sidebar).toContain('School observations');
    expect(await sidebar()).not.toContain('Student setbacks');
    await w.platform.post('/apis-rbac/role/update', { roleId: 4, perms });
    await expect.poll(sidebar).toContain('Student setbacks');
  });

  it('says so for an unknown app', async () => {
    expect((await teacher.get('/apis-portal/app/getAppMenu?appCode=nothing')).json()).toMatchObject({
      code: 404,
      message: 'No such app',
    });
  });
});

describe('authorising apps for roles', () => {
  it('lets the platform grant an app to a role, and audits it', async () => {
    const report = await appId('mind_return_visit');
    const res = await w.platform.post('/apis-portal/app/authorizing', { appId: report, roleIds: [1, 2, 3, 4, 5] });
    expect(res.json().data).toEqual({ appId: report, roleIds: [1, 2, 3, 4, 5] });
    expect(names((await teacher.get('/apis-portal/app/getAppMenu?appCode=mind')).json().data)).toContain(
      'Return visits',
    );
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .select('user_id')
      .where('action', '=', 'authorizeApp')
      .executeTakeFirstOrThrow();
    expect(entry.user_id).toBe(w.platform.user.id);
  });

  it('limits an organisation administrator to their own roles and their own apps', async () => {
    const role = (
      await w.schoolAdmin.post('/apis-rbac/role/new', { app: 'mind', name: 'Reader', orgId: w.orgs.school.id })
    ).json().data;
    const scale = await appId('mind_scale');
    const builtin = await w.schoolAdmin.post('/apis-portal/app/authorizing', { appId: scale, roleIds: [role.id, 4] });
    expect(builtin.json()).toMatchObject({
      code: 403,
      message: 'Only the platform administrator can manage platform-wide roles and the default role',
    });
    const own = await w.schoolAdmin.post('/apis-portal/app/authorizing', { appId: scale, roleIds: [role.id] });
    expect(own.json().data.roleIds).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, role.id]));
    const notTheirs = await w.schoolAdmin.post('/apis-portal/app/authorizing', {
      appId: await appId('mind_district_screen'),
      roleIds: [role.id],
    });
    expect(notTheirs.json().message).toBe('You cannot grant permissions that your own role does not have');
  });

  it('lists every app for administrators only', async () => {
    const list = (await w.platform.get('/apis-portal/app/baseManage')).json().data;
    expect(list.find((a: { appCode: string }) => a.appCode === 'iot')).toMatchObject({
      publishUrl: '/iot/',
      category: 'iot',
      parent: null,
      product: 'iot',
      enabled: true,
    });
    expect(list.find((a: { appCode: string }) => a.appCode === 'mind_scale').parent).toBe('mind');
    expect((await teacher.get('/apis-portal/app/baseManage')).statusCode).toBe(403);
  });
});

describe('favourites, clicks and the home apps', () => {
  it('saves favourites in order, only among apps the caller can open', async () => {
    const [mind, scale] = [await appId('mind'), await appId('mind_scale')];
    const saved = await teacher.post('/apis-portal/app/collect/save', { appIds: [scale, mind] });
    expect(saved.json().data.map((a: { appId: number }) => a.appId)).toEqual([scale, mind]);
    expect(
      (await teacher.get('/apis-portal/app/collect/my')).json().data.map((a: { appId: number }) => a.appId),
    ).toEqual([scale, mind]);
    const iot = await teacher.post('/apis-portal/app/collect/save', { appIds: [await appId('iot')] });
    expect(iot.json()).toMatchObject({ code: 404, message: 'No such app' });
    const bad = await teacher.post('/apis-portal/app/collect/save', { appIds: 'all' });
    expect(bad.json().data).toEqual([{ field: 'appIds', msg: 'must be a list' }]);
  });

  it('counts clicks and puts favourites, then the most opened, on the home page', async () => {
    const [mind, scale, intervene] = [await appId('mind'), await appId('mind_scale'), await appId('mind_intervene')];
    await teacher.post('/apis-portal/app/collect/save', { appIds: [scale] });
    await teacher.post('/apis-app/app/click', { appId: mind });
    const second = await teacher.post('/apis-app/app/click', { appId: mind });
    expect(second.json().data).toEqual({ clicks: 2 });
    await teacher.post('/apis-app/app/click', { appId: intervene });
    const home = (await teacher.get('/apis-app/app/indexApp')).json().data;
    expect(home.map((a: { appId: number }) => a.appId)).toEqual([scale, mind, intervene]);
    expect(home[0]).toMatchObject({ favourite: true, clicks: 0 });
    expect(home[1]).toMatchObject({ favourite: false, clicks: 2 });
    expect((await owner.post('/apis-app/app/click', { appId: mind })).statusCode).toBe(404);
  });
});

describe('the app center', () => {
  it("lists the caller's apps in two levels and the roles that grant them", async () => {
    const levels = (await teacher.get('/apis-app/app/level/list')).json().data;
    expect(levels).toHaveLength(1);
    expect(levels[0]).toMatchObject({ appCode: 'mind', level: 1 });
    expect(levels[0].children.map((c: { appCode: string }) => c.appCode)).toContain('mind_scale');
    expect((await teacher.get('/apis-app/app/myAppRole')).json().data).toEqual([
      expect.objectContaining({ appCode: 'mind', roles: [{ roleId: 4, roleName: '班主任' }], personal: false }),
    ]);
  });

  it('records the account the caller holds inside an app', async () => {
    const mind = await appId('mind');
    const bound = await teacher.post('/apis-app/account/bind', { appId: mind, account: 'li.teacher' });
    expect(bound.json().data).toMatchObject({ appCode: 'mind', account: 'li.teacher' });
    expect((await teacher.post('/apis-app/account/app')).json().data).toEqual([
      expect.objectContaining({ appCode: 'mind', account: 'li.teacher' }),
    ]);
    const empty = await teacher.post('/apis-app/account/bind', { appId: mind, account: '' });
    expect(empty.json().data).toEqual([{ field: 'account', msg: 'must not be empty' }]);
  });
});

describe('a deployment without Device Cloud', () => {
  it('hides its app and its own calls', async () => {
    const mindOnly = await buildTestApp({ MERIDIAN_APPS: 'mind' });
    try {
      const admin = await callerFor(mindOnly, await buildUser(mindOnly.db.kysely, { roleIds: [5], superAdmin: true }));
      const groups = (await admin.get('/apis-portal/app/getAppMenu')).json().data;
      expect(groups.map((g: { code: string }) => g.code)).toEqual(['mind']);
      expect((await admin.get('/iot/users/tree')).statusCode).toBe(404);
    } finally {
      await mindOnly.close();
    }
  });
});
