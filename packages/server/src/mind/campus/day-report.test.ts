import type { CampusBox } from '@meridian/simulator';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import type { AssessmentWorld } from '../assessments/testing.ts';
import { CAMPUS_DAY_REPORT_TICK, dayReportJob, dayReportTickJob } from './day-report.ts';
import { campusBoxWorld } from './testing.ts';

let t: TestApp;
let w: AssessmentWorld;
let box: CampusBox;
/** 2026-11-28 10:00 in Beijing. */
const YESTERDAY_10 = Date.UTC(2026, 10, 28, 2);
/** 2026-11-29 00:00 in Beijing. */
const TODAY = Date.UTC(2026, 10, 28, 16);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  // 07:00 in Beijing: yesterday's events come in late, the report is due at 08:00.
  vi.setSystemTime(TODAY + 7 * 3_600_000);
  ({ t, w, box } = await campusBoxWorld({ name: 'Gate camera', location: 'Gate' }));
}, 90_000);
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const worker = () =>
  new JobWorker({
    db: t.db,
    log: pino({ level: 'silent' }),
    config: t.app.config,
    jobs: [dayReportTickJob, dayReportJob],
  });

/** Two workers' schedules fire at once, and both run what is due. */
async function tickTwice() {
  await insertJob(t.db.kysely, { kind: CAMPUS_DAY_REPORT_TICK });
  await insertJob(t.db.kysely, { kind: CAMPUS_DAY_REPORT_TICK });
  await Promise.all([worker().drain(), worker().drain()]);
}

const reports = async () => {
  const res = await w.psychologyTeacher.get('/apis-psychology/securityWarning/dayReports');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<Record<string, unknown>>;
};

describe('day reports', () => {
  it('sends yesterday’s summary at the school’s time, once per person and day, to the chosen staff', async () => {
    // Yesterday: two fights (one solved) and a fall; an alert of the day before stays open.
    const fight = await box.report({ type: 'fight', occurredAt: YESTERDAY_10 });
    await box.report({ type: 'fight', occurredAt: YESTERDAY_10 + 60_000 });
    await box.report({ type: 'fall', occurredAt: YESTERDAY_10 + 120_000 });
    await box.report({ type: 'crowding', occurredAt: YESTERDAY_10 - 86_400_000 });
    const alertId = (fight.body.data as { alertId: number }).alertId;
    const solved = await w.psychologyTeacher.post(`/apis-psychology/securityWarning/${alertId}/handle`, {
      action: 'solve',
      result: 'Talked with both',
    });
    expect(solved.statusCode, solved.body).toBe(200);

    const path = '/apis-psychology/pushConfig/dayReport';
    const off = await w.schoolAdmin.get(`${path}?schoolId=${w.orgs.school.id}`);
    expect(off.json().data).toMatchObject({ enabled: false, minute: 450, people: [] });
    const notStaff = await w.schoolAdmin.post(path, {
      schoolId: w.orgs.school.id,
      enabled: true,
      minute: 480,
      userIds: [w.otherSchoolAdmin.user.id],
      contents: ['events'],
    });
    expect(notStaff.statusCode).toBe(400);
    const saved = await w.schoolAdmin.post(path, {
      schoolId: w.orgs.school.id,
      enabled: true,
      minute: 480,
      userIds: [w.psychologyTeacher.user.id],
      contents: ['events', 'openAlerts', 'emotion'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ enabled: true, minute: 480 });
    expect(saved.json().data.people).toHaveLength(1);

    // 07:59 today: not yet.
    vi.setSystemTime(TODAY + 479 * 60_000);
    await tickTwice();
    expect(await reports()).toEqual([]);
    // 08:00: the report of yesterday arrives, once, however many workers ticked, and again later.
    vi.setSystemTime(TODAY + 480 * 60_000);
    await tickTwice();
    vi.setSystemTime(TODAY + 485 * 60_000);
    await tickTwice();
    const inbox = await reports();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ day: '2026-11-28', schoolName: 'First School', openAlerts: 3, emotionAlerts: 0 });
    const byType = inbox[0]?.byType as Array<{ type: string; count: number }>;
    expect(byType.filter((x) => x.count > 0)).toEqual([
      { type: 'fight', count: 2 },
      { type: 'fall', count: 1 },
    ]);
    expect(inbox[0]?.byState).toEqual([
      { state: 'new', count: 2 },
      { state: 'solved', count: 1 },
    ]);
    // Someone not chosen gets none.
    const other = await w.schoolAdmin.get('/apis-psychology/securityWarning/dayReports');
    expect(other.json().data).toEqual([]);
  });
});
