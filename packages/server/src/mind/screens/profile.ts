import {
  type LocalText,
  type MindProfile,
  MOOD_LIMITS,
  optionsOf,
  type ScaleDefinition,
  shiftDay,
} from '@meridian/contracts';
import { fromJson, toBool } from '../../platform/db/sql.ts';
import { formatDate } from '../../platform/time.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { warningsOf } from '../archive/repository.ts';
import { readArchive } from '../archive/service.ts';
import { pinnedDefinition } from '../assessments/scales.ts';
import { type StoredScore, scoreOf } from '../assessments/stored-score.ts';
import { entriesBetween } from '../mood/repository.ts';
import { levelRows } from '../warnings/repository.ts';
import { interventionCountOf, orgNames, profileResultsOf } from './repository.ts';

/** How many days of mood the profile shows. */
const MOOD_DAYS = 30;

/** The highest score a dimension can reach: each item's highest option, summed or (for a mean) averaged. */
export function dimensionMax(definition: ScaleDefinition, itemIds: readonly string[], method: 'sum' | 'mean'): number {
  const highest = itemIds.map((id) => {
    const item = definition.items.find((i) => i.id === id);
    const scores = item ? optionsOf(definition, item).map((o) => o.score) : [];
    return scores.length > 0 ? Math.max(...scores) : 0;
  });
  const sum = highest.reduce((a, b) => a + b, 0);
  return method === 'mean' && highest.length > 0 ? Math.round((sum / highest.length) * 100) / 100 : sum;
}

/**
 * `apis-psychology-audit/screen/mindProfile`: one student's mind profile. A read of the student's file, so the
 * archive's scope and audit (decision 0105): a student outside the scope is refused and the refusal
 * logged, every read is written to the audit log.
 */
export async function mindProfileOf(actor: Actor, studentId: number): Promise<MindProfile> {
  const student = await readArchive(actor, studentId, 'mindProfile');
  const db = actor.db;
  const today = formatDate(Date.now());
  const [results, warnings, interventions, moods, places, levels] = await Promise.all([
    profileResultsOf(db, student.id),
    warningsOf(db, student.id),
    interventionCountOf(db, student.id),
    entriesBetween(db, student.id, shiftDay(today, 1 - MOOD_DAYS), today),
    orgNames(db, [student.school_id, student.org_id]),
    levelRows(db),
  ]);
  // The latest result of each scale, in the order the scales were first answered.
  const latest = new Map<number, { row: (typeof results)[number]; count: number }>();
  for (const row of results) {
    latest.set(row.scale_id, { row, count: (latest.get(row.scale_id)?.count ?? 0) + 1 });
  }
  const scales: MindProfile['scales'] = [];
  for (const { row, count } of latest.values()) {
    const definition = await pinnedDefinition(db, Number(row.version_id));
    const score = scoreOf(fromJson<StoredScore>(row.score), definition);
    const band = definition.bands?.find((b) => b.id === row.band);
    scales.push({
      scaleId: row.scale_id,
      scaleName: { 'zh-CN': row.name_zh, en: row.name_en || row.name_zh },
      results: count,
      submittedAt: Number(row.submitted_at),
      valid: toBool(row.valid),
      total: row.total === null ? null : Number(row.total),
      band: band ? { id: band.id, label: band.label } : null,
      warningLevel: row.warning_level,
      dimensions: score.factors
        .filter((f) => !f.validity)
        .map((f) => {
          const factor = definition.factors.find((x) => x.id === f.id);
          return {
            id: f.id,
            name: f.name,
            score: f.score,
            max: factor ? dimensionMax(definition, factor.items, factor.method) : f.score,
            band: f.band ? { id: f.band.id, label: f.band.label } : null,
          };
        }),
    });
  }
  const nameOf = (id: number) => places.find((p) => p.id === id)?.name ?? '';
  return {
    student: {
      id: student.id,
      name: student.name,
      studentNo: student.student_no || null,
      schoolName: nameOf(student.school_id),
      className: nameOf(student.org_id),
    },
    scales,
    warnings: warnings.map((w) => ({
      id: w.id,
      level: w.level,
      state: w.state,
      reason: fromJson<LocalText | null>(w.reason),
      createdAt: Number(w.created_at),
      closedAt: w.closed_at === null ? null : Number(w.closed_at),
    })),
    levels: levels.map((l) => ({ code: l.code, name: fromJson<LocalText>(l.name), colour: l.colour })),
    interventions,
    moods: moods.map((m) => ({ day: m.day, mood: Number(m.mood) })),
    moodMax: MOOD_LIMITS.moodMax,
  };
}
