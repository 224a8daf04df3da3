import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Auth } from '../../portal/sessions/service.ts';
import type { DeviceRight } from './access.ts';
import { deviceLevelOf } from './repository.ts';

/**
 * Device level 1-3 (spec sections 5, 6, 9) is a ceiling on what a user may do to devices, whatever
 * gives them the device (ownership, a project, a grant): level 1 watches (view, history), level 2
 * also operates (edit, add, apply templates, write points, debug, DTU settings), level 3 also
 * deletes. No level set means no ceiling (decision 0041).
 */
export const LEVEL_NEEDED: Record<DeviceRight, number> = { view: 1, edit: 2, delete: 3 };

/** Whether `level` allows `right` (null: no ceiling). */
export const levelAllows = (level: number | null, right: DeviceRight) => level === null || level >= LEVEL_NEEDED[right];

/** Refuses `right` to a caller whose device level is below it, naming their level. */
export async function refuseBelowLevel(db: Kysely<Database>, auth: Auth, right: DeviceRight): Promise<void> {
  if (right === 'view' || auth.superAdmin) return;
  const level = await deviceLevelOf(db, auth.userId);
  if (levelAllows(level, right)) return;
  throw new AppError(403, right === 'delete' ? 'device.level.noDelete' : 'device.level.viewOnly', {
    params: { level: level ?? 0, needed: LEVEL_NEEDED[right] },
  });
}
