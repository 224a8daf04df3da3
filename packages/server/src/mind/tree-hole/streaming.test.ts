import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { openEventStream } from '../../../test/event-stream.ts';
import { type OpenAiStandIn, startOpenAiStandIn } from '../ai/openai-stand-in.ts';
import { type AssessmentWorld, buildAssessmentWorld } from '../assessments/testing.ts';

const SECRETS_KEY = 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';
const h5 = '/apis-psychology/h5/treeHole';
const REPLY = '听起来你这几天真的很累，考试的压力压在心上。愿意多说说是哪一门让你最担心吗？';
let t: TestApp;
let w: AssessmentWorld;
let ai: OpenAiStandIn;
let url: string;

const listenerMessages = async (conversationId: number) =>
  t.db.kysely
    .selectFrom('tree_hole_messages')
    .select(['role', 'content'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .execute();
const stream = (path: string, token: string, body: unknown) => openEventStream(`${url}/api${h5}${path}`, token, body);

beforeAll(async () => {
  ai = await startOpenAiStandIn({ apiKey: 'sk-stand-in' });
  t = await buildTestApp({ SECRETS_KEY, AI_TIMEOUT_MS: '5000' });
  w = await buildAssessmentWorld(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  url = `http://127.0.0.1:${address.port}`;
  const saved = await w.platform.call('PUT', '/apis-psychology/aiSetting', {
    enabled: true,
    baseUrl: ai.baseUrl,
    model: 'stand-in-chat',
    apiKey: 'sk-stand-in',
    dailyTokenBudget: 1_000_000,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const privacy = await w.schoolAdmin.call('PUT', `/apis-psychology/aiSetting/schools/${w.orgs.school.id}`, {
    sending: true,
    legalBasis: '家长知情同意书（2026 秋季）',
  });
  expect(privacy.statusCode, privacy.body).toBe(200);
}, 120_000);
afterAll(async () => {
  ai.release();
  // The page closed midway leaves a keep-alive connection the server does not count as idle; the
  // test's own, so closed here rather than waited on.
  t.app.server.closeAllConnections();
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

describe('the listener answers as it writes (decision 0146)', () => {
  it('shows the kept message at once, then the answer in parts, and stores it only once whole', async () => {
    ai.script({ reply: REPLY, holdAfter: 2 });
    const { response, next } = await stream('/say/stream', w.callers.a1.token, { text: '快考试了，每天都睡不好' });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const kept = await next();
    expect(kept?.event).toBe('kept');
    const id = kept?.data.conversationId;
    expect(kept?.data.view.conversations[0].messages.map((m: { role: string }) => m.role)).toEqual(['student']);
    await ai.held();
    const first = await next();
    const second = await next();
    expect([first?.event, second?.event]).toEqual(['piece', 'piece']);
    expect(`${first?.data.text}${second?.data.text}`).toBe(REPLY.slice(0, 24));
    // Half written: nothing of the answer is stored yet.
    expect((await listenerMessages(id)).map((m) => m.role)).toEqual(['student']);
    ai.release();
    let event = await next();
    let text = `${first?.data.text}${second?.data.text}`;
    while (event?.event === 'piece') {
      text += event.data.text;
      event = await next();
    }
    expect(text).toBe(REPLY);
    expect(event?.event).toBe('done');
    expect(event?.data.conversations[0].messages.at(-1)).toMatchObject({ role: 'listener', content: REPLY });
    expect(await next()).toBeNull();
    expect(await listenerMessages(id)).toEqual([
      { role: 'student', content: '快考试了，每天都睡不好' },
      { role: 'listener', content: REPLY },
    ]);
  });

  it('says in words when the answer is cut midway, keeps nothing of it, and answers whole when asked again', async () => {
    ai.script({ reply: REPLY, holdAfter: 2, cutAfter: 2 });
    const { next } = await stream('/say/stream', w.callers.a2.token, { text: '和同桌闹别扭了' });
    const kept = await next();
    const id = kept?.data.conversationId;
    const events = [await next(), await next()];
    ai.release();
    for (let e = await next(); e !== null; e = await next()) events.push(e);
    expect(events.map((e) => e?.event)).toEqual(['piece', 'piece', 'error']);
    expect(events.at(-1)?.data).toEqual({
      code: 502,
      message: 'The answer was cut off midway. Your message is kept: press “Ask again” for a whole answer',
    });
    expect(await listenerMessages(id)).toEqual([{ role: 'student', content: '和同桌闹别扭了' }]);

    ai.script({ reply: '闹别扭的时候心里会很别扭。你们是因为什么事呢？' });
    const again = await stream('/again/stream', w.callers.a2.token, { conversationId: id });
    const seen = [];
    for (let e = await again.next(); e !== null; e = await again.next()) seen.push(e.event);
    expect(seen[0]).toBe('kept');
    expect(seen.at(-1)).toBe('done');
    expect(await listenerMessages(id)).toEqual([
      { role: 'student', content: '和同桌闹别扭了' },
      { role: 'listener', content: '闹别扭的时候心里会很别扭。你们是因为什么事呢？' },
    ]);
    // The same message is not sent twice to the model: the second call carried it once.
    const sent =
      ai.received
        .at(-1)
        ?.body.messages?.map((m) => m.content)
        .join('') ?? '';
    expect(sent.split('和同桌闹别扭了')).toHaveLength(2);
    // Answered now: asking again is refused in words, before any stream (an ordinary envelope).
    const twice = await fetch(`${url}/api${h5}/again/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-authorization': w.callers.a2.token, 'accept-language': 'en' },
      body: JSON.stringify({ conversationId: id }),
    });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { message: string }).message).toBe(
      'The last message of this conversation already has an answer',
    );
    // Another student's conversation is not found.
    const stolen = await stream('/again/stream', w.callers.a1.token, { conversationId: id });
    expect(stolen.response.status).toBe(404);
    expect(await stolen.next()).toBeNull();
  });

  it('runs the crisis check before the model is called, and says when to come back when rate-limited', async () => {
    ai.script({ status: 429, retryAfterSeconds: 30 });
    const { next } = await stream('/say/stream', w.callers.b1.token, { text: '我不想活了' });
    const kept = await next();
    expect(kept?.data.view.help.hotline).toBe('12356');
    const warnings = await t.db.kysely
      .selectFrom('warnings')
      .select(['level'])
      .where('source_type', '=', 'treeHole')
      .where('student_id', '=', w.students.b1)
      .execute();
    expect(warnings).toEqual([{ level: 'red' }]);
    const failed = await next();
    expect(failed).toMatchObject({
      event: 'error',
      data: { code: 429, message: 'The AI service is busy (too many requests); try again in 30 seconds' },
    });
    expect(await next()).toBeNull();
    const back = (await w.callers.b1.get(h5)).json().data;
    expect(back.conversations[0].messages.at(-1)).toMatchObject({ role: 'student', content: '我不想活了' });
  });

  it('stores the whole answer when the page is closed midway: the student finds it on return', async () => {
    ai.script({ reply: REPLY, holdAfter: 1 });
    const reading = new AbortController();
    const response = await fetch(`${url}/api${h5}/say/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-authorization': w.callers.a1.token },
      body: JSON.stringify({ text: '写到一半就要去上课了' }),
      signal: reading.signal,
    });
    expect(response.status).toBe(200);
    await ai.held();
    reading.abort();
    ai.release();
    await vi.waitFor(
      async () => {
        const view = (await w.callers.a1.get(h5)).json().data;
        expect(view.conversations[0].messages.at(-1)).toMatchObject({ role: 'listener', content: REPLY });
      },
      { timeout: 5_000 },
    );
  });
});
