import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildUser } from '../../../test/factories.ts';
import { buildSchoolWorld, callerFor, type SchoolWorld } from './testing.ts';

let t: TestApp;
let w: SchoolWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
});
afterAll(() => t.close());

const pathOf = async (id: number) =>
  await t.db.kysely
    .selectFrom('orgs')
    .select(['path', 'depth', 'parent_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('creating organisations', () => {
  it('lets a school administrator build their school down to a class, with materialised paths', async () => {
    const { school } = w.orgs;
    const campus = await w.schoolAdmin.post('/apis-rbac/org/add', {
      parentId: school.id,
      type: 'campus',
      name: 'West Campus',
    });
    expect(campus.statusCode).toBe(200);
    expect(campus.json().data).toMatchObject({ type: 'campus', typeName: 'Campus', name: 'West Campus', depth: 2 });
    const campusId = campus.json().data.id;
    expect(campus.json().data.path).toBe(`${school.path}${campusId}/`);
    const grade = (
      await w.schoolAdmin.post('/apis-rbac/org/add', { parentId: campusId, type: 'grade', name: 'Grade 8' })
    ).json().data;
    const klass = await w.schoolAdmin.post('/apis-rbac/org/add', {
      parentId: grade.id,
      type: 'class',
      name: 'Class 8-1',
      code: 'C8_1',
    });
    expect(klass.json().data).toMatchObject({
      path: `${school.path}${campusId}/${grade.id}/${klass.json().data.id}/`,
      code: 'C8_1',
    });
  });

  it('refuses a type that cannot sit under the parent', async () => {
    const res = await w.schoolAdmin.post('/apis-rbac/org/add', {
      parentId: w.orgs.school.id,
      type: 'class',
      name: 'Loose class',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'An organisation of this type cannot be placed under the chosen parent',
      data: { type: 'class', allowedParents: ['grade'] },
    });
  });

  it('keeps a school administrator inside their school', async () => {
    const res = await w.schoolAdmin.post('/apis-rbac/org/add', {
      parentId: w.orgs.otherSchool.id,
      type: 'grade',
      name: 'Grade 9',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such organisation');
  });

  it('leaves top-level organisations to the platform administrator', async () => {
    const refused = await w.bureauAdmin.post('/apis-rbac/org/add', { type: 'bureau', name: 'Rogue Bureau' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the platform administrator can create a top-level organisation');
    const created = await w.platform.post('/apis-rbac/org/add', { type: 'bureau', name: 'West Bureau' });
    expect(created.json().data).toMatchObject({ parentId: null, depth: 0, path: `/${created.json().data.id}/` });
  });

  it('refuses a name already used under the same parent', async () => {
    const res = await w.bureauAdmin.post('/apis-rbac/org/add', {
      parentId: w.orgs.bureau.id,
      type: 'school',
      name: 'First School',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An organisation with this name already exists under the same parent');
  });

  it('checks the name and the code', async () => {
    const res = await w.platform.post('/apis-rbac/org/add', { type: 'bureau', name: ' ', code: 'bad code!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'name', msg: 'Organisation name: 1-50 characters' },
      { field: 'code', msg: 'Organisation code: up to 32 letters, digits, underscores or hyphens' },
    ]);
    const long = await w.platform.post('/apis-rbac/org/add', { type: 'bureau', name: 'x'.repeat(51) });
    expect(long.json().data).toEqual([{ field: 'name', msg: 'Organisation name: 1-50 characters' }]);
  });

  it('needs the add permission', async () => {
    const teacher = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [4], orgId: w.orgs.klass.id }));
    const res = await teacher.post('/apis-rbac/org/add', { parentId: w.orgs.klass.id, type: 'class', name: 'x' });
    expect(res.statusCode).toBe(403);
  });
});

describe('moving organisations', () => {
  it('re-parents a grade with its classes, rewriting the whole subtree', async () => {
    const db = t.db.kysely;
    const school = await buildOrg(db, { type: 'school', name: 'Move School', parentId: w.orgs.bureau.id });
    const from = await buildOrg(db, { type: 'campus', name: 'Old Campus', parentId: school.id });
    const grade = await buildOrg(db, { type: 'grade', name: 'Grade 1', parentId: from.id });
    const klass = await buildOrg(db, { type: 'class', name: 'Class 1-1', parentId: grade.id });
    const res = await w.bureauAdmin.post('/apis-rbac/org/move', { id: grade.id, parentId: school.id });
    expect(res.statusCode).toBe(200);
    expect(await pathOf(grade.id)).toEqual({ path: `${school.path}${grade.id}/`, depth: 2, parent_id: school.id });
    expect(await pathOf(klass.id)).toEqual({
      path: `${school.path}${grade.id}/${klass.id}/`,
      depth: 3,
      parent_id: grade.id,
    });
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'moveOrg')
      .execute();
    expect(audit).toContainEqual({ action: 'moveOrg', target_id: String(grade.id) });
  });

  it('refuses moving a node under itself or its own subtree', async () => {
    const { campus, grade } = w.orgs;
    for (const parentId of [campus.id, grade.id]) {
      const res = await w.schoolAdmin.post('/apis-rbac/org/move', { id: campus.id, parentId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'An organisation cannot be moved under itself or one of its own sub-organisations',
      );
    }
  });

  it('refuses a parent of the wrong type', async () => {
    const res = await w.schoolAdmin.post('/apis-rbac/org/move', { id: w.orgs.klass.id, parentId: w.orgs.school.id });
    expect(res.json().message).toBe('An organisation of this type cannot be placed under the chosen parent');
  });

  it('does not let an administrator move their own organisation or move anything outside their scope', async () => {
    const own = await w.schoolAdmin.post('/apis-rbac/org/move', { id: w.orgs.school.id, parentId: w.orgs.bureau.id });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot move, disable or remove the organisation you administer');
    const away = await w.schoolAdmin.post('/apis-rbac/org/move', {
      id: w.orgs.grade.id,
      parentId: w.orgs.otherSchool.id,
    });
    expect(away.statusCode).toBe(404);
    const outside = await w.bureauAdmin.post('/apis-rbac/org/move', {
      id: w.orgs.school.id,
      parentId: w.orgs.otherBureau.id,
    });
    expect(outside.statusCode).toBe(404);
  });

  it('lets the platform administrator move a school to another bureau', async () => {
    const db = t.db.kysely;
    const school = await buildOrg(db, { type: 'school', name: 'Travelling School', parentId: w.orgs.bureau.id });
    const res = await w.platform.post('/apis-rbac/org/move', { id: school.id, parentId: w.orgs.otherBureau.id });
    expect(res.json().data).toMatchObject({
      parentId: w.orgs.otherBureau.id,
      path: `${w.orgs.otherBureau.path}${school.id}/`,
    });
  });
});

describe('editing, disabling and removing', () => {
  it('renames a node, refusing a sibling name', async () => {
    const db = t.db.kysely;
    const a = await buildOrg(db, { type: 'grade', name: 'Grade A', parentId: w.orgs.school.id });
    await buildOrg(db, { type: 'grade', name: 'Grade B', parentId: w.orgs.school.id });
    expect((await w.schoolAdmin.post('/apis-rbac/org/update', { id: a.id, name: 'Grade B' })).statusCode).toBe(409);
    const res = await w.schoolAdmin.post('/apis-rbac/org/update', { id: a.id, name: 'Grade C', sort: 3 });
    expect(res.json().data).toMatchObject({ name: 'Grade C', sort: 3 });
  });

  it('disables a node, refuses children under it, and enables it again', async () => {
    const grade = await buildOrg(t.db.kysely, { type: 'grade', name: 'Grade Off', parentId: w.orgs.school.id });
    const off = await w.schoolAdmin.post('/apis-rbac/org/status', { id: grade.id, status: 'disabled' });
    expect(off.json().data.status).toBe('disabled');
    const child = await w.schoolAdmin.post('/apis-rbac/org/add', {
      parentId: grade.id,
      type: 'class',
      name: 'Class X',
    });
    expect(child.json().message).toBe('The parent organisation is disabled; enable it first');
    expect(
      (await w.schoolAdmin.post('/apis-rbac/org/status', { id: grade.id, status: 'enabled' })).json().data.status,
    ).toBe('enabled');
    const own = await w.schoolAdmin.post('/apis-rbac/org/status', { id: w.orgs.school.id, status: 'disabled' });
    expect(own.statusCode).toBe(403);
  });

  it('removes only an empty node, and audits it', async () => {
    const db = t.db.kysely;
    const grade = await buildOrg(db, { type: 'grade', name: 'Grade Gone', parentId: w.orgs.school.id });
    const klass = await buildOrg(db, { type: 'class', name: 'Class Gone', parentId: grade.id });
    const busy = await w.schoolAdmin.post('/apis-rbac/org/remove', { id: grade.id });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(
      'This organisation still has sub-organisations or members; move or remove them first',
    );
    await buildUser(db, { roleIds: [4], orgId: klass.id });
    expect((await w.schoolAdmin.post('/apis-rbac/org/remove', { id: klass.id })).statusCode).toBe(409);
    const empty = await buildOrg(db, { type: 'grade', name: 'Grade Empty', parentId: w.orgs.school.id });
    expect((await w.schoolAdmin.post('/apis-rbac/org/remove', { id: empty.id })).statusCode).toBe(200);
    expect(await db.selectFrom('orgs').select('id').where('id', '=', empty.id).executeTakeFirst()).toBeUndefined();
    const entry = await db
      .selectFrom('audit_log')
      .select(['user_id', 'result'])
      .where('action', '=', 'removeOrg')
      .where('target_id', '=', String(empty.id))
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ user_id: w.schoolAdmin.user.id, result: 'ok' });
  });
});
