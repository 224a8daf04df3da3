import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildWarningWorld, type WarningWorld } from '../warnings/testing.ts';

let t: TestApp;
let w: WarningWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
}, 90_000);
afterAll(() => t.close());

const data = async (by: Caller, url: string, body?: unknown) => {
  const res = body === undefined ? await by.get(url) : await by.post(url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const total = async (by: Caller, url: string, body?: Record<string, unknown>) =>
  (await data(by, url, body)).total as number;

/** A call through a published link, as a browser without a session makes it. */
const open = (part: string, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/apis-psychology/screen/public/${part}`,
    headers: { 'x-screen-link': token },
  });
const openData = async (part: string, token: string) => {
  const res = await open(part, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const newLink = async (by: Caller, body: Record<string, unknown> = {}) =>
  (await data(by, '/apis-psychology/screen/school/links', body)) as { id: number; token: string; status: string };

describe('the school screen through a signed link', () => {
  it('shows the school’s aggregates without a session, matching the result and warning lists, and no name', async () => {
    const link = await newLink(w.schoolAdmin, { note: 'Hall wall' });
    expect(link).toMatchObject({ schoolId: w.orgs.school.id, schoolName: 'First School', status: 'active' });
    const results = await total(w.schoolAdmin, '/apis-psychology/survey/record/query', { page: 1, size: 1 });
    const warned = await total(w.schoolAdmin, '/apis-psychology/survey/record/query', {
      page: 1,
      size: 1,
      warning: true,
    });
    const warnings = await total(w.schoolAdmin, '/apis-psychology/warning/page');
    const overview = await openData('overview', link.token);
    expect(overview).toMatchObject({ schoolName: 'First School', results, warned, warnings, expiresAt: null });
    expect(results).toBe(2);
    expect(overview.assigned).toBeGreaterThan(0);

    const bands = await openData('bands', link.token);
    // By grade, never by class: a class is small enough to point at a student.
    expect(bands.by).toBe('grade');
    expect(bands.rows.map((r: { name: string; total: number }) => [r.name, r.total])).toEqual([['Grade 7', results]]);
    const gauge = await openData('warnings', link.token);
    expect(gauge.total).toBe(warnings);
    const trend = await openData('trend', link.token);
    const sum = (k: 'results' | 'warnings') =>
      trend.months.reduce((n: number, m: Record<string, number>) => n + (m[k] ?? 0), 0);
    expect([sum('results'), sum('warnings')]).toEqual([results, warnings]);

    // The token is a bearer secret: the log holds the calls it made, never the token.
    expect(JSON.stringify(t.logs)).toContain('/screen/public/trend');
    expect(JSON.stringify(t.logs)).not.toContain(link.token);
    const everything = JSON.stringify([overview, bands, gauge, trend]);
    for (const name of ['李四', '王五', 'Class 7-1']) expect(everything).not.toContain(name);
    // The list names the link and who made it, never its token.
    const listed = await data(w.schoolAdmin, '/apis-psychology/screen/school/links');
    expect(listed.list[0]).toMatchObject({ id: link.id, note: 'Hall wall', status: 'active' });
    expect(JSON.stringify(listed)).not.toContain(link.token);
  });

  it('refuses another school’s figures and links', async () => {
    const outside = await w.schoolAdmin.post('/apis-psychology/screen/school/links', {
      schoolId: w.orgs.otherSchool.id,
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe('That school is outside your data scope; choose one of your schools');
    const mine = await newLink(w.schoolAdmin);
    const theirs = await w.otherSchoolAdmin.post('/apis-psychology/screen/school/links/revoke', { id: mine.id });
    expect(theirs.statusCode).toBe(404);
    const listed = await data(w.otherSchoolAdmin, '/apis-psychology/screen/school/links');
    expect(listed.list.map((l: { id: number }) => l.id)).not.toContain(mine.id);
    // The other school's own link opens its own figures only, which are none.
    const own = await newLink(w.otherSchoolAdmin);
    expect(await openData('overview', own.token)).toMatchObject({
      schoolName: 'Second School',
      results: 0,
      warnings: 0,
    });
    const radar = await w.otherSchoolAdmin.get(`/apis-psychology/warning/radarList?schoolId=${w.orgs.school.id}`);
    expect(radar.statusCode).toBe(403);
    const bureau = await w.bureauAdmin.post('/apis-psychology/screen/school/links', {});
    expect(bureau.statusCode).toBe(400);
    expect(bureau.json().message).toBe('Choose the school whose screen you publish');
  });

  it('refuses a revoked, an expired or an unknown link with a sentence', async () => {
    const link = await newLink(w.schoolAdmin);
    const revoked = await data(w.schoolAdmin, '/apis-psychology/screen/school/links/revoke', { id: link.id });
    expect(revoked.status).toBe('revoked');
    const after = await open('overview', link.token);
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe('该大屏链接已被学校撤销，请向学校索取新的链接');

    const soon = await newLink(w.schoolAdmin, { expiresAt: Date.now() + 3_600_000 });
    expect((await open('bands', soon.token)).statusCode).toBe(200);
    await t.db.kysely
      .updateTable('screen_links')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', soon.id)
      .execute();
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/apis-psychology/screen/public/trend',
      headers: { 'accept-language': 'en', 'x-screen-link': soon.token },
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This screen link has expired; ask the school for a new one');
    const unknown = await open('warnings', 'not-a-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('该大屏链接无效，请向学校索取新的链接');
    const none = await t.app.inject({ method: 'GET', url: '/api/apis-psychology/screen/public/overview' });
    expect(none.statusCode).toBe(404);
    const past = await w.schoolAdmin.post('/apis-psychology/screen/school/links', { expiresAt: Date.now() - 1000 });
    expect(past.statusCode).toBe(400);
  });
});

describe('the school warning and management screens', () => {
  it('count the warnings of each grade and month as the warning list does', async () => {
    const warnings = await total(w.schoolAdmin, '/apis-psychology/warning/page');
    const radar = await data(w.schoolAdmin, '/apis-psychology/warning/radarList');
    expect(radar.grades).toEqual([{ name: 'Grade 7', total: warnings, open: warnings, counts: { red: 1, orange: 1 } }]);
    expect(radar.levels.map((l: { code: string }) => l.code)).toContain('red');
    const trend = await data(w.schoolAdmin, '/apis-psychology/screen/school/trend');
    expect(trend.months.reduce((n: number, m: { warnings: number }) => n + m.warnings, 0)).toBe(warnings);
    expect((await data(w.otherSchoolAdmin, '/apis-psychology/warning/radarList')).grades).toEqual([]);
  });

  it('list the school’s tasks with sheets assigned and answered, as the schools’ figures add up', async () => {
    const tasks = await data(w.schoolAdmin, '/apis-psychology/screen/school/tasks');
    const figures = await data(w.schoolAdmin, '/apis-psychology/screen/school/queryList');
    const sum = (k: 'assigned' | 'done') => tasks.list.reduce((n: number, r: Record<string, number>) => n + r[k], 0);
    expect([sum('assigned'), sum('done')]).toEqual([figures.totals.assigned, figures.totals.done]);
    expect(tasks.list.length).toBeGreaterThan(0);
    expect((await data(w.otherSchoolAdmin, '/apis-psychology/screen/school/tasks')).list).toEqual([]);
  });
});
