import {
  type Distribution,
  EMOTION_LIMITS,
  EMOTIONS,
  type EmotionBoard,
  type EmotionBoardQuery,
  type EmotionLogQuery,
  type EmotionLogRow,
  type EmotionPeriod,
  type EmotionRecordDay,
  type EmotionSampleIn,
  type EmotionTotals,
  NEGATIVE_EMOTIONS,
  type Page,
} from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { signedDevice } from '../campus/intake.ts';
import { raiseOnCrossing } from '../emotion-alerts/service.ts';
import {
  addToSummaries,
  type BoardFilter,
  classDays,
  classOfSchool,
  hourSums,
  insertSample,
  orgOfType,
  sampleByKey,
  samplePage,
  schoolAbove,
} from './repository.ts';
import { scopeOf } from './scope.ts';
import type { EmotionColumns } from './tables.ts';

const DAY_MS = 86_400_000;
/** China time: a sample at 07:00 Beijing time belongs to that Beijing day and hour. */
const ZONE_MS = 8 * 3_600_000;

export function beijingDayHour(at: number): { day: string; hour: number } {
  const shifted = new Date(at + ZONE_MS);
  return { day: shifted.toISOString().slice(0, 10), hour: shifted.getUTCHours() };
}

/**
 * Stores one class emotion sample a signed device sent (docs/protocols/campus-events.md): once per
 * sample id, for a class of the device's own school, with shares adding up to 1; its class's hour
 * and day summaries grow in the same transaction, so that the boards never scan samples.
 */
export async function receiveSample(
  request: FastifyRequest,
  body: EmotionSampleIn,
): Promise<{ sampleId: number; duplicate: boolean }> {
  const device = signedDevice(request);
  const db = request.server.db.kysely;
  const sum = EMOTIONS.reduce((total, e) => total + body.emotions[e], 0);
  if (Math.abs(sum - 1) > EMOTION_LIMITS.sumTolerance) {
    request.log.warn({ deviceId: device.id, sum }, 'an emotion sample did not add up to 1');
    throw new AppError(400, 'emotion.badSum');
  }
  const known = await sampleByKey(db, device.id, body.sampleId);
  if (known) return { sampleId: Number(known.id), duplicate: true };
  const klass = await classOfSchool(db, body.classId, device.schoolPath);
  if (!klass) {
    request.log.warn(
      { deviceId: device.id, classId: body.classId },
      'an emotion sample named a class outside the school',
    );
    throw new AppError(400, 'emotion.unknownClass');
  }
  // Thousandths of a face, renormalised so that a sample's emotions add up to its faces exactly.
  const parts = Object.fromEntries(
    EMOTIONS.map((e) => [e, Math.round((body.emotions[e] / sum) * body.faces * 1000)]),
  ) as unknown as EmotionColumns;
  const { day, hour } = beijingDayHour(body.occurredAt);
  const id = await db.transaction().execute(async (trx) => {
    const sampleId = await insertSample(trx, {
      device_id: device.id,
      school_id: device.schoolId,
      class_id: body.classId,
      sample_id: body.sampleId,
      occurred_at: body.occurredAt,
      received_at: Date.now(),
      faces: body.faces,
      ...parts,
    });
    // Counted once: a sample that lost a race with its own retry adds nothing.
    if (sampleId !== undefined) {
      const soFar = await addToSummaries(trx, {
        school_id: device.schoolId,
        class_id: body.classId,
        day,
        hour,
        samples: 1,
        faces: body.faces,
        ...parts,
      });
      // An emotion alert crossing with this sample is raised with it (decision 0118).
      await raiseOnCrossing(trx, { schoolId: device.schoolId, classId: body.classId, day, ...soFar }, Date.now());
    }
    return sampleId;
  });
  if (id !== undefined) return { sampleId: id, duplicate: false };
  const stored = await sampleByKey(db, device.id, body.sampleId);
  if (!stored) throw new AppError(409, 'campus.replay');
  return { sampleId: Number(stored.id), duplicate: true };
}

type Sums = { samples: number | string; faces: number | string } & Record<keyof EmotionColumns, number | string>;

/** Adds summed rows together. */
export function add(into: Record<string, number>, row: Sums): void {
  into.samples = (into.samples ?? 0) + Number(row.samples);
  into.faces = (into.faces ?? 0) + Number(row.faces);
  for (const e of EMOTIONS) into[e] = (into[e] ?? 0) + Number(row[e]);
}

/** Sums as shares of the faces, rounded to thousandths. */
export function totalsOf(sum: Record<string, number>): EmotionTotals {
  const faces = sum.faces ?? 0;
  const share = (n: number) => (faces > 0 ? Math.round(n / faces) / 1000 : 0);
  const distribution = Object.fromEntries(EMOTIONS.map((e) => [e, share(sum[e] ?? 0)])) as Distribution;
  const negative = share(NEGATIVE_EMOTIONS.reduce((n, e) => n + (sum[e] ?? 0), 0));
  return { samples: sum.samples ?? 0, faces, distribution, negative };
}

/** The period a day falls in: itself, its week's Monday, or its month. */
export function periodOf(day: string, by: EmotionPeriod): string {
  if (by === 'day') return day;
  if (by === 'month') return day.slice(0, 7);
  const at = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(at).getUTCDay() + 6) % 7;
  return new Date(at - weekday * DAY_MS).toISOString().slice(0, 10);
}

export function checkRange(from: string, to: string): void {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  if (!Number.isFinite(days) || days < 0 || days >= EMOTION_LIMITS.rangeDaysMax) {
    throw new AppError(400, 'emotion.badRange', { rules: [{ field: 'from', key: 'emotion.badRange' }] });
  }
}

