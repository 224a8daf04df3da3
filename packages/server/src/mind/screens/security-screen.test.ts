import type { CAMPUS_EVENT_TYPES } from '@meridian/contracts';
import { CampusBox, TINY_PNG } from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { type AssessmentWorld, buildAssessmentWorld } from '../assessments/testing.ts';
import { chinaDayStart } from './security.ts';

let t: TestApp;
let w: AssessmentWorld;
let url: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
}, 90_000);
afterAll(() => t.close());

const data = async (by: Caller, path: string, body?: unknown) => {
  const res = body === undefined ? await by.get(path) : await by.post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** How many alerts the behaviour-alert list shows for these filters: what the screen must agree with. */
const listed = async (by: Caller, filters: Record<string, string | number>) =>
  (
    await data(
      by,
      `/apis-psychology/securityWarning/list?${new URLSearchParams({ ...filters, size: '1' } as Record<string, string>)}`,
    )
  ).total as number;

/** A device of a school, added by its administrator, and a box speaking the signed protocol with its key. */
async function device(by: Caller, schoolId: number, location: string) {
  const added = await data(by, '/apis-psychology/equipment/add', {
    schoolId,
    kind: 'camera',
    name: location,
    location,
  });
  return new CampusBox({ baseUrl: url, lang: 'en', deviceKey: added.deviceKey, secret: added.secret, schoolId });
}
async function report(box: CampusBox, type: (typeof CAMPUS_EVENT_TYPES)[number], occurredAt: number) {
  const res = await box.report({ type, occurredAt, snapshot: TINY_PNG });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { alertId: number }).alertId;
}

describe('the security-warning cockpit', () => {
  it('shows the school’s alerts, holders, time to solve, devices and trend as the alert list counts them', async () => {
    const school = w.orgs.school.id;
    const now = Date.now();
    const gate = await device(w.schoolAdmin, school, 'Gate');
    await device(w.schoolAdmin, school, 'Roof, never installed');
    expect((await gate.heartbeat()).status).toBe(200);
    await report(gate, 'fight', now - 60_000);
    const fall = await report(gate, 'fall', now - 30_000);
    const climbing = await report(gate, 'climbing', chinaDayStart(now, 3) + 3_600_000);
    await report(gate, 'intrusion', chinaDayStart(now, 10) + 3_600_000);
    // Another school's alert never counts here.
    const elsewhere = await device(w.otherSchoolAdmin, w.orgs.otherSchool.id, 'Other gate');
    await report(elsewhere, 'fight', now - 10_000);

    await data(w.schoolAdmin, `/apis-psychology/securityWarning/${fall}/handle`, {
      action: 'handOver',
      toUserId: w.psychologyTeacher.user.id,
    });
    await data(w.schoolAdmin, `/apis-psychology/securityWarning/${climbing}/handle`, {
      action: 'solve',
      result: 'Talked with both pupils',
    });

    const summary = await data(w.schoolAdmin, `/apis-psychology/screen/security/summary?schoolId=${school}`);
    const today = chinaDayStart(now);
    const week = chinaDayStart(now, 6);
    expect(summary.today.total).toBe(await listed(w.schoolAdmin, { schoolId: school, from: today }));
    expect(summary.week.total).toBe(await listed(w.schoolAdmin, { schoolId: school, from: week }));
    expect([summary.today.total, summary.week.total]).toEqual([2, 3]);
    for (const row of summary.week.byType as Array<{ type: string; count: number }>) {
      expect(row.count, row.type).toBe(await listed(w.schoolAdmin, { schoolId: school, from: week, type: row.type }));
    }
    const open = (summary.open.byState as Array<{ state: string; count: number }>).map((s) => [s.state, s.count]);
    expect(open).toEqual([
      ['new', await listed(w.schoolAdmin, { schoolId: school, state: 'new' })],
      ['acknowledged', 0],
      ['handedOver', await listed(w.schoolAdmin, { schoolId: school, state: 'handedOver' })],
    ]);
    expect(open).toEqual([
      ['new', 2],
      ['acknowledged', 0],
      ['handedOver', 1],
    ]);
    expect(summary.open.total).toBe(3);
    const holder = `Nick ${w.psychologyTeacher.user.account}`;
    expect(summary.open.holders).toEqual([{ userId: w.psychologyTeacher.user.id, name: holder, count: 1 }]);
    expect(summary.open.unheld).toBe(2);
    // The climbing alert occurred at 01:00 three days back and was solved just now.
    expect(summary.solved.count).toBe(1);
    const hours = (Date.now() - (chinaDayStart(now, 3) + 3_600_000)) / 3_600_000;
    expect(Math.abs(summary.solved.meanHours - hours)).toBeLessThan(0.2);

    const devices = await data(w.schoolAdmin, `/apis-psychology/screen/security/devices?schoolId=${school}`);
    expect([devices.online, devices.offline]).toEqual([1, 1]);

    const feed = await data(w.schoolAdmin, `/apis-psychology/screen/security/feed?schoolId=${school}`);
    expect(feed.list.map((a: { type: string }) => a.type)).toEqual(['fall', 'fight', 'climbing', 'intrusion']);
    expect(feed.list[0]).toEqual({
      id: fall,
      type: 'fall',
      schoolName: 'First School',
      location: 'Gate',
      occurredAt: now - 30_000,
      state: 'handedOver',
    });
    // Where and what, never who: no holder and no snapshot on a wall.
    expect(JSON.stringify(feed)).not.toContain(holder);
    expect(JSON.stringify(feed)).not.toContain('snapshot');

    const trend = await data(w.schoolAdmin, `/apis-psychology/screen/security/trend?schoolId=${school}`);
    expect(trend.days).toHaveLength(30);
    const sum = trend.days.reduce((n: number, d: { count: number }) => n + d.count, 0);
    expect(sum).toBe(await listed(w.schoolAdmin, { schoolId: school, from: chinaDayStart(now, 29) }));
    expect(sum).toBe(4);
    expect(trend.days.at(-1).count).toBe(2);

    // The bureau sees both schools; the other school's administrator only theirs.
    const bureau = await data(w.bureauAdmin, '/apis-psychology/screen/security/summary');
    expect(bureau.today.total).toBe(3);
    const theirs = await data(w.otherSchoolAdmin, '/apis-psychology/screen/security/summary');
    expect(theirs.today.total).toBe(1);
  });

  it('refuses another school’s figures, and a role without the screen', async () => {
    for (const part of ['summary', 'devices', 'feed', 'trend']) {
      const res = await w.otherSchoolAdmin.get(`/apis-psychology/screen/security/${part}?schoolId=${w.orgs.school.id}`);
      expect(res.statusCode, part).toBe(403);
      expect(res.json().message).toBe('That school is outside your data scope; choose one of your schools');
    }
    const student = await w.callers.a1.get('/apis-psychology/screen/security/summary');
    expect(student.statusCode).toBe(403);
    const teacher = await w.classTeacher.get('/apis-psychology/screen/security/feed');
    expect(teacher.statusCode).toBe(403);
  });
});
