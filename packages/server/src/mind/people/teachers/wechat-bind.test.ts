import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { readWechatXml, wechatSignature } from '../../../platform/wechat/events.ts';
import { postEvent, startWechat } from '../../../platform/wechat/stand-in.ts';
import { type AssessmentWorld, buildAssessmentWorld } from '../../assessments/testing.ts';

// A staff member binds their own WeChat by scanning a temporary QR code of the school's official
// account (decision 0156), against the WeChat stand-in, which plays the phone that scans.

let t: TestApp;
let w: AssessmentWorld;
let wechat: Awaited<ReturnType<typeof startWechat>>;
let endpoint: string;
const TOKEN = 'campusBindToken42';
const OPENID = 'oX3Uw5Hk2-Lm9_Qa7ZpR4tYc1Ve8';
const OTHER_OPENID = 'oX3Uw5Hk2-Lm9_Qa7ZpR4tYcZZZZ';

beforeAll(async () => {
  wechat = await startWechat('wx-campus-bind', 'campus-bind-secret');
  t = await buildTestApp({
    WECHAT_API_BASE: wechat.url,
    CAMPUS_WECHAT_APP_ID: 'wx-campus-bind',
    CAMPUS_WECHAT_APP_SECRET: 'campus-bind-secret',
    CAMPUS_WECHAT_TEMPLATE_ID: 'TPL-campus',
    CAMPUS_WECHAT_TOKEN: TOKEN,
  });
  w = await buildAssessmentWorld(t);
  const url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  endpoint = `${url}/api/apis-psychology/wechatBind/events`;
}, 90_000);
afterAll(async () => {
  await t.close();
  await wechat.close();
});

/** What the scanner reads in the chat, and to whom WeChat would show it. */
const chat = (answer: { status: number; body: string }) => {
  expect(answer.status, answer.body).toBe(200);
  const xml = readWechatXml(answer.body);
  expect(xml?.MsgType).toBe('text');
  return { to: xml?.ToUserName, words: xml?.Content ?? '' };
};
const openidOf = async (userId: number) =>
  (
    await t.db.kysely
      .selectFrom('teachers')
      .select('wechat_openid')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).wechat_openid;
const newCode = async (caller: typeof w.psychologyTeacher) => {
  const res = await caller.post('/apis-psychology/wechatBind/ticket', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; qrUrl: string; expiresAt: number };
};
const stateOf = async (caller: typeof w.psychologyTeacher, id: number) =>
  (await caller.get(`/apis-psychology/wechatBind/ticket/${id}`)).json().data.state as string;

