import type { CampusBox } from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { startWechat } from '../../platform/wechat/stand-in.ts';
import type { AssessmentWorld } from '../assessments/testing.ts';
import { beijingDayHour } from '../emotion/service.ts';
import { CAMPUS_PUSH } from './push.ts';
import { campusBoxWorld, deliverCampusPush, reportFight, saveRuleToBothTeachers } from './testing.ts';

// Campus alerts by WeChat template message to the openid on the roster entry (decision 0150),
// against the WeChat stand-in.

let t: TestApp;
let w: AssessmentWorld;
let box: CampusBox;
let wechat: Awaited<ReturnType<typeof startWechat>>;
const APP_ID = 'wx-campus-alerts';
const OPENID = 'oX3Uw5Hk2-Lm9_Qa7ZpR4tYc1Ve8';

beforeAll(async () => {
  wechat = await startWechat(APP_ID, 'campus-wechat-secret');
  ({ t, w, box } = await campusBoxWorld(
    { name: 'Gate camera', location: 'North gate' },
    {
      WECHAT_API_BASE: wechat.url,
      CAMPUS_WECHAT_APP_ID: APP_ID,
      CAMPUS_WECHAT_APP_SECRET: 'campus-wechat-secret',
      CAMPUS_WECHAT_TEMPLATE_ID: 'TPL-campus',
    },
  ));
}, 90_000);
afterAll(async () => {
  await t.close();
  await wechat.close();
});

const deliver = (emotion = false) => deliverCampusPush(t, emotion);

