import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { filesEnv, pdf, png } from '../../../test/files.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { type ActivityWorld, buildActivityWorld } from '../activities/testing.ts';
import { parentIdOf, templateId, uploadSignature } from './testing.ts';

let t: TestApp;
let w: ActivityWorld;
let files: Awaited<ReturnType<typeof filesEnv>>;
let consent: number;
let parentId: number;

beforeAll(async () => {
  files = await filesEnv('LOCAL');
  t = await buildTestApp(files.env);
  w = await buildActivityWorld(t);
  consent = await templateId(w.psychologyTeacher, 'Consent for counselling');
  parentId = await parentIdOf(t, w.parentA1);
}, 90_000);
afterAll(async () => {
  await t.close();
  await files.close();
});

async function send(by: Caller = w.psychologyTeacher) {
  const res = await by.post('/apis-psychology/signature/send', {
    templateId: consent,
    studentId: w.students.a1,
    recipientKind: 'parent',
    recipientId: parentId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; number: string; state: string };
}

async function signature(by: Caller = w.parentA1): Promise<string> {
  const res = await uploadSignature(t, by, png(300, 120, { noise: true }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.path;
}

const answers = { guardian: 'Wang Fang', relation: 'mother', phone: '13900000000' };
const sign = (by: Caller, number: string, signaturePath: string, values: Record<string, string> = answers) =>
  by.post('/apis-psychology/h5/signature/sign', { number, values, signaturePath });

describe('sending to a teacher', () => {
  it('offers the student’s parents and class teachers, and the head teacher signs a home-visit record', async () => {
    const res = await w.psychologyTeacher.get(`/apis-psychology/signature/recipients/${w.students.a1}`);
    expect(res.statusCode, res.body).toBe(200);
    const recipients = res.json().data as Array<{ kind: string; id: number; relation: string; hasAccount: boolean }>;
    expect(recipients).toContainEqual(expect.objectContaining({ kind: 'parent', id: parentId, hasAccount: true }));
    const head = recipients.find((r) => r.kind === 'teacher' && r.relation === 'head');
    if (!head) throw new Error('the class teacher is not offered');
    const visit = await templateId(w.psychologyTeacher, 'Home-visit record');
    const sent = await w.psychologyTeacher.post('/apis-psychology/signature/send', {
      templateId: visit,
      studentId: w.students.a1,
      recipientKind: 'teacher',
      recipientId: head.id,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const number = sent.json().data.number;
    expect((await w.parentA1.get(`/apis-psychology/h5/signature/form/${number}`)).statusCode).toBe(404);
    const values = { visitedOn: '2026-11-20', guardian: 'Wang Fang', opinion: '' };
    const signed = await sign(w.classTeacher, number, await signature(w.classTeacher), values);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.state).toBe('signed');
  });
});

describe('templates', () => {
  it('gives every school the three defaults, and a school its own only to its staff', async () => {
    const list = await w.classTeacher.get('/apis-user/signTemplate/list');
    expect(list.statusCode, list.body).toBe(200);
    const titles = (list.json().data as Array<{ title: string }>).map((x) => x.title);
    expect(titles.some((x) => x.includes('Consent for counselling'))).toBe(true);
    expect(titles.some((x) => x.includes('Notice of a warning'))).toBe(true);
    expect(titles.some((x) => x.includes('Home-visit record'))).toBe(true);

    const added = await w.psychologyTeacher.post('/apis-user/signTemplate/add', {
      title: 'Trip permission',
      body: 'May your child join the trip?',
      fields: [{ key: 'answer', label: 'Yes or no', kind: 'text' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ schoolId: w.orgs.school.id, title: 'Trip permission' });
    const other = await w.otherSchoolAdmin.get('/apis-user/signTemplate/list');
    expect((other.json().data as Array<{ title: string }>).map((x) => x.title)).not.toContain('Trip permission');
  });

  it('refuses two fields with one key, in words', async () => {
    const res = await w.psychologyTeacher.post('/apis-user/signTemplate/add', {
      title: 'Twice',
      body: 'Text',
      fields: [
        { key: 'a', label: 'A', kind: 'text' },
        { key: 'a', label: 'B', kind: 'text' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('a key of its own');
  });
});

describe('sending and signing', () => {
  it('a parent fills and signs on the phone; the PDF is stored with its hash, verifiable and on the archive', async () => {
    const form = await send();
    expect(form.state).toBe('sent');
    const mine = await w.parentA1.get('/apis-psychology/h5/signature/mine');
    expect(mine.json().data.map((f: { number: string }) => f.number)).toContain(form.number);

    const missing = await sign(w.parentA1, form.number, await signature(), { guardian: 'Wang Fang' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Fill in: 与学生关系 Relation');

    const signed = await sign(w.parentA1, form.number, await signature());
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data).toMatchObject({ state: 'signed', values: answers });

    const page = await w.psychologyTeacher.post('/apis-psychology/signature/page', { studentId: w.students.a1 });
    const row = page.json().data.list.find((f: { id: number }) => f.id === form.id);
    expect(row).toMatchObject({ state: 'signed', recipientName: expect.stringContaining('Parent') });

    const pdfRes = await w.classTeacher.get(`/apis-psychology/signature/pdf/${form.id}`);
    expect(pdfRes.statusCode, pdfRes.body).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    const bytes = pdfRes.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const hash = createHash('sha256').update(bytes).digest('hex');
    expect(row.sha256).toBe(hash);

    // Anyone with the number, signed in or not, checks a PDF against it.
    const verify = (sha256: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/apis-psychology/signature/verify',
        payload: { number: form.number, sha256 },
      });
    expect((await verify(hash)).json().data).toMatchObject({ matches: true, signedAt: expect.any(Number) });
    const tampered = createHash('sha256')
      .update(Buffer.concat([bytes, Buffer.from(' ')]))
      .digest('hex');
    expect((await verify(tampered)).json().data).toEqual({ matches: false, signedAt: null });

    const archive = await w.psychologyTeacher.get(`/apis-psychology/studentFile/details/${w.students.a1}`);
    expect(archive.statusCode, archive.body).toBe(200);
    expect(archive.json().data.signedForms).toContainEqual(
      expect.objectContaining({ id: form.id, number: form.number, sha256: hash }),
    );
  });

  it('refuses a second signature, and two at once sign once', async () => {
    const form = await send();
    const [a, b] = await Promise.all([
      sign(w.parentA1, form.number, await signature()),
      sign(w.parentA1, form.number, await signature()),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const again = await sign(w.parentA1, form.number, await signature());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This form is already signed and cannot be signed again');
    const pdfs = await t.db.kysely
      .selectFrom('files')
      .select('id')
      .where('owner_id', '=', w.parentA1.user.id)
      .where('path', 'like', '%.pdf')
      .execute();
    const signedCount = await t.db.kysely
      .selectFrom('sign_forms')
      .select('id')
      .where('recipient_user_id', '=', w.parentA1.user.id)
      .where('state', '=', 'signed')
      .execute();
    // The losing signature's PDF was removed again: one PDF per signed form.
    expect(pdfs.length).toBe(signedCount.length);
  });

  it('a withdrawn form does not open and refuses a signature; a signed one cannot be withdrawn', async () => {
    const form = await send();
    const withdrawn = await w.psychologyTeacher.post('/apis-psychology/signature/withdraw', { id: form.id });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data.state).toBe('withdrawn');
    const open = await w.parentA1.get(`/apis-psychology/h5/signature/form/${form.number}`);
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe('The school has withdrawn this form: it can no longer be signed');
    expect((await sign(w.parentA1, form.number, await signature())).statusCode).toBe(409);

    const signedForm = await send();
    expect((await sign(w.parentA1, signedForm.number, await signature())).statusCode).toBe(200);
    const late = await w.psychologyTeacher.post('/apis-psychology/signature/withdraw', { id: signedForm.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This form is already signed and cannot be signed again');
  });

  it('takes only a PNG by its content as the signature, and only the signer’s own upload', async () => {
    const notPng = await uploadSignature(t, w.parentA1, pdf(), 'signature.png');
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().message).toBe('The signature must be a PNG image (checked by its content)');

    const form = await send();
    const someoneElses = await signature(w.psychologyTeacher);
    const res = await sign(w.parentA1, form.number, someoneElses);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The signature image is not valid: sign again and submit');
  });

  it('keeps a school’s forms to its staff and a form to the parent it was sent to', async () => {
    const form = await send();
    const other = await w.otherSchoolAdmin.post('/apis-psychology/signature/page', {});
    expect(other.json().data.total).toBe(0);
    expect((await w.otherSchoolAdmin.post('/apis-psychology/signature/withdraw', { id: form.id })).statusCode).toBe(
      404,
    );
    expect((await w.otherSchoolAdmin.get(`/apis-psychology/signature/pdf/${form.id}`)).statusCode).toBe(404);
    const sendOther = await w.otherSchoolAdmin.post('/apis-psychology/signature/send', {
      templateId: consent,
      studentId: w.students.a1,
      recipientKind: 'parent',
      recipientId: parentId,
    });
    expect(sendOther.statusCode).toBe(404);
    // Another account does not see the form by its number.
    expect((await w.callers.a2.get(`/apis-psychology/h5/signature/form/${form.number}`)).statusCode).toBe(404);
    // A parent cannot read the staff's list.
    expect((await w.parentA1.post('/apis-psychology/signature/page', {})).statusCode).toBe(403);
  });

  it('refuses a parent of another student', async () => {
    const res = await w.psychologyTeacher.post('/apis-psychology/signature/send', {
      templateId: consent,
      studentId: w.students.a2,
      recipientKind: 'parent',
      recipientId: parentId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'A form can only go to a parent registered for this student or a teacher of their class',
    );
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/apis-psychology/h5/signature/mine',
      headers: as(''),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