describe('binding one’s own WeChat by scanning a code', () => {
  it('answers WeChat’s check of the server address only when signed with the account’s token', async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signed = await fetch(
      `${endpoint}?${new URLSearchParams({ signature: wechatSignature(TOKEN, timestamp, '77'), timestamp, nonce: '77', echostr: 'echo-5521' })}`,
    );
    expect(await signed.text()).toBe('echo-5521');
    const forged = await fetch(
      `${endpoint}?${new URLSearchParams({ signature: wechatSignature('guess', timestamp, '77'), timestamp, nonce: '77', echostr: 'x' })}`,
    );
    expect(forged.status).toBe(401);
  });

  it('binds the scanner’s openid to the code’s owner, who reads it in the chat and on the page', async () => {
    const me = w.psychologyTeacher;
    expect((await me.get('/apis-psychology/wechatBind')).json().data).toEqual({
      onRoster: true,
      available: true,
      unavailableReason: null,
      bound: false,
      openidTail: null,
    });
    const code = await newCode(me);
    expect(code.qrUrl).toMatch(/^http:\/\/weixin\.qq\.com\/q\//);
    expect(code.expiresAt).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(await stateOf(me, code.id)).toBe('waiting');
    // Another user cannot look at this code.
    expect((await w.classTeacher.get(`/apis-psychology/wechatBind/ticket/${code.id}`)).statusCode).toBe(404);

    // A new follower scans it: WeChat pushes `subscribe` with qrscene_<scene>.
    const answer = chat(await wechat.scan(code.qrUrl, OPENID, { endpoint, token: TOKEN }));
    expect(answer.to).toBe(OPENID);
    expect(answer.words).toBe(
      `绑定成功：Teacher ${me.user.id} 将通过本公众号接收校园预警。\nBound: Teacher ${me.user.id} now gets campus alerts through this account.`,
    );
    expect(await openidOf(me.user.id)).toBe(OPENID);
    expect(await stateOf(me, code.id)).toBe('bound');
    expect((await me.get('/apis-psychology/wechatBind')).json().data).toMatchObject({
      bound: true,
      openidTail: '…1Ve8',
    });
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'action'])
      .where('action', '=', 'wechatBind.bind')
      .execute();
    expect(audited.map((a) => Number(a.user_id))).toEqual([me.user.id]);

    // WeChat sends the event again when our answer was late: the scanner reads the same answer.
    expect(chat(await wechat.scan(code.qrUrl, OPENID, { endpoint, token: TOKEN })).words).toContain('Bound:');
  });

  it('refuses a used code to anyone else, and an expired code, in words', async () => {
    const me = w.psychologyTeacher;
    const used = await newCode(me);
    chat(await wechat.scan(used.qrUrl, OPENID, { endpoint, token: TOKEN }));
    // Someone photographed the code and scans it too, already a follower (a SCAN event).
    const replayed = chat(await wechat.scan(used.qrUrl, OTHER_OPENID, { endpoint, token: TOKEN, following: true }));
    expect(replayed.words).toContain('这个绑定二维码已经用过，不能再次使用，未绑定。');
    expect(replayed.words).toContain('This binding code was used already and cannot be used again: nothing was bound.');
    expect(await openidOf(me.user.id)).toBe(OPENID);

    const late = await newCode(w.classTeacher);
    // Ten minutes later: the code's time is over.
    await t.db.kysely
      .updateTable('staff_wechat_tickets')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', late.id)
      .execute();
    expect(await stateOf(w.classTeacher, late.id)).toBe('expired');
    const expired = chat(await wechat.scan(late.qrUrl, OTHER_OPENID, { endpoint, token: TOKEN }));
    expect(expired.words).toContain('This binding code has expired: nothing was bound.');
    expect(await openidOf(w.classTeacher.user.id)).toBeNull();

    // A scene that is not one of our codes, though shaped like one.
    const unknown = chat(await postEvent(endpoint, TOKEN, OTHER_OPENID, 'SCAN', 'mb_not-a-ticket', Date.now()));
    expect(unknown.words).toContain('This is not a valid binding code');
  });

  it('refuses an event not signed with the account’s token, or replayed long after', async () => {
    const code = await newCode(w.classTeacher);
    const forged = await wechat.scan(code.qrUrl, OTHER_OPENID, { endpoint, token: 'notTheToken' });
    expect(forged.status).toBe(401);
    const old = await wechat.scan(code.qrUrl, OTHER_OPENID, { endpoint, token: TOKEN, at: Date.now() - 10 * 60_000 });
    expect(old.status).toBe(401);
    expect(await openidOf(w.classTeacher.user.id)).toBeNull();
    expect(await stateOf(w.classTeacher, code.id)).toBe('waiting');
    // Other events of the account are acknowledged as WeChat asks.
    const other = await postEvent(endpoint, TOKEN, OTHER_OPENID, 'subscribe', '', Date.now());
    expect(other.body).toBe('success');
  });

  it('tells someone on no staff roster why they cannot bind, and lets a staff member unbind', async () => {
    const refused = await w.schoolAdmin.get('/apis-psychology/wechatBind');
    expect(refused.json().data).toMatchObject({
      onRoster: false,
      available: false,
      unavailableReason: 'You are on no school’s staff roster: there are no campus alerts to bind WeChat for',
    });
    const code = await w.schoolAdmin.post('/apis-psychology/wechatBind/ticket', {});
    expect(code.statusCode).toBe(409);
    expect(code.json().message).toBe(
      'You are on no school’s staff roster: there are no campus alerts to bind WeChat for',
    );

    const me = w.psychologyTeacher;
    const unbound = await me.post('/apis-psychology/wechatBind/unbind', {});
    expect(unbound.statusCode, unbound.body).toBe(200);
    expect(unbound.json().data).toMatchObject({ bound: false, openidTail: null });
    expect(await openidOf(me.user.id)).toBeNull();
  });
});