const deliveries = async (alertId: number, lang = 'en') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/apis-psychology/securityWarning/${alertId}/deliveries`,
    headers: { ...as(w.schoolAdmin.token), 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ channel: string; status: string; reason: string | null }>).filter(
    (d) => d.channel === 'wechat',
  );
};

const fight = (eventId: string) => reportFight(box, eventId);

const jobOf = (alertId: number) =>
  t.db.kysely
    .selectFrom('jobs')
    .select(['attempts', 'state'])
    .where('dedupe_key', '=', `${CAMPUS_PUSH}:${alertId}`)
    .executeTakeFirstOrThrow();

describe('campus alerts by WeChat', () => {
  it('lets the school administrator set a staff member’s openid on the roster, checked', async () => {
    const entry = await t.db.kysely
      .selectFrom('teachers')
      .select('id')
      .where('user_id', '=', w.psychologyTeacher.user.id)
      .executeTakeFirstOrThrow();
    const bad = await w.schoolAdmin.post('/apis-user/teacher/update', { id: entry.id, wechatOpenid: 'o 123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual([{ field: 'wechatOpenid', msg: 'WeChat openid: 20-40 letters, digits, - or _' }]);
    const set = await w.schoolAdmin.post('/apis-user/teacher/update', { id: entry.id, wechatOpenid: ` ${OPENID} ` });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ wechatOpenid: OPENID });
    const listed = await w.schoolAdmin.post('/apis-user/teacher/page', { keyword: set.json().data.teacherNo });
    expect(listed.json().data.list[0]).toMatchObject({ wechatOpenid: OPENID });
  });

  it('offers WeChat once the deployment configures the official account', async () => {
    const res = await w.schoolAdmin.get('/apis-psychology/pushConfig/channels');
    expect(res.json().data).toEqual({ channels: ['site', 'wechat'] });
    const saved = await saveRuleToBothTeachers(w, { name: 'Fights by WeChat', channels: ['wechat'] });
    expect(saved).toMatchObject({ channels: ['wechat'] });
  });

  it('sends the alert’s sentence to the openid once; one without an openid is skipped with the reason', async () => {
    const alertId = await fight('wechat-fight-1');
    await deliver();
    await deliver(); // a second run sends nothing twice
    expect(wechat.state.tokenCalls).toBe(1);
    expect(wechat.delivered).toEqual([
      {
        openid: OPENID,
        templateId: 'TPL-campus',
        data: {
          content: {
            value: expect.stringMatching(/^First SchoolNorth gate发生打架（\d\d-\d\d \d\d:\d\d），请及时处理$/),
          },
        },
      },
    ]);
    const log = await deliveries(alertId);
    expect(log).toHaveLength(2);
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'sent', reason: null }),
        expect.objectContaining({ status: 'skipped', reason: 'No WeChat bound: not sent' }),
      ]),
    );
    expect((await deliveries(alertId, 'zh-CN')).map((d) => d.reason)).toContain('未绑定微信，未发送');
  });

  it('fetches the token again once when WeChat refuses it, and resends', async () => {
    wechat.revoke(); // another system forced a new token: ours is refused
    const before = { tokens: wechat.state.tokenCalls, sent: wechat.delivered.length };
    const alertId = await fight('wechat-fight-2');
    await deliver();
    expect(wechat.state.tokenCalls).toBe(before.tokens + 1);
    expect(wechat.delivered.length).toBe(before.sent + 1);
    expect(await jobOf(alertId)).toMatchObject({ attempts: 1, state: 'done' });
    expect((await deliveries(alertId)).find((d) => d.status === 'sent')).toBeTruthy();
  });

  it('retries a passing fault through the outbox, and records a refusal that cannot pass', async () => {
    const before = wechat.delivered.length;
    wechat.state.next.push({ body: { errcode: -1, errmsg: 'system error' } });
    const retried = await fight('wechat-fight-3');
    await deliver();
    expect(wechat.delivered.length).toBe(before + 1);
    expect(await jobOf(retried)).toMatchObject({ attempts: 2, state: 'done' });

    wechat.state.next.push({ body: { errcode: 43004, errmsg: 'require subscribe' } });
    const refused = await fight('wechat-fight-4');
    await deliver();
    expect(wechat.delivered.length).toBe(before + 1);
    expect(await jobOf(refused)).toMatchObject({ attempts: 1, state: 'done' });
    const failed = (await deliveries(refused)).find((d) => d.status === 'failed');
    expect(failed?.reason).toBe('The provider refused it: wechat template send 43004: require subscribe');
  });
});

describe('the emotion alert’s messages (decision 0156)', () => {
  it('lists each message sent about an emotion alert with its outcome, in both languages, to its school only', async () => {
    await saveRuleToBothTeachers(w, {
      name: 'Emotion by site and WeChat',
      types: ['emotion'],
      channels: ['site', 'wechat'],
    });
    // Yesterday 10:00 Beijing time: 80 % of class A's faces negative, over the 40 % threshold.
    const yesterday = Date.parse(`${beijingDayHour(Date.now()).day}T02:00:00Z`) - 86_400_000;
    const dark = { happy: 0.05, calm: 0.1, surprised: 0.05, sad: 0.5, angry: 0.2, fearful: 0.1 };
    const sample = await box.emotion({
      classId: w.classes.klassA.id,
      faces: 40,
      emotions: dark,
      occurredAt: yesterday,
    });
    expect(sample.status, JSON.stringify(sample.body)).toBe(200);
    const { id } = await t.db.kysely.selectFrom('emotion_alerts').select('id').executeTakeFirstOrThrow();
    const before = wechat.delivered.length;
    await deliver(true);
    expect(wechat.delivered.slice(before).map((d) => d.openid)).toEqual([OPENID]);

    type Delivery = { name: string; channel: string; status: string; reason: string | null };
    const log = async (lang: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/apis-psychology/intelEmotion/${id}/deliveries`,
        headers: { ...as(w.schoolAdmin.token), 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Delivery[]).map((d) => [d.name, d.channel, d.status, d.reason]);
    };
    const psychologist = `Teacher ${w.psychologyTeacher.user.id}`;
    const classTeacher = `Teacher ${w.classTeacher.user.id}`;
    expect(await log('en')).toEqual(
      expect.arrayContaining([
        [psychologist, 'site', 'sent', null],
        [classTeacher, 'site', 'sent', null],
        [psychologist, 'wechat', 'sent', null],
        [classTeacher, 'wechat', 'skipped', 'No WeChat bound: not sent'],
      ]),
    );
    expect(await log('en')).toHaveLength(4);
    expect(await log('zh-CN')).toContainEqual([classTeacher, 'wechat', 'skipped', '未绑定微信，未发送']);
    // The psychology teacher's inbox holds the site message only, not the WeChat sent beside it.
    const inbox = (await w.psychologyTeacher.get('/apis-psychology/intelEmotion/notices')).json().data;
    expect(inbox).toMatchObject({ unread: 1 });
    expect(inbox.list).toHaveLength(1);

    // Another school's administrator is told there is no such alert.
    const theirs = await w.otherSchoolAdmin.get(`/apis-psychology/intelEmotion/${id}/deliveries`);
    expect(theirs.statusCode).toBe(404);
  });
});
