import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jobContextOf, type TestApp } from '../../../test/app.ts';
import { DAY } from '../../platform/time.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { interviewedResult } from '../ai-interview/testing.ts';
import { type AssessmentWorld, buildAssessmentWorld, phqSheet } from '../assessments/testing.ts';
import { transcriptRetentionCleanup } from './retention.ts';

let t: TestApp;
let w: AssessmentWorld;

const privacy = (by: Caller, body: Record<string, unknown>) =>
  by.call('PUT', `/apis-psychology/aiSetting/schools/${w.orgs.school.id}`, body);
const schoolRow = async () =>
  (await w.schoolAdmin.get('/apis-psychology/aiSetting/schools'))
    .json()
    .data.find((s: { schoolId: number }) => s.schoolId === w.orgs.school.id);

const interviewed = (student: Caller, answers: Record<string, string>) => interviewedResult(w, student, answers);
const report = async (resultId: number) => {
  const res = await w.psychologyTeacher.get(`/apis-psychology/aiInterview/report?resultId=${resultId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** b1 writes to the tree hole and shares the conversation with the school. */
async function sharedConversation(text: string) {
  const said = (await w.callers.b1.post('/apis-psychology/h5/treeHole/say', { text })).json().data;
  const id = Number(said.conversations[0].id);
  const shared = await w.callers.b1.post('/apis-psychology/h5/treeHole/share', { conversationId: id, shared: true });
  expect(shared.statusCode, shared.body).toBe(200);
  return id;
}
const conversation = async (id: number) =>
  (await w.psychologyTeacher.get(`/apis-psychology/aiReport/conversation?conversationId=${id}`)).json().data;
const audited = async (action: string) =>
  (
    await t.db.kysely.selectFrom('audit_log').select(['target_id', 'detail']).where('action', '=', action).execute()
  ).map((r) => Number(r.target_id));

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildAssessmentWorld(t);
}, 120_000);
afterAll(() => t.close());

describe("a school's transcript retention", () => {
  it('is 365 days until the school sets it, within 30 to 1825 days, beside the legal basis', async () => {
    expect((await schoolRow()).retentionDays).toBe(365);
    const tooShort = await privacy(w.schoolAdmin, { sending: false, legalBasis: '', retentionDays: 10 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().data).toEqual([
      { field: 'retentionDays', msg: 'Keep transcripts for a whole number of days from 30 to 1825' },
    ]);
    const saved = await privacy(w.schoolAdmin, { sending: false, legalBasis: '家长知情同意书', retentionDays: 60 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await schoolRow()).toMatchObject({ retentionDays: 60, legalBasis: '家长知情同意书' });
  });

  it("deletes whole transcripts older than the school's retention each night, keeping the score and a marker", async () => {
    const resultId = await interviewed(w.callers.a1, phqSheet('C', 'B'));
    const conversationId = await sharedConversation('最近和同学闹了点别扭');
    const before = await report(resultId);
    expect(before.turns.length).toBeGreaterThan(9);
    expect(before.transcriptDeleted).toBeNull();

    // A month on, the school keeps 60 days: nothing goes.
    const monthOn = Date.now() + 31 * DAY;
    expect(await transcriptRetentionCleanup.run(t.db, monthOn, jobContextOf(t))).toBe(0);
    expect((await report(resultId)).turns).toHaveLength(before.turns.length);

    // The school shortens it to 30 days: the next night takes the interview and the conversation whole.
    await privacy(w.schoolAdmin, { sending: false, legalBasis: '家长知情同意书', retentionDays: 30 });
    const removed = await transcriptRetentionCleanup.run(t.db, monthOn, jobContextOf(t));
    expect(removed).toBe(before.turns.length + 2);
    const after = await report(resultId);
    expect(after.turns).toEqual([]);
    expect(after.transcriptDeleted).toEqual({ cause: 'retention', reason: null, at: monthOn });
    expect(after.total).toBe(before.total);
    expect(after.items.map((i: { value: string }) => i.value)).toEqual(
      before.items.map((i: { value: string }) => i.value),
    );
    const kept = await conversation(conversationId);
    expect(kept.messages).toEqual([]);
    expect(kept.transcriptDeleted).toMatchObject({ cause: 'retention' });
    // Run again: nothing left to delete, no second marker.
    expect(await transcriptRetentionCleanup.run(t.db, monthOn + DAY, jobContextOf(t))).toBe(0);
    const markers = await t.db.kysely.selectFrom('ai_transcript_deletions').select('id').execute();
    expect(markers).toHaveLength(2);
  });
});

describe('a transcript deleted on request', () => {
  it('is deleted by the AI settings administrator with a reason, audited, and the report shows the marker', async () => {
    const resultId = await interviewed(w.callers.a2, phqSheet('A', 'A'));
    const conversationId = await sharedConversation('想和老师聊聊');
    // The psychology teacher reads transcripts but does not keep the school's privacy record.
    const refused = await w.psychologyTeacher.post('/apis-psychology/aiInterview/deleteTranscript', {
      resultId,
      reason: '学生申请删除',
    });
    expect(refused.statusCode).toBe(403);
    const noReason = await w.schoolAdmin.post('/apis-psychology/aiInterview/deleteTranscript', {
      resultId,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);

    const deleted = await w.schoolAdmin.post('/apis-psychology/aiInterview/deleteTranscript', {
      resultId,
      reason: '学生本人书面申请删除',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toMatchObject({
      turns: [],
      transcriptDeleted: { cause: 'request', reason: '学生本人书面申请删除' },
    });
    const seen = await report(resultId);
    expect(seen.transcriptDeleted).toMatchObject({ cause: 'request', reason: '学生本人书面申请删除' });
    expect(seen.total).toBe(0);
    const again = await w.schoolAdmin.post('/apis-psychology/aiInterview/deleteTranscript', {
      resultId,
      reason: '再删',
    });
    expect(again.statusCode).toBe(409);
    expect(await audited('ai.interview.deleteTranscript')).toEqual([resultId]);

    const gone = await w.schoolAdmin.post('/apis-psychology/aiReport/deleteTranscript', {
      conversationId,
      reason: '家长申请删除',
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await conversation(conversationId)).toMatchObject({
      messages: [],
      transcriptDeleted: { cause: 'request', reason: '家长申请删除' },
    });
    const row = (await w.psychologyTeacher.post('/apis-psychology/aiReport/list', {}))
      .json()
      .data.list.find((r: { conversationId: number }) => r.conversationId === conversationId);
    expect(row).toMatchObject({ messages: 0, transcriptDeleted: { cause: 'request' } });
    expect(await audited('ai.treeHole.deleteTranscript')).toEqual([conversationId]);
    // The student sees the marker in their own tree hole; writing again starts a new conversation.
    const mine = (await w.callers.b1.get('/apis-psychology/h5/treeHole')).json().data;
    expect(mine.conversations.find((c: { id: number }) => c.id === conversationId)).toMatchObject({
      messages: [],
      transcriptDeleted: { cause: 'request' },
    });
    const anew = (
      await w.callers.b1.post('/apis-psychology/h5/treeHole/say', { conversationId, text: '还是想说两句' })
    ).json().data;
    expect(anew.conversations[0].id).not.toBe(conversationId);
    expect(anew.conversations[0].messages[0]).toMatchObject({ role: 'student', content: '还是想说两句' });
  });

  it("audits every teacher's read of a transcript", async () => {
    const resultId = await interviewed(w.callers.a1, phqSheet('B', 'A'));
    const conversationId = await sharedConversation('今天心情一般');
    await report(resultId);
    await conversation(conversationId);
    expect(await audited('ai.interview.read')).toContain(resultId);
    expect(await audited('ai.treeHole.read')).toContain(conversationId);
  });
});