/** The board's filter, with the school or class it names checked against the scope. */
export async function filterOf(actor: Actor, q: Pick<EmotionBoardQuery, 'schoolId' | 'classId' | 'from' | 'to'>) {
  checkRange(q.from, q.to);
  const scope = await scopeOf(actor);
  const filter: BoardFilter = { scope, from: q.from, to: q.to };
  let school: { id: number; name: string } | null = null;
  let klass: { id: number; name: string } | null = null;
  if (q.classId !== undefined) {
    const row = await orgOfType(actor.db, q.classId, 'class');
    const above = row ? await schoolAbove(actor.db, row.path) : undefined;
    const schoolId = above ? Number(above.id) : -1;
    if (!row || !(scope.all || scope.schoolIds.includes(schoolId) || scope.classIds.includes(q.classId))) {
      throw new AppError(403, 'emotion.notClass');
    }
    klass = { id: Number(row.id), name: row.name };
    school = above ? { id: schoolId, name: above.name } : null;
    filter.classId = klass.id;
  } else if (q.schoolId !== undefined) {
    const row = await orgOfType(actor.db, q.schoolId, 'school');
    if (!row || !(scope.all || scope.schoolIds.includes(q.schoolId))) throw new AppError(403, 'emotion.notSchool');
    school = { id: Number(row.id), name: row.name };
    filter.schoolId = school.id;
  }
  return { filter, school, klass };
}

/**
 * A school's or a class's emotion board: its distribution over the days, its trend by day, week
 * or month, its classes compared (most negative first) and its hours of the day. Per class only:
 * a sample never names a student (decision 0100).
 */
export async function emotionBoard(actor: Actor, q: EmotionBoardQuery): Promise<EmotionBoard> {
  const { filter, school, klass } = await filterOf(actor, q);
  const [days, hours] = await Promise.all([classDays(actor.db, filter), hourSums(actor.db, filter)]);
  const total: Record<string, number> = {};
  const periods = new Map<string, Record<string, number>>();
  const classes = new Map<
    number,
    { name: string; sum: Record<string, number>; periods: Map<string, Record<string, number>> }
  >();
  for (const row of days) {
    add(total, row);
    const period = periodOf(row.day, q.by);
    const p = periods.get(period) ?? {};
    add(p, row);
    periods.set(period, p);
    const id = Number(row.class_id);
    const c = classes.get(id) ?? { name: row.class_name, sum: {}, periods: new Map() };
    add(c.sum, row);
    const cp = c.periods.get(period) ?? {};
    add(cp, row);
    c.periods.set(period, cp);
    classes.set(id, c);
  }
  return {
    schoolId: school?.id ?? null,
    schoolName: school?.name ?? null,
    classId: klass?.id ?? null,
    className: klass?.name ?? null,
    total: totalsOf(total),
    trend: [...periods.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([period, sum]) => ({ period, ...totalsOf(sum) })),
    classes: [...classes.entries()]
      .map(([classId, c]) => ({
        classId,
        className: c.name,
        ...totalsOf(c.sum),
        trend: [...c.periods.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([period, sum]) => ({ period, negative: totalsOf(sum).negative, faces: sum.faces ?? 0 })),
      }))
      .sort((a, b) => b.negative - a.negative || a.className.localeCompare(b.className)),
    hours: hours.map((row) => {
      const sum: Record<string, number> = {};
      add(sum, row);
      return { hour: Number(row.hour), ...totalsOf(sum) };
    }),
  };
}

/** A school's emotion record: one row per day with samples, newest first, with its most negative class. */
export async function emotionRecord(
  actor: Actor,
  q: Pick<EmotionBoardQuery, 'schoolId' | 'from' | 'to'>,
): Promise<EmotionRecordDay[]> {
  const { filter } = await filterOf(actor, { schoolId: q.schoolId, from: q.from, to: q.to });
  const rows = await classDays(actor.db, filter);
  const byDay = new Map<string, { sum: Record<string, number>; classes: Array<{ name: string; negative: number }> }>();
  for (const row of rows) {
    const d = byDay.get(row.day) ?? { sum: {}, classes: [] };
    add(d.sum, row);
    const one: Record<string, number> = {};
    add(one, row);
    d.classes.push({ name: row.class_name, negative: totalsOf(one).negative });
    byDay.set(row.day, d);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([day, d]) => {
      const worst = [...d.classes].sort((a, b) => b.negative - a.negative)[0];
      return {
        day,
        classes: d.classes.length,
        mostNegativeClass: worst?.name ?? null,
        mostNegative: worst?.negative ?? null,
        ...totalsOf(d.sum),
      };
    });
}

/**
 * The emotion log: the samples a school's (or a class's) devices sent over the days, newest first,
 * a page of them: what an administrator reads to check an installation. Still per class.
 */
export async function emotionLog(actor: Actor, q: EmotionLogQuery): Promise<Page<EmotionLogRow>> {
  const { filter } = await filterOf(actor, q);
  const from = Date.parse(`${q.from}T00:00:00Z`) - ZONE_MS;
  const to = Date.parse(`${q.to}T00:00:00Z`) - ZONE_MS + DAY_MS;
  const { rows, total } = await samplePage(actor.db, filter, from, to, q.page, q.size);
  return {
    list: rows.map((r) => {
      const sum: Record<string, number> = {};
      add(sum, { ...r, samples: 1 });
      const totals = totalsOf(sum);
      return {
        id: Number(r.id),
        occurredAt: Number(r.occurred_at),
        receivedAt: Number(r.received_at),
        deviceName: r.device_name,
        className: r.class_name,
        faces: Number(r.faces),
        distribution: totals.distribution,
        negative: totals.negative,
      };
    }),
    total,
    page: q.page,
    size: q.size,
  };
}
