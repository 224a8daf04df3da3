import { randomBytes } from 'node:crypto';
import { CAMPUS_DAY_REPORT_CONTENTS, type CampusAlertState, type CampusEventType, EMOTIONS } from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { CAMPUS_DAY_REPORT, chinaDay } from '../campus/day-report.ts';
import type { EmotionColumns } from '../emotion/tables.ts';
import { DemoRandom } from './names.ts';
import type { DistrictPlan } from './plan.ts';
import {
  type DemoAlert,
  insertDemoAlerts,
  insertDemoDevices,
  insertDemoEmotions,
  insertDemoPushRules,
  psychologyTeachersOf,
  saveDemoDayReport,
  userIdOf,
} from './repository.ts';
import { demoSnapshot } from './snapshot.ts';

type Trx = Transaction<Database>;

/** The campus side of the demo: its own seed, so that the district's names stay as they were. */
export const CAMPUS_SEED = 20261129;
const DAY_MS = 86_400_000;
const LESSON_HOURS = [8, 9, 10, 11, 14, 15, 16];

/** Cameras and one classroom terminal per school, where a school would put them. */
const DEVICES: Array<{ kind: 'camera' | 'terminal'; name: string; location: string }> = [
  { kind: 'camera', name: '教学楼一楼走廊摄像机', location: '教学楼一楼走廊' },
  { kind: 'camera', name: '操场东侧摄像机', location: '操场东侧' },
  { kind: 'camera', name: '天台入口摄像机', location: '教学楼天台入口' },
  { kind: 'camera', name: '食堂摄像机', location: '食堂' },
  { kind: 'terminal', name: '教室情绪分析终端', location: '教学楼各教室' },
];
/** The device index that sends the classes' emotion samples. */
const TERMINAL = 4;

interface AlertPlan {
  type: CampusEventType;
  device: number;
  /** Days before today (China time): always in the past, whatever the hour of the start. */
  daysAgo: number;
  minute: number;
  state: CampusAlertState;
  figures: number;
}

/** What school 1 (the demo accounts' school) shows: one alert in each state of the handling. */
const FIRST_SCHOOL: AlertPlan[] = [
  { type: 'fight', device: 1, daysAgo: 1, minute: 10 * 60 + 20, state: 'new', figures: 3 },
  { type: 'climbing', device: 2, daysAgo: 1, minute: 15 * 60 + 40, state: 'acknowledged', figures: 1 },
  { type: 'fall', device: 0, daysAgo: 2, minute: 9 * 60 + 5, state: 'handedOver', figures: 2 },
  { type: 'crowding', device: 3, daysAgo: 2, minute: 12 * 60 + 10, state: 'solved', figures: 6 },
  { type: 'loitering', device: 2, daysAgo: 3, minute: 17 * 60 + 30, state: 'falseAlarm', figures: 1 },
  { type: 'intrusion', device: 1, daysAgo: 1, minute: 6 * 60 + 45, state: 'solved', figures: 1 },
];
const OTHER_TYPES: CampusEventType[] = ['fight', 'fall', 'crowding', 'loitering'];
const OTHER_STATES: CampusAlertState[] = ['new', 'acknowledged', 'solved'];

export interface CampusPlan {
  schools: Array<{ alerts: AlertPlan[] }>;
  /** One snapshot per alert, school by school in plan order. */
  snapshots: Buffer[];
  /** A class's mood: its base share of each emotion, by plan class key. */
  moods: Map<string, Record<(typeof EMOTIONS)[number], number>>;
}

