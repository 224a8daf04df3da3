import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { runScheduledOnce } from '../../platform/jobs/testing.ts';
import { type AssessmentWorld, buildAssessmentWorld } from '../assessments/testing.ts';
import { moodLowStreaksJob } from './low.ts';
import { buildMoodEntries } from './testing.ts';

let t: TestApp;
let w: AssessmentWorld;
let days: string[];
const J = '/apis-psychology/moodJournal';

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
  const db = t.db.kysely;
  // A week: a1 low for the last four days, a2 well, b1 (class B) low but only for two.
  days = await buildMoodEntries(
    db,
    w.students.a1,
    [4, 3, 4, 2, 1, 2, 1].map((mood, i) => ({ mood, note: `a1 day ${i}: 心里很难受`, tags: ['考试'] })),
  );
  await buildMoodEntries(
    db,
    w.students.a2,
    [4, 5, 4, 4, 5, 4, 4].map((mood) => ({ mood })),
  );
  await buildMoodEntries(
    db,
    w.students.b1,
    [4, 4, 4, 4, 4, 2, 1].map((mood) => ({ mood })),
  );
}, 90_000);
afterAll(() => t.close());

const noteReads = (studentId: number) =>
  t.db.kysely
    .selectFrom('audit_log')
    .select(['user_id', 'detail'])
    .where('action', '=', 'mood.note.read')
    .where('target_id', '=', String(studentId))
    .execute();

const setReaders = (noteReaders: string) =>
  w.schoolAdmin.call('PUT', `${J}/settings/${w.orgs.school.id}`, { lowDays: 3, lowThreshold: 2, noteReaders });

