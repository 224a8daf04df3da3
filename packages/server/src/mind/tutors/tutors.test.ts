import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type ActivityWorld, buildActivityWorld } from '../activities/testing.ts';

let t: TestApp;
let w: ActivityWorld;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildActivityWorld(t);
}, 90_000);
afterAll(() => t.close());

async function task(quota: number) {
  const res = await w.psychologyTeacher.post('/apis-psychology/tutorChoice/task/add', {
    name: `Tutors ${quota}`,
    rounds: 2,
    classIds: [w.classes.klassA.id],
    tutors: [
      { userId: w.psychologyTeacher.user.id, quota },
      { userId: w.classTeacher.user.id, quota: 5 },
    ],
    opensAt: Date.now() - HOUR,
    closesAt: Date.now() + HOUR,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { id: number; tutors: Array<{ id: number; userId: number }> };
  const tutorOf = (userId: number) => data.tutors.find((x) => x.userId === userId)?.id ?? 0;
  return { id: data.id, scarce: tutorOf(w.psychologyTeacher.user.id), roomy: tutorOf(w.classTeacher.user.id) };
}

const choose = (by: ActivityWorld['callers']['a1'], taskId: number, tutorId: number) =>
  by.post('/apis-psychology/h5/tutorChoice/choose', { taskId, tutorId });

describe('tutor choice', () => {
  it('gives the last place to one of two students choosing at once; the other is told at once', async () => {
    const k = await task(1);
    const [r1, r2] = await Promise.all([choose(w.callers.a1, k.id, k.scarce), choose(w.callers.a2, k.id, k.scarce)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const loser = r1.statusCode === 409 ? r1 : r2;
    expect(loser.json().message).toBe('This tutor’s places have just been taken; choose another tutor');
    const rows = await t.db.kysely.selectFrom('tutor_choices').select('id').where('task_id', '=', k.id).execute();
    expect(rows).toHaveLength(1);
    const list = await w.psychologyTeacher.get('/apis-psychology/tutorChoice/task/list');
    const shown = list.json().data.find((x: { id: number }) => x.id === k.id);
    expect(shown.tutors.find((x: { id: number }) => x.id === k.scarce).taken).toBe(1);
  });

  it('refuses a second choice, lets the tutor decline (freeing the place) and the student choose again next round', async () => {
    const k = await task(1);
    expect((await choose(w.callers.a1, k.id, k.scarce)).statusCode).toBe(200);
    const again = await choose(w.callers.a1, k.id, k.roomy);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already chosen a tutor; nothing was submitted twice');
    expect((await choose(w.callers.a2, k.id, k.scarce)).statusCode).toBe(409);

    const mine = await w.psychologyTeacher.get(`/apis-psychology/tutorChoice/task/${k.id}/mine`);
    const [choice] = mine.json().data as Array<{ id: number; studentId: number }>;
    expect(choice?.studentId).toBe(w.students.a1);
    // Only the chosen tutor answers.
    expect(
      (await w.classTeacher.post('/apis-psychology/tutorChoice/decide', { choiceId: choice?.id, confirm: true }))
        .statusCode,
    ).toBe(403);
    const declined = await w.psychologyTeacher.post('/apis-psychology/tutorChoice/decide', {
      choiceId: choice?.id,
      confirm: false,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    // The place is free again: a2 takes it in this round; a1 waits for round 2.
    expect((await choose(w.callers.a2, k.id, k.scarce)).statusCode).toBe(200);
    expect((await choose(w.callers.a1, k.id, k.roomy)).statusCode).toBe(409);
    const round = await w.psychologyTeacher.post('/apis-psychology/tutorChoice/task/round', { id: k.id, round: 2 });
    expect(round.statusCode, round.body).toBe(200);
    expect((await choose(w.callers.a1, k.id, k.roomy)).statusCode).toBe(200);
    const roomy = await w.classTeacher.get(`/apis-psychology/tutorChoice/task/${k.id}/mine`);
    const confirm = await w.classTeacher.post('/apis-psychology/tutorChoice/decide', {
      choiceId: roomy.json().data[0].id,
      confirm: true,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const progress = await w.psychologyTeacher.get(`/apis-psychology/tutorChoice/task/${k.id}/progress`);
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json().data).toEqual([
      {
        classId: w.classes.klassA.id,
        className: expect.any(String),
        students: 2,
        chosen: 2,
        confirmed: 1,
        // Round 1: a1 declined, a2 waiting for the tutor. Round 2: a1 confirmed; a2's choice of round 1
        // still waits, so nobody is left to choose.
        rounds: [
          { round: 1, chosen: 1, confirmed: 0, declined: 1, notChosen: 0 },
          { round: 2, chosen: 0, confirmed: 1, declined: 0, notChosen: 0 },
        ],
      },
    ]);
    const results = await w.psychologyTeacher.get(`/apis-psychology/tutorChoice/task/${k.id}/results`);
    expect(
      (results.json().data as Array<{ studentId: number; round: number; state: string }>)
        .map((r) => `${r.studentId}/${r.round}/${r.state}`)
        .sort(),
    ).toEqual([`${w.students.a1}/1/declined`, `${w.students.a2}/1/pending`, `${w.students.a1}/2/confirmed`].sort());
    const file = await w.psychologyTeacher.get(`/apis-psychology/tutorChoice/task/${k.id}/export`);
    expect(file.statusCode, file.body).toBe(200);
    const book = XLSX.read(file.rawPayload);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? ''] ?? {}, { header: 1 });
    expect(rows[0]).toEqual(['Class', 'Student', 'Tutor', 'Round', 'State']);
    expect(
      rows
        .slice(1)
        .map((r) => `${r[3]}/${r[4]}`)
        .sort(),
    ).toEqual(['1/Awaiting the tutor', '1/Declined', '2/Confirmed']);
  });

  it('is not open to a student of another class, nor readable by another school', async () => {
    const k = await task(3);
    const b1 = await choose(w.callers.b1, k.id, k.roomy);
    expect(b1.statusCode).toBe(403);
    expect(b1.json().message).toBe('This tutor choice is not open to you');
    expect((await w.otherSchoolAdmin.get(`/apis-psychology/tutorChoice/task/${k.id}/results`)).statusCode).toBe(404);
  });

  it('shows per round who chose, was confirmed or declined, and who has not chosen yet', async () => {
    const k = await task(3);
    const rounds = async () => {
      const res = await w.classTeacher.get(`/apis-psychology/tutorChoice/task/${k.id}/progress`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ rounds: unknown[] }>)[0]?.rounds;
    };
    expect(await rounds()).toEqual([{ round: 1, chosen: 0, confirmed: 0, declined: 0, notChosen: 2 }]);
    expect((await choose(w.callers.a1, k.id, k.scarce)).statusCode).toBe(200);
    expect(await rounds()).toEqual([{ round: 1, chosen: 1, confirmed: 0, declined: 0, notChosen: 1 }]);
    const mine = await w.psychologyTeacher.get(`/apis-psychology/tutorChoice/task/${k.id}/mine`);
    const [choice] = mine.json().data as Array<{ id: number }>;
    const declined = await w.psychologyTeacher.post('/apis-psychology/tutorChoice/decide', {
      choiceId: choice?.id,
      confirm: false,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(
      (await w.psychologyTeacher.post('/apis-psychology/tutorChoice/task/round', { id: k.id, round: 2 })).statusCode,
    ).toBe(200);
    // Declined in round 1, a1 has to choose again in round 2, like a2 who never chose.
    expect(await rounds()).toEqual([
      { round: 1, chosen: 0, confirmed: 0, declined: 1, notChosen: 1 },
      { round: 2, chosen: 0, confirmed: 0, declined: 0, notChosen: 2 },
    ]);
  });

  it('lists a task to its tutors and, for its progress, to class teachers, not to students', async () => {
    const k = await task(2);
    const tutoring = await w.classTeacher.get('/apis-psychology/tutorChoice/tutoring');
    expect(tutoring.statusCode, tutoring.body).toBe(200);
    expect((tutoring.json().data as Array<{ id: number }>).map((x) => x.id)).toContain(k.id);
    const none = await w.callers.a1.get('/apis-psychology/tutorChoice/tutoring');
    expect(none.json().data).toEqual([]);
    const progress = await w.classTeacher.get('/apis-psychology/tutorChoice/progress/list');
    expect(progress.statusCode, progress.body).toBe(200);
    expect((progress.json().data as Array<{ id: number }>).map((x) => x.id)).toContain(k.id);
    expect((await w.callers.a1.get('/apis-psychology/tutorChoice/progress/list')).statusCode).toBe(403);
    const classes = await w.classTeacher.get(`/apis-psychology/tutorChoice/task/${k.id}/progress`);
    expect(classes.statusCode, classes.body).toBe(200);
    expect(classes.json().data).toEqual([
      {
        classId: w.classes.klassA.id,
        className: expect.any(String),
        students: 2,
        chosen: 0,
        confirmed: 0,
        rounds: [{ round: 1, chosen: 0, confirmed: 0, declined: 0, notChosen: 2 }],
      },
    ]);
  });
});
