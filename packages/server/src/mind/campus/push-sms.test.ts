import type { CampusBox } from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { startAliyun } from '../../platform/sms/stand-ins.ts';
import type { AssessmentWorld } from '../assessments/testing.ts';
import { CAMPUS_PUSH } from './push.ts';
import { campusBoxWorld, deliverCampusPush, reportFight, saveRuleToBothTeachers } from './testing.ts';

// Campus alerts by SMS through the deployment's provider (decision 0143), against the Aliyun stand-in.

let t: TestApp;
let w: AssessmentWorld;
let box: CampusBox;
let aliyun: Awaited<ReturnType<typeof startAliyun>>;
const MOBILE = '13800138000';

beforeAll(async () => {
  aliyun = await startAliyun({ 'campus-key': 'campus-secret' });
  ({ t, w, box } = await campusBoxWorld(
    { name: 'Gate camera', location: 'North gate' },
    {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'campus-key',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'campus-secret',
      ALIYUN_SMS_BASE: aliyun.url,
      SMS_SIGN_NAME: '子午线',
      SMS_TEMPLATE_CODE: 'SMS_CODE',
      CAMPUS_SMS_TEMPLATE_CODE: 'SMS_CAMPUS',
    },
  ));
  // The psychology teacher's roster entry has a mobile; the class teacher's has none.
  await t.db.kysely
    .updateTable('teachers')
    .set({ phone: MOBILE })
    .where('user_id', '=', w.psychologyTeacher.user.id)
    .execute();
  await t.db.kysely
    .updateTable('teachers')
    .set({ phone: null })
    .where('user_id', '=', w.classTeacher.user.id)
    .execute();
  await t.db.kysely.updateTable('users').set({ phone: null }).where('id', '=', w.classTeacher.user.id).execute();
}, 90_000);
afterAll(async () => {
  await t.close();
  await aliyun.close();
});

const deliver = () => deliverCampusPush(t);

const deliveries = async (alertId: number) => {
  const res = await w.schoolAdmin.get(`/apis-psychology/securityWarning/${alertId}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<{ name: string; channel: string; status: string; reason: string | null }>;
};

const fight = (eventId: string) => reportFight(box, eventId);

describe('campus alerts by SMS', () => {
  it('offers SMS once the deployment configures a provider and the campus template', async () => {
    const res = await w.schoolAdmin.get('/apis-psychology/pushConfig/channels');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ channels: ['site', 'sms'] });
    const saved = await saveRuleToBothTeachers(w, { name: 'Fights by SMS', channels: ['site', 'sms'] });
    expect(saved).toMatchObject({ channels: ['site', 'sms'] });
  });

  it('texts the alert’s sentence to a person’s mobile, signed, once; one without a mobile is skipped with the reason', async () => {
    const alertId = await fight('sms-fight-1');
    await deliver();
    await deliver(); // a second run sends nothing twice
    expect(aliyun.delivered).toHaveLength(1);
    const sms = aliyun.delivered[0];
    expect(sms).toMatchObject({ phone: MOBILE, signName: '子午线', template: 'SMS_CAMPUS' });
    expect(sms?.params).toEqual({
      content: expect.stringMatching(/^First SchoolNorth gate发生打架（\d\d-\d\d \d\d:\d\d）/),
    });
    const log = await deliveries(alertId);
    const sent = log.filter((d) => d.channel === 'sms');
    expect(sent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'sent', reason: null }),
        expect.objectContaining({ status: 'skipped', reason: 'No mobile number on file: not sent' }),
      ]),
    );
    expect(sent).toHaveLength(2);
    // The site messages went as well.
    expect(log.filter((d) => d.channel === 'site' && d.status === 'sent')).toHaveLength(2);
    // Another school's administrator cannot read this alert's deliveries.
    const theirs = await w.otherSchoolAdmin.get(`/apis-psychology/securityWarning/${alertId}/deliveries`);
    expect(theirs.statusCode).toBe(404);
  });

  it('retries a provider failure through the outbox, and records a refusal that cannot pass', async () => {
    aliyun.state.next.push({ status: 500, body: { Code: 'isp.SYSTEM_ERROR', Message: 'busy', RequestId: 'r' } });
    const before = aliyun.delivered.length;
    const retried = await fight('sms-fight-2');
    await deliver();
    expect(aliyun.delivered.length).toBe(before + 1);
    const job = await t.db.kysely
      .selectFrom('jobs')
      .select(['attempts', 'state'])
      .where('dedupe_key', '=', `${CAMPUS_PUSH}:${retried}`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ attempts: 2, state: 'done' });
    expect((await deliveries(retried)).find((d) => d.channel === 'sms' && d.status === 'sent')).toBeTruthy();

    aliyun.state.next.push({
      body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'invalid mobile', RequestId: 'r' },
    });
    const refused = await fight('sms-fight-3');
    await deliver();
    expect(aliyun.delivered.length).toBe(before + 1);
    const failed = (await deliveries(refused)).find((d) => d.channel === 'sms' && d.status === 'failed');
    expect(failed?.reason).toMatch(/^The provider refused it: aliyun SendSms isv.MOBILE_NUMBER_ILLEGAL/);
  });
});
