import type { MoodNoteReaders, MoodSettingsSave } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope, schoolInScope } from '../archive/access.ts';
import { saveMoodSettings, schoolMoodSettings, settingsOfSchools } from './teacher-repository.ts';

/**
 * A school that saved nothing: low for 3 days in a row at "low" (2) or below, and notes read by
 * nobody but the student, as decision 0084 promised them until the school says otherwise.
 */
export const DEFAULT_MOOD_SETTINGS: MoodSettingsSave = { lowDays: 3, lowThreshold: 2, noteReaders: 'nobody' };

interface SavedRow {
  low_days: number | null;
  low_threshold: number | null;
  note_readers: string | null;
}

export function settingsOfRow(row: SavedRow | undefined): MoodSettingsSave {
  if (!row || row.low_days === null || row.low_threshold === null || row.note_readers === null) {
    return DEFAULT_MOOD_SETTINGS;
  }
  return {
    lowDays: Number(row.low_days),
    lowThreshold: Number(row.low_threshold),
    noteReaders: row.note_readers as MoodNoteReaders,
  };
}

/** The settings of each school, by id; schools without a row have the defaults. */
export async function settingsBySchool(actor: Pick<Actor, 'db'>, schoolIds: number[]) {
  const rows = await settingsOfSchools(actor.db, [...new Set(schoolIds)]);
  const bySchool = new Map(rows.map((r) => [Number(r.school_id), settingsOfRow(r)]));
  return (schoolId: number) => bySchool.get(schoolId) ?? DEFAULT_MOOD_SETTINGS;
}

/** The journal settings of the caller's schools (`moodJournalTest`). */
export async function readMoodSettings(actor: Actor) {
  const scope = await archiveScope(actor);
  const rows = await schoolMoodSettings(actor.db, { all: scope.all, ids: scope.schoolIds });
  return rows.map((row) => ({
    schoolId: Number(row.id),
    schoolName: row.name,
    ...settingsOfRow(row),
    updatedAt: row.updated_at === null ? null : Number(row.updated_at),
  }));
}

/** Saves one of the caller's schools' settings; audited, as it decides who reads students' notes. */
export async function saveSchoolMoodSettings(actor: Actor, schoolId: number, body: MoodSettingsSave) {
  const scope = await archiveScope(actor);
  if (!schoolInScope(scope, schoolId)) throw new AppError(404, 'mood.noSchool');
  const [school] = await schoolMoodSettings(actor.db, { all: false, ids: [schoolId] });
  if (!school) throw new AppError(404, 'mood.noSchool');
  const at = Date.now();
  await actor.db.transaction().execute(async (trx) => {
    await saveMoodSettings(
      trx,
      { school_id: schoolId, low_days: body.lowDays, low_threshold: body.lowThreshold, note_readers: body.noteReaders },
      actor.auth.userId,
      at,
    );
    await audit(trx, actor.request, { action: 'mood.settings', targetType: 'org', targetId: schoolId, detail: body });
  });
  return { schoolId, schoolName: school.name, ...body, updatedAt: at };
}
