import { type CampusBox, TINY_PNG } from '@meridian/simulator';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import type { AssessmentWorld } from '../assessments/testing.ts';
import { CAMPUS_PUSH, campusPushJob, chinaMinute } from './push.ts';
import { campusBoxWorld, pushRule } from './testing.ts';

let t: TestApp;
let w: AssessmentWorld;
let box: CampusBox;

beforeAll(async () => {
  ({ t, w, box } = await campusBoxWorld({ name: 'Gate camera', location: 'North gate' }));
}, 90_000);
afterAll(() => t.close());

const rule = (over: Record<string, unknown> = {}) => pushRule(w, over);

const pushJobs = () => t.db.kysely.selectFrom('jobs').select('id').where('kind', '=', CAMPUS_PUSH).execute();

/** Runs the queued push jobs to the end with a real worker. */
async function deliver() {
  const worker = new JobWorker({ db: t.db, log: pino({ level: 'silent' }), jobs: [campusPushJob], pollMs: 10 });
  worker.start();
  await expect
    .poll(
      async () =>
        (
          await t.db.kysely
            .selectFrom('jobs')
            .select('id')
            .where('kind', '=', CAMPUS_PUSH)
            .where('state', 'in', ['queued', 'running'])
            .execute()
        ).length,
      { timeout: 5000 },
    )
    .toBe(0);
  await worker.stop();
}

const inbox = async () => {
  const res = await w.psychologyTeacher.get('/apis-psychology/securityWarning/notices');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    unread: number;
    list: Array<{ id: number; alertId: number; type: string; location: string }>;
  };
};

describe('push configuration of behaviour alerts', () => {
  it('tells the security staff of a fight by site message, once per alert, and not of other types', async () => {
    const saved = await w.schoolAdmin.post('/apis-psychology/pushConfig/save', rule());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      name: 'Fights to security',
      schoolName: 'First School',
      types: ['fight'],
      channels: ['site'],
      people: [{ userId: w.psychologyTeacher.user.id }],
    });
    const listed = await w.schoolAdmin.get('/apis-psychology/pushConfig/list');
    expect(listed.json().data).toHaveLength(1);
    // Another school's administrator does not see it.
    expect((await w.otherSchoolAdmin.get('/apis-psychology/pushConfig/list')).json().data).toHaveLength(0);

    const fight = await box.report({ type: 'fight', eventId: 'push-fight-1', snapshot: TINY_PNG });
    expect(fight.status).toBe(200);
    await box.report({ type: 'fight', eventId: 'push-fight-1', snapshot: TINY_PNG }); // the device retries
    await box.report({ type: 'fall', eventId: 'push-fall-1' }); // no rule for falls
    await deliver();
    await deliver(); // a second run sends nothing twice
    const mine = await inbox();
    expect(mine.unread).toBe(1);
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({
      alertId: (fight.body.data as { alertId: number }).alertId,
      type: 'fight',
      location: 'North gate',
    });

    const read = await w.psychologyTeacher.post(`/apis-psychology/securityWarning/notices/${mine.list[0]?.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect((await inbox()).unread).toBe(0);
    // Nobody reads another person's message.
    const theirs = await w.schoolAdmin.post(`/apis-psychology/securityWarning/notices/${mine.list[0]?.id}/read`);
    expect(theirs.statusCode).toBe(404);
  });

  it('sends nothing outside the rule’s hours', async () => {
    const id = (await w.schoolAdmin.get('/apis-psychology/pushConfig/list')).json().data[0].id as number;
    const now = chinaMinute(Date.now());
    const later = { fromMinute: (now + 60) % 1440, toMinute: (now + 120) % 1440 };
    const edited = await w.schoolAdmin.post(`/apis-psychology/pushConfig/setup/${id}`, rule(later));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject(later);
    const before = (await pushJobs()).length;
    expect((await box.report({ type: 'fight', eventId: 'push-fight-night' })).status).toBe(200);
    expect((await pushJobs()).length).toBe(before);
    await deliver();
    expect((await inbox()).list).toHaveLength(1);
  });

  it('refuses channels without a provider, people outside the school’s staff, and bad hours, in words', async () => {
    const ready = await w.schoolAdmin.get('/apis-psychology/pushConfig/channels');
    expect(ready.json().data).toEqual({ channels: ['site'] });
    const sms = await w.schoolAdmin.post('/apis-psychology/pushConfig/save', rule({ channels: ['site', 'sms'] }));
    expect(sms.statusCode).toBe(400);
    expect(sms.json().message).toBe('A chosen channel has no provider configured in this deployment: choose another');
    const stranger = await w.schoolAdmin.post(
      '/apis-psychology/pushConfig/save',
      rule({ userIds: [w.otherSchoolAdmin.user.id] }),
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('Every person to tell must be an active member of this school’s staff');
    const hours = await w.schoolAdmin.post('/apis-psychology/pushConfig/save', rule({ fromMinute: 60, toMinute: 60 }));
    expect(hours.statusCode).toBe(400);
    const otherSchool = await w.otherSchoolAdmin.post('/apis-psychology/pushConfig/save', rule());
    expect(otherSchool.statusCode).toBe(400);
    expect(otherSchool.json().message).toBe('Choose a school you manage');
  });

  it('removes a rule: the next fight tells nobody', async () => {
    const id = (await w.schoolAdmin.get('/apis-psychology/pushConfig/list')).json().data[0].id as number;
    expect((await w.otherSchoolAdmin.post(`/apis-psychology/pushConfig/delete/${id}`)).statusCode).toBe(404);
    expect((await w.schoolAdmin.post(`/apis-psychology/pushConfig/delete/${id}`)).statusCode).toBe(200);
    const before = (await pushJobs()).length;
    await box.report({ type: 'fight', eventId: 'push-fight-after' });
    expect((await pushJobs()).length).toBe(before);
  });
});
