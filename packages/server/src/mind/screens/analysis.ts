import {
  INTERVENTION_KINDS,
  type LocalText,
  MOOD_LIMITS,
  type MoodWeek,
  type NewestScaleInfo,
  shiftDay,
  translate,
} from '@meridian/contracts';
import { fromJson, toBool } from '../../platform/db/sql.ts';
import { formatDate } from '../../platform/time.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { resultsOf } from '../archive/repository.ts';
import { readArchive } from '../archive/service.ts';
import { pinnedDefinition } from '../assessments/scales.ts';
import { entriesBetween } from '../mood/repository.ts';
import { levelRows } from '../warnings/repository.ts';

/** The days `lastSevenDaysMood` covers, today included. */
const WEEK = 7;

/**
 * analysis/itemStatus/lastSevenDaysMood (decision 0132): the student's mood of each of the last seven
 * China-time days, a day without an entry null. A read of the student's file: scoped and audited.
 */
export async function lastSevenDaysMood(actor: Actor, studentId: number): Promise<MoodWeek> {
  const student = await readArchive(actor, studentId, 'lastSevenDaysMood');
  const today = formatDate(Date.now());
  const first = shiftDay(today, 1 - WEEK);
  const entries = await entriesBetween(actor.db, student.id, first, today);
  const byDay = new Map(entries.map((e) => [e.day, Number(e.mood)]));
  const days = Array.from({ length: WEEK }, (_, i) => shiftDay(first, i));
  return { days: days.map((day) => ({ day, mood: byDay.get(day) ?? null })), moodMax: MOOD_LIMITS.moodMax };
}

/** analysis/itemStatus/newestScaleInfo (decision 0132): the student's most recent result, scoped and audited. */
export async function newestScaleInfoOf(actor: Actor, studentId: number): Promise<NewestScaleInfo> {
  const student = await readArchive(actor, studentId, 'newestScaleInfo');
  // A student has a handful of results, oldest first: the newest is the last.
  const row = (await resultsOf(actor.db, student.id)).at(-1);
  if (!row) return null;
  const definition = await pinnedDefinition(actor.db, Number(row.version_id));
  const band = definition.bands?.find((b) => b.id === row.band);
  return {
    resultId: Number(row.id),
    scaleId: Number(row.scale_id),
    scaleName: { 'zh-CN': row.name_zh, en: row.name_en || row.name_zh },
    submittedAt: Number(row.submitted_at),
    valid: toBool(row.valid),
    total: row.total === null ? null : Number(row.total),
    band: band ? { id: band.id, label: band.label } : null,
    warningLevel: row.warning_level,
  };
}

/** analysis/itemStatus/code/earlyWarningItem (decision 0132): the warning levels, most severe first. */
export async function warningLevelCodesOf(actor: Actor) {
  return (await levelRows(actor.db)).map((l) => ({
    code: l.code,
    name: fromJson<LocalText>(l.name),
    colour: l.colour,
  }));
}

/** analysis/itemStatus/code/intervene (decision 0132): the kinds of intervention record, named in both languages. */
export function interveneCodesOf() {
  return INTERVENTION_KINDS.map((code) => ({
    code,
    name: {
      'zh-CN': translate(`screen.code.intervene.${code}`, 'zh-CN'),
      en: translate(`screen.code.intervene.${code}`, 'en'),
    },
  }));
}
