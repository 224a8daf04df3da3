import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildUser } from '../../../../test/factories.ts';
import { buildSchoolWorld, type SchoolWorld } from '../../../portal/orgs/testing.ts';

let t: TestApp;
let w: SchoolWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
});
afterAll(() => t.close());

describe('departments', () => {
  let deptId: number;

  it('adds, lists, renames and removes departments of a school', async () => {
    const added = await w.schoolAdmin.post('/apis-user/dept/add', {
      parentId: w.orgs.school.id,
      name: 'Teaching Office',
    });
    expect(added.json().data).toMatchObject({
      type: 'department',
      name: 'Teaching Office',
      parentId: w.orgs.school.id,
    });
    deptId = added.json().data.id;
    await w.otherSchoolAdmin.post('/apis-user/dept/add', { parentId: w.orgs.otherSchool.id, name: 'Their Office' });
    const page = await w.schoolAdmin.post('/apis-user/dept/page', {});
    expect(page.json().data.list.map((d: { name: string }) => d.name)).toEqual(['Teaching Office']);
    const renamed = await w.schoolAdmin.post('/apis-user/dept/update', { id: deptId, name: 'Academic Office' });
    expect(renamed.json().data.name).toBe('Academic Office');
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(deptId))
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['createOrg', 'updateOrg']);
  });

  it('refuses a department under a class, a name too long, and a non-department through these calls', async () => {
    const underClass = await w.schoolAdmin.post('/apis-user/dept/add', { parentId: w.orgs.klass.id, name: 'Nowhere' });
    expect(underClass.json()).toMatchObject({
      code: 400,
      message: 'An organisation of this type cannot be placed under the chosen parent',
    });
    const long = await w.schoolAdmin.post('/apis-user/dept/add', { parentId: w.orgs.school.id, name: 'x'.repeat(51) });
    expect(long.json().data).toEqual([{ field: 'name', msg: 'Organisation name: 1-50 characters' }]);
    const school = await w.schoolAdmin.post('/apis-user/dept/update', { id: w.orgs.klass.id, name: 'Renamed class' });
    expect(school.json()).toMatchObject({ code: 404, message: 'No such department' });
    const removeClass = await w.schoolAdmin.post('/apis-user/dept/remove', { id: w.orgs.klass.id });
    expect(removeClass.json()).toMatchObject({ code: 404, message: 'No such department' });
  });

  it('keeps a department that still has teachers', async () => {
    const teacher = await w.schoolAdmin.post('/apis-user/teacher/add', {
      schoolId: w.orgs.school.id,
      teacherNo: 'D1',
      name: 'Dept Member',
      deptId,
    });
    expect(teacher.json().data).toMatchObject({ deptId, deptName: 'Academic Office' });
    const inUse = await w.schoolAdmin.post('/apis-user/dept/remove', { id: deptId });
    expect(inUse.json()).toMatchObject({
      code: 409,
      message: 'Teachers still belong to this department; move them first',
    });
    const byDept = await w.schoolAdmin.post('/apis-user/teacher/page', { deptId });
    expect(byDept.json().data.total).toBe(1);
    await w.schoolAdmin.post('/apis-user/teacher/update', { id: teacher.json().data.id, deptId: null });
    expect((await w.schoolAdmin.post('/apis-user/dept/remove', { id: deptId })).statusCode).toBe(200);
  });
});

describe('groups', () => {
  let groupId: number;

  it('keeps groups of a school with members from its scope', async () => {
    const added = await w.schoolAdmin.post('/apis-user/group/add', {
      orgId: w.orgs.school.id,
      name: 'Year 7 team',
      description: 'Everyone teaching year 7',
    });
    expect(added.json().data).toMatchObject({ name: 'Year 7 team', orgName: 'First School', memberCount: 0 });
    groupId = added.json().data.id;
    const member = await buildUser(t.db.kysely, { roleIds: [], orgId: w.orgs.school.id });
    const set = await w.schoolAdmin.post('/apis-user/group/members/set', { groupId, userIds: [member.id] });
    expect(set.json().data.memberCount).toBe(1);
    const members = await w.schoolAdmin.post('/apis-user/group/members', { groupId });
    expect(members.json().data.list).toEqual([
      { userId: member.id, account: member.account, nickname: `Nick ${member.account}` },
    ]);

    const stranger = await buildUser(t.db.kysely, { roleIds: [], orgId: w.orgs.otherSchool.id });
    const outside = await w.schoolAdmin.post('/apis-user/group/members/set', {
      groupId,
      userIds: [member.id, stranger.id],
    });
    expect(outside.json()).toMatchObject({
      code: 400,
      message: `User ${stranger.id} does not exist or is outside your scope`,
    });
    expect((await w.schoolAdmin.post('/apis-user/group/members', { groupId })).json().data.total).toBe(1);
  });

  it('refuses a bad or taken name, a class as owner, and groups out of scope', async () => {
    const blank = await w.schoolAdmin.post('/apis-user/group/add', { orgId: w.orgs.school.id, name: ' ' });
    expect(blank.json().data).toEqual([{ field: 'name', msg: 'Group name: 1-30 characters' }]);
    const long = await w.schoolAdmin.post('/apis-user/group/add', {
      orgId: w.orgs.school.id,
      name: 'ok',
      description: 'x'.repeat(201),
    });
    expect(long.json().data).toEqual([{ field: 'description', msg: 'Group description: up to 200 characters' }]);
    const taken = await w.schoolAdmin.post('/apis-user/group/add', { orgId: w.orgs.school.id, name: 'Year 7 team' });
    expect(taken.json()).toMatchObject({ code: 409, message: 'This organisation already has a group with that name' });
    const onClass = await w.schoolAdmin.post('/apis-user/group/add', { orgId: w.orgs.klass.id, name: 'Class group' });
    expect(onClass.json()).toMatchObject({ code: 400, message: 'A group belongs to a school or a bureau' });

    const theirs = await w.otherSchoolAdmin.post('/apis-user/group/page', {});
    expect(theirs.json().data.total).toBe(0);
    const rename = await w.otherSchoolAdmin.post('/apis-user/group/update', { id: groupId, name: 'Mine now' });
    expect(rename.json()).toMatchObject({ code: 404, message: 'No such group' });
    const remove = await w.otherSchoolAdmin.post('/apis-user/group/remove', { id: groupId });
    expect(remove.statusCode).toBe(404);
    const bureau = await w.bureauAdmin.post('/apis-user/group/page', { keyword: 'year 7' });
    expect(bureau.json().data.list.map((g: { name: string }) => g.name)).toEqual(['Year 7 team']);

    expect((await w.schoolAdmin.post('/apis-user/group/remove', { id: groupId })).statusCode).toBe(200);
    const left = await t.db.kysely
      .selectFrom('user_group_members')
      .select('id')
      .where('group_id', '=', groupId)
      .execute();
    expect(left).toEqual([]);
  });
});
