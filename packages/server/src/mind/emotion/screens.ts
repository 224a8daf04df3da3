import {
  EMOTION_SCREEN,
  type EmotionDistrictScreen,
  type EmotionNodeScreenQuery,
  type EmotionScreenQuery,
} from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { type BoardFilter, classesOver, orgOfType, schoolDays } from './repository.ts';
import { scopeOf } from './scope.ts';
import { add, checkRange, periodOf, totalsOf } from './service.ts';

// The district emotion screens (districtScreenEmotion and its sub-district variant, decision 0119):
// schools compared, the trend and the classes over the threshold, from the class-day summaries only.

/** The district emotion screen over the caller's whole scope. */
export async function districtEmotion(actor: Actor, q: EmotionScreenQuery): Promise<EmotionDistrictScreen> {
  checkRange(q.from, q.to);
  const scope = await scopeOf(actor);
  return districtFigures(actor, { scope, from: q.from, to: q.to }, q.by, null);
}

/**
 * The same narrowed to one organisation node (a sub-district's bureau): the node must lie inside
 * the caller's area, else it is refused in words rather than answered with zeros.
 */
export async function nodeEmotion(actor: Actor, q: EmotionNodeScreenQuery): Promise<EmotionDistrictScreen> {
  checkRange(q.from, q.to);
  const scope = await scopeOf(actor);
  const node = await orgOfType(actor.db, q.orgId, 'bureau');
  if (!node || !(scope.all || scope.orgPaths.some((path) => node.path.startsWith(path)))) {
    throw new AppError(403, 'emotion.notOrg');
  }
  const filter: BoardFilter = { scope, from: q.from, to: q.to, underPath: node.path };
  return districtFigures(actor, filter, q.by, { id: Number(node.id), name: node.name });
}

async function districtFigures(
  actor: Actor,
  filter: BoardFilter,
  by: EmotionScreenQuery['by'],
  org: EmotionDistrictScreen['org'],
): Promise<EmotionDistrictScreen> {
  const threshold = EMOTION_SCREEN.negativeThreshold;
  const [days, over] = await Promise.all([
    schoolDays(actor.db, filter),
    classesOver(actor.db, filter, Math.round(threshold * 1000)),
  ]);
  const total: Record<string, number> = {};
  const periods = new Map<string, Record<string, number>>();
  const schools = new Map<number, { name: string; sum: Record<string, number> }>();
  for (const row of days) {
    add(total, row);
    const period = periodOf(row.day, by);
    const p = periods.get(period) ?? {};
    add(p, row);
    periods.set(period, p);
    const id = Number(row.school_id);
    const s = schools.get(id) ?? { name: row.school_name, sum: {} };
    add(s.sum, row);
    schools.set(id, s);
  }
  const overPerSchool = new Map<number, number>();
  for (const c of over) overPerSchool.set(Number(c.school_id), (overPerSchool.get(Number(c.school_id)) ?? 0) + 1);
  const classes = over
    .map((c) => {
      const sum: Record<string, number> = {};
      add(sum, c);
      const t = totalsOf(sum);
      return {
        classId: Number(c.class_id),
        className: c.class_name,
        schoolName: c.school_name,
        negative: t.negative,
        faces: t.faces,
      };
    })
    .sort((a, b) => b.negative - a.negative || a.schoolName.localeCompare(b.schoolName));
  return {
    org,
    total: totalsOf(total),
    schools: [...schools.entries()]
      .map(([schoolId, s]) => ({
        schoolId,
        schoolName: s.name,
        classesOver: overPerSchool.get(schoolId) ?? 0,
        ...totalsOf(s.sum),
      }))
      .sort((a, b) => b.negative - a.negative || a.schoolName.localeCompare(b.schoolName)),
    trend: [...periods.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([period, sum]) => ({ period, ...totalsOf(sum) })),
    threshold,
    classesOver: classes.slice(0, EMOTION_SCREEN.listed),
    classesOverTotal: classes.length,
  };
}
