import { Identity } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { studentScopeOf } from '../people/students/scope.ts';
import type { EmotionScope } from './repository.ts';

/** The caller's schools and classes, for the emotion boards, log and alerts; students and parents see none. */
export async function scopeOf(actor: Actor): Promise<EmotionScope> {
  const { identityId, superAdmin } = actor.auth;
  if (!superAdmin && (identityId === Identity.student || identityId === Identity.parent)) {
    throw new AppError(403, 'auth.forbidden');
  }
  const scope = await studentScopeOf(actor.db, actor.auth);
  return {
    all: scope.all,
    schoolIds: scope.schoolIds.map(Number),
    classIds: scope.classIds.map(Number),
    orgPaths: scope.orgPaths,
  };
}