/** Worked out in memory before anything is written, like the district: the same each time. */
export function planCampus(district: DistrictPlan, seed = CAMPUS_SEED): CampusPlan {
  const rng = new DemoRandom(seed);
  const schools = district.schools.map((_, s) => ({
    alerts:
      s === 0
        ? FIRST_SCHOOL
        : Array.from({ length: 3 }, (_, i) => ({
            type: rng.pick(OTHER_TYPES),
            device: rng.int(0, 3),
            daysAgo: rng.int(1, 4),
            minute: rng.int(8 * 60, 17 * 60),
            state: OTHER_STATES[i] as CampusAlertState,
            figures: rng.int(1, 4),
          })),
  }));
  const snapshots = schools.flatMap((s) => s.alerts.map((a) => demoSnapshot(rng, a.figures)));
  const moods = new Map<string, Record<(typeof EMOTIONS)[number], number>>();
  for (const school of district.schools) {
    for (const klass of school.campuses.flatMap((c) => c.grades.flatMap((g) => g.classes))) {
      // Most classes are calm and content; a few carry more sadness, so that the boards differ.
      const low = rng.next() < 0.15;
      moods.set(klass.key, {
        happy: 0.3 + rng.next() * 0.1,
        calm: 0.38 + rng.next() * 0.08,
        surprised: 0.06,
        sad: low ? 0.14 : 0.07,
        angry: 0.03,
        fearful: low ? 0.05 : 0.03,
      });
    }
  }
  return { schools, snapshots, moods };
}

/** A China-time instant: `daysAgo` days before today's China day, at `minute` of that day. */
function chinaTime(today: Date, daysAgo: number, minute: number): { at: number; day: string } {
  const day = chinaDay(today.getTime() - daysAgo * DAY_MS);
  return { at: Date.parse(`${day}T00:00:00+08:00`) + minute * 60_000, day };
}

/** A sample's emotions as whole thousandths of a face, adding up to the faces exactly (decision 0100). */
function thousandths(shares: Record<(typeof EMOTIONS)[number], number>, faces: number): EmotionColumns {
  const sum = EMOTIONS.reduce((n, e) => n + shares[e], 0);
  const parts = Object.fromEntries(
    EMOTIONS.map((e) => [e, Math.round((shares[e] / sum) * faces * 1000)]),
  ) as unknown as EmotionColumns;
  parts.calm += faces * 1000 - EMOTIONS.reduce((n, e) => n + parts[e], 0);
  return parts;
}

export interface CampusSummary {
  devices: number;
  alerts: number;
  samples: number;
}

/**
 * Writes the campus pages' data in the district's transaction: each school's equipment, the
 * classes' emotion samples of the last seven days (school days, lesson hours) with their summaries,
 * a few behaviour alerts in each state of their handling with their snapshots (stored before, see
 * `snapshotPaths`) and timelines, a push rule, and the day report settings, with yesterday's report
 * queued on the outbox as the day report tick queues it.
 */
