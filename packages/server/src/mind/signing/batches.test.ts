import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { filesEnv, png } from '../../../test/files.ts';
import { runScheduledOnce } from '../../platform/jobs/testing.ts';
import { DAY } from '../../platform/time.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { type ActivityWorld, buildActivityWorld, parentAccount } from '../activities/testing.ts';
import { insertStudents, placementOf } from '../people/students/testing.ts';
import { signingReminderJob } from './batches.ts';
import { templateId, uploadSignature } from './testing.ts';

let t: TestApp;
let w: ActivityWorld;
let files: Awaited<ReturnType<typeof filesEnv>>;
let parentA2: Caller;
let consent: number;

beforeAll(async () => {
  files = await filesEnv('LOCAL');
  t = await buildTestApp(files.env);
  w = await buildActivityWorld(t);
  parentA2 = await parentAccount(t, w.orgs.school.id, [w.students.a2]);
  // A classmate whose parent has no account: left out of a batch, by name.
  await insertStudents(t.db.kysely, [
    { ...(await placementOf(t.db.kysely, w.classes.klassA.id)), name: 'No Parent', student_no: 'NP1' },
  ]);
  consent = await templateId(w.psychologyTeacher, 'Consent for counselling');
}, 90_000);
afterAll(async () => {
  await t.close();
  await files.close();
});

interface Batch {
  id: number;
  sent: number;
  signed: number;
  pending: number;
  withdrawn: number;
  remindedAt: number | null;
  className: string | null;
}

async function sendToClassA(more: Record<string, unknown> = {}) {
  const res = await w.psychologyTeacher.post('/apis-psychology/signature/batch/send', {
    templateId: consent,
    classId: w.classes.klassA.id,
    ...more,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { batch: Batch; skipped: Array<{ studentName: string }> };
}

async function progress(id: number, by: Caller = w.psychologyTeacher): Promise<Batch> {
  const res = await by.post('/apis-psychology/signature/batch/page', {});
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json().data.list as Batch[]).find((b) => b.id === id);
  if (!found) throw new Error(`batch ${id} is not listed`);
  return found;
}

async function formsOf(batchId: number) {
  const res = await w.psychologyTeacher.post('/apis-psychology/signature/page', { batchId, size: 50 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list as Array<{
    id: number;
    number: string;
    studentId: number;
    state: string;
    remindedAt: number | null;
  }>;
}

async function signAs(parent: Caller, number: string) {
  const upload = await uploadSignature(t, parent, png(300, 120, { noise: true }));
  expect(upload.statusCode, upload.body).toBe(200);
  return parent.post('/apis-psychology/h5/signature/sign', {
    number,
    values: { guardian: 'Wang Fang', relation: 'mother', phone: '13900000000' },
    signaturePath: upload.json().data.path,
  });
}

const remind = (id: number, by: Caller = w.psychologyTeacher) =>
  by.post('/apis-psychology/signature/batch/remind', { id });

describe('a batch to a class', () => {
  it('sends one form per student with a parent, names those left out, and counts sent, signed, waiting, withdrawn', async () => {
    const { batch, skipped } = await sendToClassA();
    const klass = await t.db.kysely
      .selectFrom('orgs')
      .select('name')
      .where('id', '=', w.classes.klassA.id)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ sent: 2, signed: 0, pending: 2, withdrawn: 0, className: klass.name });
    expect(skipped.map((s) => s.studentName)).toEqual(['No Parent']);

    const forms = await formsOf(batch.id);
    const ofA1 = forms.find((f) => f.studentId === w.students.a1);
    const ofA2 = forms.find((f) => f.studentId === w.students.a2);
    if (!ofA1 || !ofA2) throw new Error('a form is missing from the batch');
    // Each parent sees only the form of their own child.
    const mine = await parentA2.get('/apis-psychology/h5/signature/mine');
    expect(mine.json().data.map((f: { number: string }) => f.number)).toEqual([ofA2.number]);

    const signed = await signAs(w.parentA1, ofA1.number);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await progress(batch.id)).toMatchObject({ sent: 2, signed: 1, pending: 1, withdrawn: 0 });

    const withdrawn = await w.psychologyTeacher.post('/apis-psychology/signature/withdraw', { id: ofA2.id });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await progress(batch.id)).toMatchObject({ sent: 2, signed: 1, pending: 0, withdrawn: 1 });
    // The class teacher of class A reads the same progress.
    expect(await progress(batch.id, w.classTeacher)).toMatchObject({ signed: 1, withdrawn: 1 });
  });

  it('sends to a chosen list of students', async () => {
    const res = await w.psychologyTeacher.post('/apis-psychology/signature/batch/send', {
      templateId: consent,
      studentIds: [w.students.a2],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ batch: { sent: 1, pending: 1, className: null }, skipped: [] });
  });

  it('refuses a batch to nobody, to no one with an account, and to a class out of reach, in words', async () => {
    const neither = await w.psychologyTeacher.post('/apis-psychology/signature/batch/send', { templateId: consent });
    expect(neither.statusCode).toBe(400);
    expect(neither.body).toContain('Choose a class, or at least one student');

    const noParent = await w.psychologyTeacher.post('/apis-psychology/signature/batch/send', {
      templateId: consent,
      classId: w.classes.klassB.id,
    });
    expect(noParent.statusCode).toBe(409);
    expect(noParent.json().message).toBe('None of these students has a parent with an account: no form could be sent');

    const other = await w.otherSchoolAdmin.post('/apis-psychology/signature/batch/send', {
      templateId: consent,
      classId: w.classes.klassA.id,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No such class among yours');
  });

  it('keeps a school’s batches to its staff', async () => {
    const { batch } = await sendToClassA();
    const other = await w.otherSchoolAdmin.post('/apis-psychology/signature/batch/page', {});
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data.total).toBe(0);
    expect((await remind(batch.id, w.otherSchoolAdmin)).statusCode).toBe(404);
    expect((await w.parentA1.post('/apis-psychology/signature/batch/page', {})).statusCode).toBe(403);
  });
});

