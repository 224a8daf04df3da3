import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { buildSchoolWorld, callerFor, type SchoolWorld } from './testing.ts';

let t: TestApp;
let w: SchoolWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
});
afterAll(() => t.close());

describe('reading the tree', () => {
  it('starts each caller at the top of their own scope', async () => {
    const tops = async (c: typeof w.platform) =>
      (await c.get('/apis-rbac/org/children')).json().data.list.map((n: { id: number }) => n.id);
    expect(await tops(w.schoolAdmin)).toEqual([w.orgs.school.id]);
    expect(await tops(w.bureauAdmin)).toEqual([w.orgs.bureau.id]);
    expect(await tops(w.platform)).toEqual(expect.arrayContaining([w.orgs.bureau.id, w.orgs.otherBureau.id]));
  });

  it("lists children with their types, and refuses another school's", async () => {
    const res = await w.bureauAdmin.get(`/apis-rbac/org/children?parentId=${w.orgs.bureau.id}&size=50`);
    const names = res.json().data.list.map((n: { name: string }) => n.name);
    expect(names).toEqual(expect.arrayContaining(['First School', 'Second School']));
    expect(res.json().data.list[0]).toMatchObject({ type: 'school', hasChildren: true });
    const refused = await w.schoolAdmin.get(`/apis-rbac/org/children?parentId=${w.orgs.otherSchool.id}`);
    expect(refused.statusCode).toBe(404);
  });

  it('searches by name within the scope, with paging', async () => {
    const res = await w.bureauAdmin.get('/apis-rbac/org/node/list?keyword=school&size=1');
    expect(res.json().data).toMatchObject({ page: 1, size: 1 });
    expect(res.json().data.total).toBeGreaterThanOrEqual(2);
    const far = await w.bureauAdmin.get('/apis-rbac/org/node/list?keyword=far');
    expect(far.json().data.total).toBe(0);
    // LIKE's wildcards in a keyword are taken literally.
    expect((await w.platform.get('/apis-rbac/org/node/list?keyword=%25')).json().data.total).toBe(0);
  });

  it('draws the school tree of a bureau', async () => {
    const res = await w.bureauAdmin.get('/apis-rbac/org/schoolTree');
    const [root] = res.json().data;
    expect(root).toMatchObject({ id: w.orgs.bureau.id, type: 'bureau' });
    const first = root.children.find((c: { id: number }) => c.id === w.orgs.school.id);
    expect(first.children.map((c: { name: string }) => c.name)).toContain('East Campus');
    expect(res.json().data).toHaveLength(1);
  });

  it('lists the classes and departments under a node, and the node types', async () => {
    const classes = await w.schoolAdmin.get(`/apis-rbac/org/class?parentId=${w.orgs.school.id}`);
    expect(classes.json().data.list.map((c: { name: string }) => c.name)).toContain('Class 7-1');
    const dept = await w.schoolAdmin.post('/apis-rbac/org/add', {
      parentId: w.orgs.school.id,
      type: 'department',
      name: 'Counselling Office',
    });
    expect(dept.statusCode).toBe(200);
    const depts = await w.schoolAdmin.get('/apis-rbac/org/dept');
    expect(depts.json().data.list.map((c: { name: string }) => c.name)).toEqual(['Counselling Office']);
    const types = (await w.schoolAdmin.get('/apis-rbac/org/nodeTypes')).json().data;
    expect(types.find((x: { type: string }) => x.type === 'grade')).toEqual({
      type: 'grade',
      name: 'Grade',
      parents: ['school', 'campus'],
      children: ['class'],
    });
  });

  it('previews a node with its ancestors, children and members', async () => {
    const res = await w.schoolAdmin.get(`/apis-rbac/org/preview?id=${w.orgs.grade.id}`);
    expect(res.json().data).toMatchObject({
      node: { id: w.orgs.grade.id, name: 'Grade 7' },
      ancestors: [
        { id: w.orgs.bureau.id, name: 'North Bureau', type: 'bureau' },
        { id: w.orgs.school.id, name: 'First School', type: 'school' },
        { id: w.orgs.campus.id, name: 'East Campus', type: 'campus' },
      ],
      children: [{ type: 'class', typeName: 'Class', count: 1 }],
    });
  });

  it('lets a class teacher pick the grade and class of their class under their school, and nothing else', async () => {
    const teacher = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [4], orgId: w.orgs.klass.id }));
    const ids = async (url: string) => {
      const res = await teacher.get(url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.list.map((o: { id: number }) => o.id);
    };
    expect(await ids(`/apis-rbac/org/node/list?type=grade&parentId=${w.orgs.school.id}`)).toEqual([w.orgs.grade.id]);
    expect(await ids(`/apis-rbac/org/node/list?type=class&parentId=${w.orgs.grade.id}`)).toEqual([w.orgs.klass.id]);
    expect(await ids(`/apis-rbac/org/node/list?type=class&parentId=${w.orgs.school.id}`)).toEqual([w.orgs.klass.id]);
    const elsewhere = await teacher.get(`/apis-rbac/org/node/list?type=grade&parentId=${w.orgs.otherSchool.id}`);
    expect(elsewhere.json()).toMatchObject({ code: 404 });
  });

  it("gives a class teacher the school of their class as their data's school", async () => {
    const teacher = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [4], orgId: w.orgs.klass.id }));
    const res = await teacher.get('/apis-rbac/org/data/school');
    expect(res.json().data.list.map((s: { id: number }) => s.id)).toEqual([w.orgs.school.id]);
    const bureau = await w.bureauAdmin.get('/apis-rbac/org/data/school');
    const ids = bureau.json().data.list.map((s: { id: number }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([w.orgs.school.id, w.orgs.otherSchool.id]));
    expect(ids).not.toContain(w.orgs.farSchool.id);
  });
});
