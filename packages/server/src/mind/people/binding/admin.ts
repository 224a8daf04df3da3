import {
  type bindAccount,
  type bindLogQuery,
  Identity,
  type RosterKindName,
  type rosterRef,
  type transferAccount,
  translate,
} from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../platform/db/schema.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { canSeeUser, type Scope, scopeOf } from '../../../portal/access/scope.ts';
import { accountTaken, findUserById, findUserByPhone, insertUser } from '../../../portal/accounts/repository.ts';
import { audit } from '../../../portal/audit/service.ts';
import { hashPassword } from '../../../portal/identity/secrets.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { readDefaultPassword } from '../../../portal/policy/service.ts';
import { schoolsUnder } from '../imports/data-check-repository.ts';
import { findParent } from '../students/parents-repository.ts';
import { findStudent } from '../students/repository.ts';
import { studentScopeOf } from '../students/scope.ts';
import { findTeacherOfUser } from '../teachers/repository.ts';
import { writableTeacher } from '../teachers/service.ts';
import { attach, detach, logBinding, moveTeacher } from './moves.ts';
import {
  identityIds,
  logPage,
  parentOfUserAt,
  rosterNames,
  studentOfUser,
  type TeacherWithAccount,
  teacherById,
} from './repository.ts';

type Roster =
  | {
      kind: 'student';
      id: number;
      schoolId: number;
      userId: number | null;
      name: string;
      no: string;
      row: { id: number; org_id: number; school_id: number };
    }
  | {
      kind: 'parent';
      id: number;
      schoolId: number;
      userId: number | null;
      name: string;
      no: string;
      row: { id: number; school_id: number };
    }
  | {
      kind: 'teacher';
      id: number;
      schoolId: number;
      userId: number;
      name: string;
      no: string;
      teacher: TeacherWithAccount;
    };

const notFound = () => new AppError(404, 'binding.rosterNotFound');

/** The roster entry named in the call, if the caller's scope holds it; elsewhere it does not exist for them. */
async function rosterInScope(actor: Actor, scope: Scope, kind: RosterKindName, id: number): Promise<Roster> {
  if (kind === 'teacher') {
    await writableTeacher(actor, scope, id);
    const teacher = await teacherById(actor.db, id);
    if (!teacher) throw notFound();
    const base = { kind, id, schoolId: teacher.school_id, userId: teacher.user_id, name: teacher.name };
    return { ...base, no: teacher.teacher_no, teacher };
  }
  const students = await studentScopeOf(actor.db, actor.auth);
  if (kind === 'student') {
    const row = await findStudent(actor.db, students, id);
    if (!row) throw notFound();
    return { kind, id, schoolId: row.school_id, userId: row.user_id, name: row.name, no: row.student_no, row };
  }
  const row = await findParent(actor.db, students, id);
  if (!row) throw notFound();
  return { kind, id, schoolId: row.school_id, userId: row.user_id, name: row.name, no: row.phone, row };
}

/** An account the caller may bind: one inside their scope, or one not yet bound to any organisation. */
async function accountFor(actor: Actor, scope: Scope, userId: number) {
  const user = await findUserById(actor.db, userId);
  const unbound = (await identityIds(actor.db, userId)).every((id) => id === Identity.unbound);
  if (!user || !(unbound || (await canSeeUser(actor.db, scope, userId))))
    throw new AppError(404, 'binding.accountNotFound');
  return user;
}

/** One account holds at most one student record, one teacher record, one parent record per school. */
async function refuseSecondRecord(actor: Actor, roster: Roster, userId: number): Promise<void> {
  const holds =
    roster.kind === 'student'
      ? await studentOfUser(actor.db, userId)
      : roster.kind === 'teacher'
        ? await findTeacherOfUser(actor.db, userId)
        : await parentOfUserAt(actor.db, userId, roster.schoolId);
  if (holds) {
    throw new AppError(409, 'binding.accountHasRecord', {
      params: { kind: translate(`binding.kind.${roster.kind}`, actor.lang) },
    });
  }
}

/** Whether someone uses the entry now: a teacher's account once signed in to; a student's or parent's any account. */
const isBound = (r: Roster) => (r.kind === 'teacher' ? r.teacher.last_login_at !== null : r.userId !== null);

async function change(actor: Actor, roster: Roster, action: 'bind' | 'transfer' | 'unbind', to: number | null) {
  await actor.db.transaction().execute(async (trx) => {
    const from = roster.userId;
    if (roster.kind === 'teacher') await moveTeacher(trx, roster.teacher, to ?? (await placeholder(trx, roster)));
    else {
      if (from !== null) await detach(trx, roster.kind, roster.row, from);
      if (to !== null) await attach(trx, roster.kind, roster.row, to);
    }
    const fromUserId = isBound(roster) || action !== 'bind' ? from : null;
    await logBinding(trx, actor, {
      action,
      kind: roster.kind,
      rosterId: roster.id,
      schoolId: roster.schoolId,
      userId: to,
      fromUserId,
    });
    await audit(trx, actor.request, {
      action: `${action}Account`,
      targetType: roster.kind,
      targetId: roster.id,
      detail: { fromUserId: from, toUserId: to },
    });
  });
}

/** A free account name from `base`, with a short suffix when taken; bounded, within the 20 characters of the rule. */
export async function freeAccount(db: Transaction<Database>, base: string): Promise<string> {
  const name = base.slice(0, 20);
  if (!(await accountTaken(db, name))) return name;
  for (let n = 1; n <= 50; n++) {
    const candidate = `${name.slice(0, 17)}_${n}`;
    if (!(await accountTaken(db, candidate))) return candidate;
  }
  throw new AppError(409, 'peopleImport.accountTaken');
}

