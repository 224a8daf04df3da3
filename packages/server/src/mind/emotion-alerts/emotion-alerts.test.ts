import * as XLSX from '@e965/xlsx';
import { CampusBox, type CampusBoxEmotionSample } from '@meridian/simulator';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { type AssessmentWorld, buildAssessmentWorld } from '../assessments/testing.ts';
import { beijingDayHour } from '../emotion/service.ts';
import { EMOTION_PUSH, emotionPushJob } from './service.ts';

let t: TestApp;
let w: AssessmentWorld;
let box: CampusBox;
let url: string;

const DAY = 86_400_000;
/** 10:00 Beijing time, `daysAgo` days before today. */
const tenOClock = (daysAgo: number) => Date.parse(`${beijingDayHour(Date.now()).day}T02:00:00Z`) - daysAgo * DAY;
const dayOf = (at: number) => beijingDayHour(at).day;
/** 10 % negative. */
const calm = { happy: 0.3, calm: 0.5, surprised: 0.1, sad: 0.1, angry: 0, fearful: 0 };
/** 50 % negative. */
const gloomy = { happy: 0.1, calm: 0.3, surprised: 0.1, sad: 0.3, angry: 0.1, fearful: 0.1 };
/** 80 % negative. */
const dark = { happy: 0.05, calm: 0.1, surprised: 0.05, sad: 0.5, angry: 0.2, fearful: 0.1 };

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const res = await w.schoolAdmin.post('/apis-psychology/equipment/add', {
    schoolId: w.orgs.school.id,
    kind: 'camera',
    name: 'Classroom camera',
    location: 'Building 2',
  });
  expect(res.statusCode, res.body).toBe(200);
  const device = res.json().data as { deviceKey: string; secret: string };
  box = new CampusBox({ baseUrl: url, lang: 'en', deviceKey: device.deviceKey, secret: device.secret });
}, 90_000);
afterAll(() => t.close());

