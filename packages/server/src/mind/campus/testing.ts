import { CampusBox, type CampusBoxOptions } from '@meridian/simulator';
import pino from 'pino';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { runJobsUntilSettled } from '../../platform/jobs/testing.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { type AssessmentWorld, buildAssessmentWorld } from '../assessments/testing.ts';
import { EMOTION_PUSH, emotionPushJob } from '../emotion-alerts/service.ts';
import { CAMPUS_PUSH, campusPushJob } from './push.ts';

/** A listening app (configured with `env`) with an assessment world, and the app's origin. */
export async function listeningCampusWorld(env: Record<string, string> = {}) {
  const t = await buildTestApp(env);
  const w = await buildAssessmentWorld(t);
  const url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  return { t, w, url };
}

/**
 * A camera of the world's school, added by its administrator, and a simulated campus AI box holding its key and
 * secret (answered in English; with `box`, more of the box's options).
 */
export async function addCampusCamera(
  w: AssessmentWorld,
  url: string,
  camera: { name: string; location: string },
  box: Partial<CampusBoxOptions> = {},
) {
  const res = await w.schoolAdmin.post('/apis-psychology/equipment/add', {
    schoolId: w.orgs.school.id,
    kind: 'camera',
    ...camera,
  });
  expect(res.statusCode, res.body).toBe(200);
  const device = res.json().data as { id: number; deviceKey: string; secret: string };
  const { deviceKey, secret } = device;
  return { device, box: new CampusBox({ baseUrl: url, lang: 'en', deviceKey, secret, ...box }) };
}

/**
 * A listening app (configured with `env`) with an assessment world, and a simulated campus AI box behind one
 * camera of its school.
 */
export async function campusBoxWorld(camera: { name: string; location: string }, env: Record<string, string> = {}) {
  const { t, w, url } = await listeningCampusWorld(env);
  const { box } = await addCampusCamera(w, url, camera);
  return { t, w, box };
}

/**
 * Runs the queued campus push jobs (behaviour alerts', or with `emotion` emotion alerts') to the end
 * with a real worker, retrying at once (SMS and WeChat tests).
 */
export async function deliverCampusPush(t: TestApp, emotion = false): Promise<void> {
  const worker = new JobWorker({
    db: t.db,
    log: pino({ level: 'silent' }),
    config: t.config,
    jobs: [emotion ? emotionPushJob : campusPushJob],
    baseRetryMs: 1,
    maxRetryMs: 4,
  });
  await runJobsUntilSettled(worker, t.db, emotion ? EMOTION_PUSH : CAMPUS_PUSH);
}

/** The box reports a fight (event `eventId`); the id of the alert it raised. */
export async function reportFight(box: CampusBox, eventId: string): Promise<number> {
  const res = await box.report({ type: 'fight', eventId });
  expect(res.status).toBe(200);
  return (res.body.data as { alertId: number }).alertId;
}

/** A push rule of the world's school: fights, to its psychology teacher by site message, all day; `over` changes it. */
export const pushRule = (w: AssessmentWorld, over: Record<string, unknown> = {}) => ({
  schoolId: w.orgs.school.id,
  name: 'Fights to security',
  types: ['fight'],
  userIds: [w.psychologyTeacher.user.id],
  channels: ['site'],
  fromMinute: 0,
  toMinute: 1440,
  ...over,
});

/**
 * The world's school administrator saves a push rule to both its teachers (`pushRule` changed by `over`); the rule
 * saved.
 */
export async function saveRuleToBothTeachers(w: AssessmentWorld, over: Record<string, unknown>) {
  const userIds = [w.psychologyTeacher.user.id, w.classTeacher.user.id];
  const res = await w.schoolAdmin.post('/apis-psychology/pushConfig/save', pushRule(w, { userIds, ...over }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; channels: string[] };
}