/** A new account with the policy's default password for a roster entry: the person changes it at first sign-in. */
async function newAccount(trx: Transaction<Database>, roster: Roster): Promise<{ id: number; account: string }> {
  const prefix = roster.kind === 'student' ? 's' : roster.kind === 'teacher' ? 't' : 'p';
  const account = await freeAccount(
    trx,
    roster.kind === 'parent' ? roster.no : `${prefix}${roster.schoolId}_${roster.no}`,
  );
  const phone = roster.kind === 'parent' && !(await findUserByPhone(trx, roster.no)) ? roster.no : null;
  const id = await insertUser(trx, {
    account,
    password_hash: await hashPassword((await readDefaultPassword(trx)).password),
    nickname: roster.name,
    phone,
    status: 'enabled',
    default_pass: true,
    password_changed_at: Date.now(),
    user_type: 'staff',
  });
  return { id, account };
}

/** A teacher released from a person's account is held by a fresh account nobody has used, as after an import. */
async function placeholder(trx: Transaction<Database>, roster: Roster): Promise<number> {
  return (await newAccount(trx, roster)).id;
}

/** `checkAndBindUser`: the entry's account, made now (default password) when it has none. */
export async function checkAndBind(actor: Actor, input: z.infer<typeof rosterRef>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const roster = await rosterInScope(actor, scope, input.kind, input.rosterId);
  if (roster.userId !== null) {
    const user = await findUserById(actor.db, roster.userId);
    return {
      kind: roster.kind,
      rosterId: roster.id,
      userId: roster.userId,
      account: user?.account ?? null,
      created: false,
    };
  }
  const made = await actor.db.transaction().execute(async (trx) => {
    const account = await newAccount(trx, roster);
    if (roster.kind !== 'teacher') await attach(trx, roster.kind, roster.row, account.id);
    await logBinding(trx, actor, {
      action: 'bind',
      kind: roster.kind,
      rosterId: roster.id,
      schoolId: roster.schoolId,
      userId: account.id,
      fromUserId: null,
    });
    await audit(trx, actor.request, {
      action: 'checkAndBindUser',
      targetType: roster.kind,
      targetId: roster.id,
      detail: { userId: account.id },
    });
    return account;
  });
  return { kind: roster.kind, rosterId: roster.id, userId: made.id, account: made.account, created: true };
}

async function answer(actor: Actor, roster: Roster, userId: number | null) {
  const user = userId === null ? undefined : await findUserById(actor.db, userId);
  return { kind: roster.kind, rosterId: roster.id, userId, account: user?.account ?? null, created: false };
}

/** `bindAccount`: an administrator binds an existing account to an entry nobody uses yet. */
export async function bindExisting(actor: Actor, input: z.infer<typeof bindAccount>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const roster = await rosterInScope(actor, scope, input.kind, input.rosterId);
  await accountFor(actor, scope, input.userId);
  if (roster.userId === input.userId) throw new AppError(409, 'binding.sameAccount');
  if (isBound(roster)) throw new AppError(409, 'binding.alreadyBound');
  await refuseSecondRecord(actor, roster, input.userId);
  await change(actor, roster, 'bind', input.userId);
  return answer(actor, roster, input.userId);
}

/** `transferAccount`: moves an entry from the account using it to another. */
export async function transfer(actor: Actor, input: z.infer<typeof transferAccount>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const roster = await rosterInScope(actor, scope, input.kind, input.rosterId);
  if (roster.userId === null) throw new AppError(409, 'binding.notBound');
  await accountFor(actor, scope, input.toUserId);
  if (roster.userId === input.toUserId) throw new AppError(409, 'binding.sameAccount');
  await refuseSecondRecord(actor, roster, input.toUserId);
  await change(actor, roster, 'transfer', input.toUserId);
  return answer(actor, roster, input.toUserId);
}

/** `unbindAccount`: releases an entry; the account keeps existing and loses the identity the entry gave it. */
export async function unbind(actor: Actor, input: z.infer<typeof rosterRef>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const roster = await rosterInScope(actor, scope, input.kind, input.rosterId);
  if (!isBound(roster)) throw new AppError(409, 'binding.notBound');
  await change(actor, roster, 'unbind', null);
  return answer(actor, roster, null);
}

/** The roster bind log of the caller's schools, newest first (`/data/accountBindManage`). */
export async function bindLog(actor: Actor, query: z.infer<typeof bindLogQuery>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const schools = scope.all ? null : await schoolsUnder(actor.db, scope.orgPaths);
  const { page, size, ...filters } = query;
  const result = await logPage(actor.db, schools, filters, { page, size });
  const names = new Map<string, string>();
  for (const kind of ['student', 'teacher', 'parent'] as const) {
    const ids = result.list.filter((l) => l.kind === kind).map((l) => l.roster_id);
    for (const [id, name] of await rosterNames(actor.db, kind, ids)) names.set(`${kind}/${id}`, name);
  }
  return {
    ...result,
    list: result.list.map((l) => ({
      id: l.id,
      at: Number(l.at),
      action: l.action,
      kind: l.kind,
      rosterId: l.roster_id,
      rosterName: names.get(`${l.kind}/${l.roster_id}`) ?? null,
      schoolId: l.school_id,
      userId: l.user_id,
      account: l.account,
      fromUserId: l.from_user_id,
      fromAccount: l.from_account,
      byUserId: l.by_user_id,
      byAccount: l.by_account,
      ip: l.ip,
    })),
  };
}