const send = async (sample: CampusBoxEmotionSample) => {
  const answer = await box.emotion(sample);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

type Alert = {
  id: number;
  className: string;
  day: string;
  negative: number;
  peak: number;
  level: string;
  state: string;
  note: string | null;
  handledByName: string | null;
};
const alerts = async (caller: typeof w.schoolAdmin, query: string) => {
  const res = await caller.get(`/apis-psychology/intelEmotion/page?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { total: number; list: Alert[] };
};
const range = (from: number, to = 0) => `from=${dayOf(tenOClock(from))}&to=${dayOf(tenOClock(to))}`;
const alertRows = () => t.db.kysely.selectFrom('emotion_alerts').select(['id', 'class_id', 'day', 'peak']).execute();

/** Runs the queued emotion pushes to the end with a real worker. */
async function deliver() {
  const worker = new JobWorker({ db: t.db, log: pino({ level: 'silent' }), jobs: [emotionPushJob], pollMs: 10 });
  worker.start();
  const waiting = () =>
    t.db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', EMOTION_PUSH)
      .where('state', 'in', ['queued', 'running'])
      .execute();
  await expect.poll(async () => (await waiting()).length, { timeout: 5000 }).toBe(0);
  await worker.stop();
}

describe('emotion alerts', () => {
  it('raises one alert when a class’s day crosses the threshold, pushes it once, and updates it on a later crossing', async () => {
    const { klassA, klassB } = w.classes;
    const rule = await w.schoolAdmin.post('/apis-psychology/pushConfig/save', {
      schoolId: w.orgs.school.id,
      name: 'Emotion to the psychology teacher',
      types: ['emotion'],
      userIds: [w.psychologyTeacher.user.id],
      channels: ['site'],
      fromMinute: 0,
      toMinute: 1440,
    });
    expect(rule.statusCode, rule.body).toBe(200);
    expect(rule.json().data).toMatchObject({ emotionLevels: ['attention', 'serious'] });
    // The class teacher is told only of serious emotion alerts (decision 0143).
    const serious = await w.schoolAdmin.post('/apis-psychology/pushConfig/save', {
      schoolId: w.orgs.school.id,
      name: 'Serious emotion to the class teacher',
      types: ['emotion'],
      userIds: [w.classTeacher.user.id],
      channels: ['site'],
      emotionLevels: ['serious'],
      fromMinute: 0,
      toMinute: 1440,
    });
    expect(serious.statusCode, serious.body).toBe(200);
    expect(serious.json().data).toMatchObject({ emotionLevels: ['serious'] });
    const noLevel = await w.schoolAdmin.post('/apis-psychology/pushConfig/save', {
      schoolId: w.orgs.school.id,
      name: 'No level',
      types: ['emotion'],
      userIds: [w.classTeacher.user.id],
      channels: ['site'],
      emotionLevels: [],
      fromMinute: 0,
      toMinute: 1440,
    });
    expect(noLevel.statusCode).toBe(400);
    expect(noLevel.body).toContain('Choose at least one emotion alert level');
    const toldOf = async (userId: number) =>
      (await t.db.kysely.selectFrom('emotion_alert_notices').select('alert_id').where('user_id', '=', userId).execute())
        .length;
    // Calm days raise nothing; the default threshold is 40 %.
    await send({ classId: klassA.id, faces: 40, emotions: calm, occurredAt: tenOClock(3) });
    await send({ classId: klassB.id, faces: 40, emotions: calm, occurredAt: tenOClock(1) });
    expect((await alerts(w.schoolAdmin, range(7))).total).toBe(0);
    // Yesterday class A: 40 calm faces then 40 gloomy ones: 30 % over the day, under the threshold.
    await send({ classId: klassA.id, faces: 40, emotions: calm, occurredAt: tenOClock(1) });
    await send({ classId: klassA.id, faces: 40, emotions: gloomy, occurredAt: tenOClock(1) + 60_000 });
    expect((await alerts(w.schoolAdmin, range(7))).total).toBe(0);
    // A second gloomy sample: (4 + 20 + 20) / 120 ≈ 36.7 %, still under; a dark one crosses: (44 + 32) / 160 = 47.5 %.
    await send({ classId: klassA.id, faces: 40, emotions: gloomy, occurredAt: tenOClock(1) + 120_000 });
    expect((await alerts(w.schoolAdmin, range(7))).total).toBe(0);
    await send({ classId: klassA.id, faces: 40, emotions: dark, occurredAt: tenOClock(1) + 180_000 });
    let page = await alerts(w.schoolAdmin, range(7));
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      className: 'Class 7-1',
      day: dayOf(tenOClock(1)),
      negative: 0.475,
      peak: 0.475,
      threshold: 0.4,
      level: 'attention',
      state: 'open',
    });
    // Later crossings the same day update the same alert: 108 / 200 = 54 %, then 172 / 280 ≈ 61.4 %, serious (20 points over).
    await send({ classId: klassA.id, faces: 40, emotions: dark, occurredAt: tenOClock(1) + 240_000 });
    page = await alerts(w.schoolAdmin, range(7));
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ negative: 0.54, peak: 0.54, level: 'attention' });
    // An attention alert does not reach the rule of serious ones.
    await deliver();
    expect(await toldOf(w.classTeacher.user.id)).toBe(0);
    await send({ classId: klassA.id, faces: 40, emotions: dark, occurredAt: tenOClock(1) + 300_000 });
    await send({ classId: klassA.id, faces: 40, emotions: dark, occurredAt: tenOClock(1) + 360_000 });
    page = await alerts(w.schoolAdmin, range(7));
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ negative: 0.614, peak: 0.614, level: 'serious' });
    // Turning serious tells the class teacher; the psychology teacher, told already, gets one message.
    await deliver();
    expect(await toldOf(w.classTeacher.user.id)).toBe(1);
    const inbox = await w.psychologyTeacher.get('/apis-psychology/intelEmotion/notices');
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json().data).toMatchObject({
      unread: 1,
      list: [
        { alertId: page.list[0]?.id, className: 'Class 7-1', schoolName: 'First School', day: dayOf(tenOClock(1)) },
      ],
    });
    const read = await w.psychologyTeacher.post(
      `/apis-psychology/intelEmotion/notices/${inbox.json().data.list[0].id}/read`,
    );
    expect(read.statusCode, read.body).toBe(200);
    expect((await w.psychologyTeacher.get('/apis-psychology/intelEmotion/notices')).json().data.unread).toBe(0);
    // Nothing in an alert names a student.
    expect(JSON.stringify(page)).not.toMatch(/studentId|studentName/);
  });

  it('filters by day, grade, class, level and state; the psychology teacher handles one with a note, audited, once', async () => {
    const { klassA } = w.classes;
    const yesterday = dayOf(tenOClock(1));
    const [first] = (await alerts(w.psychologyTeacher, range(7))).list;
    expect(first).toBeDefined();
    const id = first?.id ?? 0;
    expect((await alerts(w.schoolAdmin, `${range(7)}&gradeId=${w.orgs.grade.id}`)).total).toBe(1);
    expect((await alerts(w.schoolAdmin, `${range(7)}&classId=${w.classes.klassB.id}`)).total).toBe(0);
    expect((await alerts(w.schoolAdmin, `${range(7)}&level=attention`)).total).toBe(0);
    expect((await alerts(w.schoolAdmin, `${range(7)}&level=serious&state=open`)).total).toBe(1);
    expect((await alerts(w.schoolAdmin, `from=${yesterday}&to=${yesterday}&classId=${klassA.id}`)).total).toBe(1);
    expect((await alerts(w.schoolAdmin, range(7, 0).replace(/from=[^&]+/, `from=${dayOf(tenOClock(0))}`))).total).toBe(
      0,
    );
    // The grade and class pickers (decision 0143): the school's grades and classes; another school's are refused.
    const classes = (caller: typeof w.schoolAdmin) =>
      caller.get(`/apis-psychology/intelEmotion/classes?schoolId=${w.orgs.school.id}`);
    const all = await classes(w.schoolAdmin);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual([
      {
        gradeId: w.orgs.grade.id,
        gradeName: expect.any(String),
        classes: [
          { classId: klassA.id, className: 'Class 7-1' },
          { classId: w.classes.klassB.id, className: 'Class 7-2' },
        ],
      },
    ]);
    expect((await classes(w.psychologyTeacher)).json().data).toEqual(all.json().data);
    expect((await classes(w.otherSchoolAdmin)).statusCode).toBe(400);
    // Another school sees none of it, and cannot handle it.
    expect((await alerts(w.otherSchoolAdmin, range(7))).total).toBe(0);
    const foreign = await w.otherSchoolAdmin.post(`/apis-psychology/intelEmotion/${id}/handle`, { note: 'x' });
    expect(foreign.statusCode).toBe(404);
    // A note is needed.
    const empty = await w.psychologyTeacher.post(`/apis-psychology/intelEmotion/${id}/handle`, { note: '  ' });
    expect(empty.statusCode).toBe(400);
    const handled = await w.psychologyTeacher.post(`/apis-psychology/intelEmotion/${id}/handle`, {
      note: 'Talked with the class teacher; a class meeting on Monday',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().data).toMatchObject({
      state: 'handled',
      note: 'Talked with the class teacher; a class meeting on Monday',
    });
    expect(handled.json().data.handledByName).toBeTruthy();
    const again = await w.schoolAdmin.post(`/apis-psychology/intelEmotion/${id}/handle`, { note: 'Second note' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This emotion alert was handled already; refresh to see what was done');
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'emotionAlert.handle')
      .execute();
    expect(audited).toEqual([{ action: 'emotionAlert.handle', target_id: String(id) }]);
    expect((await alerts(w.schoolAdmin, `${range(7)}&state=handled`)).total).toBe(1);
    // The class teacher holds no emotion alerts.
    expect((await w.classTeacher.get(`/apis-psychology/intelEmotion/page?${range(7)}`)).statusCode).toBe(403);
  });

  it('answers the analysis calls emotionPage and emotionInfo as the alert list, in the scope (decision 0135)', async () => {
    const listed = await alerts(w.schoolAdmin, range(7));
    expect(listed.total).toBeGreaterThan(0);
    const A = '/apis-psychology/analysis/itemStatus';
    const page = await w.schoolAdmin.get(`${A}/emotionPage?${range(7)}&size=1`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.total).toBe(listed.total);
    expect(page.json().data.list).toEqual(listed.list.slice(0, 1));
    const [first] = listed.list;
    const info = await w.psychologyTeacher.get(`${A}/emotionInfo?id=${first?.id}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toEqual(first);
    expect(info.json().data).toMatchObject({ className: 'Class 7-1', level: 'serious' });
    // Another school neither lists it nor opens it; the class teacher holds no emotion alerts.
    expect((await w.otherSchoolAdmin.get(`${A}/emotionPage?${range(7)}`)).json().data.total).toBe(0);
    const foreign = await w.otherSchoolAdmin.get(`${A}/emotionInfo?id=${first?.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBeTruthy();
    expect((await w.classTeacher.get(`${A}/emotionInfo?id=${first?.id}`)).statusCode).toBe(403);
  });

  it('uses the threshold the school chose, which only the administrators set', async () => {
    const path = '/apis-psychology/intelEmotion/threshold';
    const before = await w.psychologyTeacher.get(`${path}?schoolId=${w.orgs.school.id}`);
    expect(before.json().data).toEqual({ schoolId: w.orgs.school.id, threshold: 0.4, own: false });
    const denied = await w.psychologyTeacher.call('PUT', path, { schoolId: w.orgs.school.id, threshold: 0.2 });
    expect(denied.statusCode).toBe(403);
    const foreign = await w.otherSchoolAdmin.call('PUT', path, { schoolId: w.orgs.school.id, threshold: 0.2 });
    expect(foreign.statusCode).toBe(403);
    const tooLow = await w.schoolAdmin.call('PUT', path, { schoolId: w.orgs.school.id, threshold: 0.01 });
    expect(tooLow.statusCode).toBe(400);
    const set = await w.schoolAdmin.call('PUT', path, { schoolId: w.orgs.school.id, threshold: 0.08 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ schoolId: w.orgs.school.id, threshold: 0.08, own: true });
    // Class B's calm day (10 %) three days ago was under 40 %; a calm sample today crosses 8 %.
    await send({ classId: w.classes.klassB.id, faces: 30, emotions: calm, occurredAt: tenOClock(0) });
    const today = dayOf(tenOClock(0));
    const page = await alerts(w.schoolAdmin, `from=${today}&to=${today}`);
    expect(page.list).toEqual([expect.objectContaining({ className: 'Class 7-2', negative: 0.1, threshold: 0.08 })]);
  });

  it('raises one alert however many crossing samples of a class’s day arrive at once', async () => {
    const { klassB } = w.classes;
    const day = tenOClock(5);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send({ classId: klassB.id, faces: 20, emotions: dark, occurredAt: day + i * 1000 }),
      ),
    );
    const rows = (await alertRows()).filter((r) => Number(r.class_id) === klassB.id && r.day === dayOf(day));
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.peak)).toBe(800);
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .select('dedupe_key')
      .where('kind', '=', EMOTION_PUSH)
      .where('dedupe_key', '=', `${EMOTION_PUSH}:${rows[0]?.id}`)
      .execute();
    expect(jobs).toHaveLength(1);
  });
});

describe('the behaviour journal', () => {
  it('records each day’s security and emotion alerts and what was done, and exports it', async () => {
    const fight = await box.report({ type: 'fight', occurredAt: tenOClock(1) + 3_600_000 });
    expect(fight.status, JSON.stringify(fight.body)).toBe(200);
    const alertId = (fight.body.data as { alertId: number }).alertId;
    const solved = await w.schoolAdmin.post(`/apis-psychology/securityWarning/${alertId}/handle`, {
      action: 'solve',
      result: 'Separated the two students; parents called',
    });
    expect(solved.statusCode, solved.body).toBe(200);
    const q = `schoolId=${w.orgs.school.id}&${range(7)}`;
    const res = await w.psychologyTeacher.get(`/apis-psychology/behaviorJournal?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json().data as Array<{
      day: string;
      security: Record<string, unknown>;
      emotion: Record<string, unknown>;
      actions: Array<{ kind: string; text: string }>;
    }>;
    expect(days.map((d) => d.day)).toEqual([dayOf(tenOClock(0)), dayOf(tenOClock(1)), dayOf(tenOClock(5))]);
    const yesterday = days[1];
    expect(yesterday?.security).toMatchObject({ total: 1, solved: 1, open: 0, byType: [{ type: 'fight', count: 1 }] });
    expect(yesterday?.emotion).toEqual({ total: 1, handled: 1, serious: 1 });
    expect(yesterday?.actions.map((a) => a.text)).toEqual(
      expect.arrayContaining([
        'Fight at Building 2 solved: Separated the two students; parents called',
        'Emotion alert of Class 7-1 handled: Talked with the class teacher; a class meeting on Monday',
      ]),
    );
    // Another school's administrator: refused for this school.
    expect((await w.otherSchoolAdmin.get(`/apis-psychology/behaviorJournal?${q}`)).statusCode).toBe(403);

    const file = await w.psychologyTeacher.get(`/apis-psychology/behaviorJournal/export?${q}`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const sheet = XLSX.read(file.rawPayload).Sheets['Behaviour journal'];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet ?? {}, { header: 1 });
    expect(rows[0]).toEqual(expect.arrayContaining(['Day', 'Security alerts', 'Emotion alerts', 'What was done']));
    expect(rows[2]).toEqual(expect.arrayContaining([dayOf(tenOClock(1)), 1, 'Fight 1']));
    expect(String((rows[2] as unknown[])[9])).toContain('parents called');
  });
});