describe('reminders', () => {
  it('reminds those who have not signed, shows it on their phone, and not twice the same day', async () => {
    const { batch } = await sendToClassA();
    const forms = await formsOf(batch.id);
    const ofA1 = forms.find((f) => f.studentId === w.students.a1);
    if (!ofA1) throw new Error('no form for a1');
    expect((await signAs(w.parentA1, ofA1.number)).statusCode).toBe(200);

    const first = await remind(batch.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ reminded: 1, alreadyToday: 0 });
    const mine = await parentA2.get('/apis-psychology/h5/signature/mine');
    const waiting = (mine.json().data as Array<{ number: string; remindedAt: number | null; state: string }>).find(
      (f) => f.state === 'sent' && forms.some((x) => x.number === f.number),
    );
    expect(waiting?.remindedAt).toEqual(expect.any(Number));
    // The parent who signed was not reminded.
    const signedMine = await w.parentA1.get('/apis-psychology/h5/signature/mine');
    const signed = (signedMine.json().data as Array<{ number: string; remindedAt: number | null }>).find(
      (f) => f.number === ofA1.number,
    );
    expect(signed?.remindedAt).toBeNull();
    expect((await progress(batch.id)).remindedAt).toEqual(expect.any(Number));

    const again = await remind(batch.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Everyone waiting was already reminded today: remind them again tomorrow');
    const rows = await t.db.kysely
      .selectFrom('sign_reminders')
      .select('id')
      .where(
        'form_id',
        'in',
        forms.map((f) => f.id),
      )
      .execute();
    expect(rows.length).toBe(1);
  });

  it('refuses to remind a batch nobody is waiting in', async () => {
    const res = await w.psychologyTeacher.post('/apis-psychology/signature/batch/send', {
      templateId: consent,
      studentIds: [w.students.a1],
    });
    const batchId = res.json().data.batch.id;
    const [form] = await formsOf(batchId);
    if (!form) throw new Error('no form');
    expect((await signAs(w.parentA1, form.number)).statusCode).toBe(200);
    const nobody = await remind(batchId);
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe('No form is waiting for its signature: nobody to remind');
  });

  it('reminds by itself after the batch’s days, once a day, and only batches that asked for it', async () => {
    const auto = (await sendToClassA({ remindAfterDays: 2 })).batch;
    const manual = (await sendToClassA()).batch;
    const remindersOf = async (batchId: number) =>
      t.db.kysely
        .selectFrom('sign_reminders as r')
        .innerJoin('sign_forms as f', 'f.id', 'r.form_id')
        .select(['r.kind', 'r.form_id'])
        .where('f.batch_id', '=', batchId)
        .execute();

    await runScheduledOnce(t.db, signingReminderJob);
    expect(await remindersOf(auto.id)).toEqual([]);

    // Three days on: both waiting forms of the batch with a reminder are reminded, once.
    const threeDaysAgo = Date.now() - 3 * DAY;
    for (const id of [auto.id, manual.id]) {
      await t.db.kysely.updateTable('sign_forms').set({ sent_at: threeDaysAgo }).where('batch_id', '=', id).execute();
    }
    await runScheduledOnce(t.db, signingReminderJob);
    const reminded = await remindersOf(auto.id);
    expect(reminded.map((r) => r.kind)).toEqual(['auto', 'auto']);
    expect(await remindersOf(manual.id)).toEqual([]);

    await runScheduledOnce(t.db, signingReminderJob);
    expect((await remindersOf(auto.id)).length).toBe(2);
    // Reminded today by the job, a manual reminder is refused until tomorrow.
    expect((await remind(auto.id)).statusCode).toBe(409);
  });

  it('refuses an automatic reminder of more than 30 days, in words', async () => {
    const res = await w.psychologyTeacher.post('/apis-psychology/signature/batch/send', {
      templateId: consent,
      classId: w.classes.klassA.id,
      remindAfterDays: 31,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Automatic reminder: after 1 to 30 days');
  });
});

describe('editing a template', () => {
  it('raises its version; a form sent before keeps the words it was sent with, a form sent after has the new ones', async () => {
    const added = await w.psychologyTeacher.post('/apis-user/signTemplate/add', {
      title: 'Trip permission',
      body: 'May your child join the trip on Friday?',
      fields: [{ key: 'answer', label: 'Yes or no', kind: 'text' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const tpl = added.json().data as { id: number; version: number };
    expect(tpl.version).toBe(1);
    const before = await w.psychologyTeacher.post('/apis-psychology/signature/batch/send', {
      templateId: tpl.id,
      studentIds: [w.students.a1],
    });
    expect(before.statusCode, before.body).toBe(200);
    const [oldForm] = await formsOf(before.json().data.batch.id);
    if (!oldForm) throw new Error('no form');
    expect((await signAs(w.parentA1, oldForm.number)).statusCode).toBe(400); // its field is `answer`
    const filled = await (async () => {
      const upload = await uploadSignature(t, w.parentA1, png(300, 120, { noise: true }));
      return w.parentA1.post('/apis-psychology/h5/signature/sign', {
        number: oldForm.number,
        values: { answer: 'yes' },
        signaturePath: upload.json().data.path,
      });
    })();
    expect(filled.statusCode, filled.body).toBe(200);

    const edited = await w.psychologyTeacher.post('/apis-user/signTemplate/update', {
      id: tpl.id,
      title: 'Trip permission (Saturday)',
      body: 'May your child join the trip on Saturday?',
      fields: [
        { key: 'answer', label: 'Yes or no', kind: 'text' },
        { key: 'phone', label: 'Phone', kind: 'text', required: false },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ version: 2, title: 'Trip permission (Saturday)' });

    const kept = await w.parentA1.get(`/apis-psychology/h5/signature/form/${oldForm.number}`);
    expect(kept.json().data).toMatchObject({
      title: 'Trip permission',
      body: 'May your child join the trip on Friday?',
      state: 'signed',
    });
    expect(kept.json().data.fields).toHaveLength(1);

    const after = await w.psychologyTeacher.post('/apis-psychology/signature/batch/send', {
      templateId: tpl.id,
      studentIds: [w.students.a1],
    });
    expect(after.json().data.batch).toMatchObject({ title: 'Trip permission (Saturday)', templateVersion: 2 });
  });

  it('refuses to edit a default, another school’s template, or without the right to edit', async () => {
    const body = { title: 'Changed', body: 'Changed', fields: [] };
    const def = await w.psychologyTeacher.post('/apis-user/signTemplate/update', { id: consent, ...body });
    expect(def.statusCode).toBe(409);
    expect(def.json().message).toBe('A default template cannot be edited: add a template of your school instead');

    const own = await w.psychologyTeacher.post('/apis-user/signTemplate/add', {
      title: 'Ours',
      body: 'Ours',
      fields: [],
    });
    const id = own.json().data.id;
    const other = await w.otherSchoolAdmin.post('/apis-user/signTemplate/update', { id, ...body });
    expect(other.statusCode).toBe(404);
    const classTeacher = await w.classTeacher.post('/apis-user/signTemplate/update', { id, ...body });
    expect(classTeacher.statusCode).toBe(403);
  });
});
