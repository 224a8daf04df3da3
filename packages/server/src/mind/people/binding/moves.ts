import { Identity } from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { grantIdentity, updateUser } from '../../../portal/accounts/repository.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import {
  insertLog,
  moveRolesWithin,
  revokeIdentity,
  setRosterUser,
  type TeacherWithAccount,
  unboundIfBare,
} from './repository.ts';
import type { BindingAction, RosterKind } from './tables.ts';

type Trx = Transaction<Database>;

/** Writes one line of the roster bind log: the change, who made it and from where. */
export function logBinding(
  trx: Trx,
  actor: Actor,
  line: {
    action: BindingAction;
    kind: RosterKind;
    rosterId: number;
    schoolId: number;
    userId: number | null;
    fromUserId: number | null;
  },
) {
  return insertLog(trx, {
    at: Date.now(),
    action: line.action,
    kind: line.kind,
    roster_id: line.rosterId,
    school_id: line.schoolId,
    user_id: line.userId,
    from_user_id: line.fromUserId,
    by_user_id: actor.auth.userId,
    ip: actor.request.ip,
    user_agent: actor.request.headers['user-agent']?.slice(0, 300) ?? null,
  });
}

/**
 * Moves a teacher record to another account: the staff identity at the school and the roles held
 * inside it go along, the receiving account is no longer unbound. An account nobody ever signed
 * in to (one an import or an administrator made) is disabled once its record leaves, and its
 * phone is freed for the person's real account; a used account keeps existing, unbound if bare.
 */
export async function moveTeacher(trx: Trx, teacher: TeacherWithAccount, toUserId: number): Promise<void> {
  const from = teacher.user_id;
  await setRosterUser(trx, 'teacher', teacher.id, toUserId);
  await grantIdentity(trx, toUserId, Identity.staff, teacher.school_id);
  await revokeIdentity(trx, toUserId, Identity.unbound);
  await moveRolesWithin(trx, from, toUserId, teacher.school_path);
  await revokeIdentity(trx, from, Identity.staff, teacher.school_id);
  if (teacher.last_login_at === null) await updateUser(trx, from, { status: 'disabled', phone: null });
  else await unboundIfBare(trx, from);
}

/** The identity a kind of roster entry gives its account, and the organisation it is held at. */
export function identityOf(kind: 'student' | 'parent', row: { org_id?: number; school_id: number }) {
  return kind === 'student'
    ? { identityId: Identity.student, orgId: row.org_id ?? row.school_id }
    : { identityId: Identity.parent, orgId: row.school_id };
}

/** Gives a student or parent entry to an account: the entry's identity, no longer unbound. */
export async function attach(
  trx: Trx,
  kind: 'student' | 'parent',
  row: { id: number; org_id?: number; school_id: number },
  userId: number,
) {
  const { identityId, orgId } = identityOf(kind, row);
  await setRosterUser(trx, kind, row.id, userId);
  await grantIdentity(trx, userId, identityId, orgId);
  await revokeIdentity(trx, userId, Identity.unbound);
}

/** Takes a student or parent entry from its account: the account keeps existing and loses the identity. */
export async function detach(
  trx: Trx,
  kind: 'student' | 'parent',
  row: { id: number; org_id?: number; school_id: number },
  userId: number,
) {
  const { identityId, orgId } = identityOf(kind, row);
  await setRosterUser(trx, kind, row.id, null);
  // One student entry per account: every student identity goes, wherever the student was moved since.
  await revokeIdentity(trx, userId, identityId, kind === 'student' ? undefined : orgId);
  await unboundIfBare(trx, userId);
}
