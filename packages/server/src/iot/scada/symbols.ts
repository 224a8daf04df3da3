import { AppError } from '../../platform/http/errors.ts';
import { findFileByPath } from '../../portal/files/repository.ts';
import { type FilesContext, removeStoredFiles } from '../../portal/files/store.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { screensDrawing } from './repository.ts';

/** How many screens a refusal names; the rest are counted. */
const NAMED = 3;

/**
 * Deletes one of the caller's symbols from their library (decision 0154): refused, naming the
 * screens, while any screen draws it in its draft or in a kept version, so that no screen and no
 * version a roll back may bring back loses its drawing.
 */
export async function removeSymbol(actor: Actor, files: FilesContext, path: string): Promise<void> {
  const file = await findFileByPath(actor.db, path);
  if (!file || file.owner_id !== actor.auth.userId || file.purpose !== 'symbol')
    throw new AppError(404, 'scada.symbolNotFound');
  const using = await screensDrawing(actor.db, path, NAMED);
  if (using.count > 0) {
    const screens = using.names.map((name) => `“${name}”`).join(', ');
    if (using.count > NAMED)
      throw new AppError(409, 'scada.symbolInUseMore', {
        params: { screens, more: using.count - NAMED },
      });
    throw new AppError(409, 'scada.symbolInUse', { params: { screens } });
  }
  const removed = await removeStoredFiles(actor.db, files.stores, [Number(file.id)], files.log);
  if (removed.length === 0) throw new AppError(503, 'scada.symbolNotRemoved');
}