describe('the teachers’ mood journal', () => {
  it('shows each class’s average mood by day in the caller’s scope', async () => {
    const res = await w.psychologyTeacher.get(`${J}/trends?days=7`);
    expect(res.statusCode, res.body).toBe(200);
    const classes = res.json().data.classes as { classId: number; days: { day: string; average: number }[] }[];
    const a = classes.find((c) => c.classId === w.classes.klassA.id);
    expect(a?.days.at(-1)).toEqual({ day: days.at(-1), average: 2.5, entries: 2 });
    expect(a?.days).toHaveLength(7);
    // The class teacher of class A sees class A only.
    const head = await w.classTeacher.get(`${J}/trends?days=7`);
    expect(head.json().data.classes.map((c: { classId: number }) => c.classId)).toEqual([w.classes.klassA.id]);
  });

  it('lists a class’s students who wrote, with their average and latest mood, and nobody of a class outside the scope', async () => {
    const res = await w.classTeacher.get(`${J}/class/${w.classes.klassA.id}?days=7`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(
      expect.arrayContaining([
        {
          studentId: w.students.a1,
          name: expect.any(String),
          entries: 7,
          average: 2.43,
          lastDay: days[6],
          lastMood: 1,
        },
        expect.objectContaining({ studentId: w.students.a2, entries: 7, lastMood: 4 }),
      ]),
    );
    expect(res.json().data).toHaveLength(2);
    const outside = await w.classTeacher.get(`${J}/class/${w.classes.klassB.id}`);
    expect(outside.json().data).toEqual([]);
  });

  it('lists the students low for the school’s N days in a row, and not those low for fewer', async () => {
    const res = await w.psychologyTeacher.get(`${J}/low`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ studentId: w.students.a1, days: 4, since: days[3], lastMood: 1, warningId: null }),
    ]);
  });

  it('shows a student’s entries without notes, and no note while the school lets nobody read them', async () => {
    const res = await w.psychologyTeacher.get(`${J}/student/${w.students.a1}?days=7`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.canReadNotes).toBe(false);
    expect(res.json().data.entries[0]).toEqual(
      expect.objectContaining({ day: days[0], mood: 4, tags: ['考试'], hasNote: true }),
    );
    expect(res.body).not.toContain('心里很难受');
    const note = await w.psychologyTeacher.get(`${J}/student/${w.students.a1}/note/${days[6]}`);
    expect(note.statusCode).toBe(403);
    expect(note.json().message).toMatch(/setting/);
    expect(await noteReads(w.students.a1)).toEqual([]);
  });

  it('lets the psychology teacher read a note once the school allows it, and audits the read', async () => {
    const saved = await setReaders('psychology');
    expect(saved.statusCode, saved.body).toBe(200);
    const note = await w.psychologyTeacher.get(`${J}/student/${w.students.a1}/note/${days[6]}`);
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().data.note).toBe('a1 day 6: 心里很难受');
    expect(await noteReads(w.students.a1)).toEqual([expect.objectContaining({ user_id: w.psychologyTeacher.user.id })]);
    // The head teacher is not among the readers the school chose.
    const entries = await w.classTeacher.get(`${J}/student/${w.students.a1}`);
    expect(entries.json().data.canReadNotes).toBe(false);
    const refused = await w.classTeacher.get(`${J}/student/${w.students.a1}/note/${days[6]}`);
    expect(refused.statusCode).toBe(403);
    await setReaders('psychologyAndHead');
    const allowed = await w.classTeacher.get(`${J}/student/${w.students.a1}/note/${days[6]}`);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await noteReads(w.students.a1)).toHaveLength(2);
  });

  it('tells the student on H5 who may read their notes', async () => {
    const mine = await w.callers.a1.get('/apis-psychology/h5/moodJournal/mine');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({ noteReaders: 'psychologyAndHead', today: days[6] });
    expect(mine.json().data.entries).toHaveLength(days.filter((d) => d.startsWith(mine.json().data.month)).length);
  });

  it('keeps the settings to the school: the psychology teacher reads them, the administrator sets them', async () => {
    const read = await w.psychologyTeacher.get(`${J}/settings`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual([
      expect.objectContaining({
        schoolId: w.orgs.school.id,
        lowDays: 3,
        lowThreshold: 2,
        noteReaders: 'psychologyAndHead',
      }),
    ]);
    const denied = await w.psychologyTeacher.call('PUT', `${J}/settings/${w.orgs.school.id}`, {
      lowDays: 3,
      lowThreshold: 2,
      noteReaders: 'nobody',
    });
    expect(denied.statusCode).toBe(403);
    const other = await w.schoolAdmin.call('PUT', `${J}/settings/${w.orgs.otherSchool.id}`, {
      lowDays: 3,
      lowThreshold: 2,
      noteReaders: 'nobody',
    });
    expect(other.statusCode).toBe(404);
    const bad = await w.schoolAdmin.call('PUT', `${J}/settings/${w.orgs.school.id}`, {
      lowDays: 1,
      lowThreshold: 5,
      noteReaders: 'everyone',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .data.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['lowDays', 'lowThreshold', 'noteReaders']);
  });

  it('refuses students the teachers’ journal', async () => {
    const res = await w.callers.a2.get(`${J}/student/${w.students.a1}`);
    expect(res.statusCode).toBe(403);
  });

  it('opens one orange warning for a low run, however often the job runs', async () => {
    await runScheduledOnce(t.db, moodLowStreaksJob);
    await runScheduledOnce(t.db, moodLowStreaksJob);
    const warnings = await t.db.kysely
      .selectFrom('warnings')
      .select(['student_id', 'level', 'rule', 'source_type'])
      .where('rule', '=', 'moodLow')
      .execute();
    expect(warnings).toEqual([{ student_id: w.students.a1, level: 'orange', rule: 'moodLow', source_type: 'journal' }]);
    const low = await w.psychologyTeacher.get(`${J}/low`);
    expect(low.json().data[0].warningId).toEqual(expect.any(Number));
    const page = await w.psychologyTeacher.get('/apis-psychology/warning/page?size=100');
    expect(page.json().data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ studentId: w.students.a1, level: 'orange' })]),
    );
  });
});