export async function writeCampus(
  trx: Trx,
  district: DistrictPlan,
  placed: { schoolIds: number[]; classIds: Map<string, number> },
  plan: CampusPlan,
  snapshotPaths: string[],
  today: Date,
): Promise<CampusSummary> {
  const rng = new DemoRandom(CAMPUS_SEED + 1);
  const schoolAdmin = await userIdOf(trx, 'demo_school');
  let alerts = 0;
  let devices = 0;
  let samples = 0;
  for (const [s, school] of district.schools.entries()) {
    const schoolId = placed.schoolIds[s] as number;
    const handlers = await psychologyTeachersOf(trx, schoolId);
    const [first, second] = handlers;
    const admin = s === 0 && schoolAdmin !== undefined ? schoolAdmin : (first as number);
    const lastSeen = chinaTime(today, 1, 17 * 60 + 30).at;
    const deviceIds = await insertDemoDevices(
      trx,
      schoolId,
      DEVICES.map((d) => ({
        ...d,
        // Never shown again and unknown to anyone: the demo's equipment sends nothing (decision 0144).
        device_key: `cd_${randomBytes(12).toString('hex')}`,
        secret: randomBytes(32).toString('base64url'),
        last_seen_at: lastSeen,
        created_by: admin,
      })),
    );
    devices += deviceIds.length;

    // A week of lessons: each class's terminal sample per lesson hour of each school day.
    const rows: Parameters<typeof insertDemoEmotions>[1] = [];
    const classes = school.campuses.flatMap((c) => c.grades.flatMap((g) => g.classes));
    for (let daysAgo = 7; daysAgo >= 1; daysAgo--) {
      const { at: midnight, day } = chinaTime(today, daysAgo, 0);
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      for (const klass of classes) {
        const mood = plan.moods.get(klass.key);
        const classId = placed.classIds.get(klass.key);
        if (!mood || classId === undefined) continue;
        for (const hour of LESSON_HOURS) {
          const faces = Math.max(10, klass.students.length - rng.int(0, 4));
          // Mornings a little brighter than the end of the day.
          const drift = (hour - 12) / 200;
          const shares = {
            ...mood,
            happy: Math.max(0.05, mood.happy - drift + (rng.next() - 0.5) * 0.06),
            sad: Math.max(0.01, mood.sad + drift + (rng.next() - 0.5) * 0.03),
          };
          const at = midnight + hour * 3_600_000 + rng.int(5, 40) * 60_000;
          rows.push({
            device_id: deviceIds[TERMINAL] as number,
            school_id: schoolId,
            class_id: classId,
            sample_id: `demo-${classId}-${day}-${hour}`,
            occurred_at: at,
            received_at: at + 1_000,
            faces,
            day,
            hour,
            ...thousandths(shares, faces),
          });
        }
      }
    }
    await insertDemoEmotions(trx, rows);
    samples += rows.length;

    const schoolAlerts: DemoAlert[] =
      plan.schools[s]?.alerts.map((a, i) => {
        const { at } = chinaTime(today, a.daysAgo, a.minute);
        const received = at + 2_000;
        const holder = a.state === 'handedOver' ? (second ?? admin) : null;
        const by = first ?? admin;
        const step = (action: string, minutes: number, result: string | null = null, byId = by) => ({
          action,
          byId,
          toId: action === 'handOver' ? holder : null,
          result,
          at: received + minutes * 60_000,
        });
        const steps: DemoAlert['steps'] = [{ ...step('report', 0), byId: null }];
        if (a.state !== 'new' && a.state !== 'falseAlarm') steps.push(step('acknowledge', 4));
        if (a.state === 'handedOver') steps.push(step('handOver', 9, '请到现场了解情况并联系家长'));
        if (a.state === 'solved') steps.push(step('solve', 35, '已到现场处理，学生情绪稳定，已告知班主任'));
        if (a.state === 'falseAlarm') steps.push(step('falseAlarm', 6, '值班保安确认为正常巡查', admin));
        const snapshot = snapshotPaths[alerts + i] ?? null;
        return {
          device_id: deviceIds[a.device] as number,
          school_id: schoolId,
          event_id: `demo-${schoolId}-${i + 1}`,
          type: a.type,
          state: a.state,
          occurred_at: at,
          received_at: received,
          snapshot,
          holder_id: holder,
          steps,
        };
      }) ?? [];
    await insertDemoAlerts(trx, schoolAlerts);
    alerts += schoolAlerts.length;

    // Those told and reported to are the school's staff (teachers): its psychology teachers.
    const people = handlers.length > 0 ? handlers : [admin];
    await insertDemoPushRules(trx, {
      school_id: schoolId,
      name: '安全事件值班提醒',
      types: 'fight,climbing,fall,intrusion',
      user_ids: people.join(','),
      channels: 'site',
      from_minute: 0,
      to_minute: 24 * 60,
      created_by: admin,
    });
    // Sent at 07:30 China time; yesterday's is queued now, so that it arrives once the jobs run.
    await saveDemoDayReport(trx, {
      school_id: schoolId,
      enabled: true,
      minute: 7 * 60 + 30,
      user_ids: people.join(','),
      contents: CAMPUS_DAY_REPORT_CONTENTS.join(','),
      updated_by: admin,
    });
    const yesterday = chinaDay(today.getTime() - DAY_MS);
    await insertJob(
      trx,
      {
        kind: CAMPUS_DAY_REPORT,
        payload: { schoolId, day: yesterday },
        dedupeKey: `${CAMPUS_DAY_REPORT}:${schoolId}:${yesterday}`,
      },
      Date.now(),
    );
  }
  return { devices, alerts, samples };
}
