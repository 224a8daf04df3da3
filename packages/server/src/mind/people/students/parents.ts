import type { PageQuery, ParentRelation, parent } from '@meridian/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import {
  childrenOf,
  deleteLink,
  deleteParent,
  findParent,
  insertLink,
  insertParent,
  linkOf,
  type ParentFilters,
  parentPage,
  parentPhoneTaken,
  updateParent,
} from './parents-repository.ts';
import { findStudent } from './repository.ts';
import { type StudentScope, studentScopeOf } from './scope.ts';
import type { ParentRow } from './tables.ts';

type Parent = z.infer<typeof parent>;

async function present(actor: Actor, scope: StudentScope, rows: ParentRow[]): Promise<Parent[]> {
  const children = await childrenOf(
    actor.db,
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    phone: r.phone,
    userId: r.user_id,
    schoolId: r.school_id,
    children: children
      .filter((c) => c.parent_id === r.id)
      .map((c) => ({ studentId: c.student_id, name: c.name, studentNo: c.student_no, relation: c.relation })),
  }));
}

async function parentInScopeOrThrow(actor: Actor, scope: StudentScope, id: number): Promise<ParentRow> {
  const row = await findParent(actor.db, scope, id);
  if (!row) throw new AppError(404, 'parent.notFound');
  return row;
}

async function studentOrThrow(actor: Actor, scope: StudentScope, id: number) {
  const row = await findStudent(actor.db, scope, id);
  if (!row) throw new AppError(404, 'student.notFound');
  return row;
}

/** One phone is one parent within a school: a second child is bound to the same parent, not a copy. */
async function refuseTakenPhone(actor: Actor, schoolId: number, phone: string, exceptId?: number): Promise<void> {
  if (await parentPhoneTaken(actor.db, schoolId, phone, exceptId)) {
    throw new AppError(409, 'parent.phoneTaken', { rules: [{ field: 'phone', key: 'parent.phoneTaken' }] });
  }
}

async function parentView(actor: Actor, scope: StudentScope, id: number): Promise<Parent> {
  const [view] = await present(actor, scope, [await parentInScopeOrThrow(actor, scope, id)]);
  if (!view) throw new AppError(404, 'parent.notFound');
  return view;
}

export async function listParents(actor: Actor, filters: ParentFilters, page: PageQuery) {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const result = await parentPage(actor.db, scope, filters, page);
  return { ...result, list: await present(actor, scope, result.list) };
}

/** A parent is added for one of their children, whose school registers them. */
export async function addParent(
  actor: Actor,
  input: { studentId: number; relation: ParentRelation; name: string; phone: string },
): Promise<Parent> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const child = await studentOrThrow(actor, scope, input.studentId);
  await refuseTakenPhone(actor, child.school_id, input.phone);
  const at = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const created = await insertParent(trx, {
      school_id: child.school_id,
      name: input.name,
      phone: input.phone,
      user_id: null,
      created_at: at,
      updated_at: at,
    });
    await insertLink(trx, created, child.id, input.relation);
    await audit(trx, actor.request, {
      action: 'addParent',
      targetType: 'parent',
      targetId: created,
      detail: { studentId: child.id, relation: input.relation },
    });
    return created;
  });
  return parentView(actor, scope, id);
}

export async function editParent(actor: Actor, input: { id: number; name?: string; phone?: string }): Promise<Parent> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await parentInScopeOrThrow(actor, scope, input.id);
  if (input.phone !== undefined && input.phone !== row.phone) {
    await refuseTakenPhone(actor, row.school_id, input.phone, row.id);
  }
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
  };
  await actor.db.transaction().execute(async (trx) => {
    await updateParent(trx, row.id, changes);
    await audit(trx, actor.request, {
      action: 'updateParent',
      targetType: 'parent',
      targetId: row.id,
      detail: { fields: Object.keys(changes) },
    });
  });
  return parentView(actor, scope, row.id);
}

export async function removeParent(actor: Actor, id: number): Promise<void> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await parentInScopeOrThrow(actor, scope, id);
  await actor.db.transaction().execute(async (trx) => {
    await deleteParent(trx, row.id);
    await audit(trx, actor.request, { action: 'removeParent', targetType: 'parent', targetId: row.id });
  });
}

export async function bindParent(
  actor: Actor,
  input: { parentId: number; studentId: number; relation: ParentRelation },
): Promise<Parent> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await parentInScopeOrThrow(actor, scope, input.parentId);
  const child = await studentOrThrow(actor, scope, input.studentId);
  if (child.school_id !== row.school_id) throw new AppError(400, 'parent.otherSchool');
  if (await linkOf(actor.db, row.id, child.id)) throw new AppError(409, 'parent.alreadyBound');
  await actor.db.transaction().execute(async (trx) => {
    await insertLink(trx, row.id, child.id, input.relation);
    await audit(trx, actor.request, {
      action: 'bindParent',
      targetType: 'parent',
      targetId: row.id,
      detail: { studentId: child.id, relation: input.relation },
    });
  });
  return parentView(actor, scope, row.id);
}

export async function unbindParent(actor: Actor, input: { parentId: number; studentId: number }): Promise<Parent> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await parentInScopeOrThrow(actor, scope, input.parentId);
  const child = await studentOrThrow(actor, scope, input.studentId);
  if (!(await linkOf(actor.db, row.id, child.id))) throw new AppError(404, 'parent.notBound');
  await actor.db.transaction().execute(async (trx) => {
    await deleteLink(trx, row.id, child.id);
    await audit(trx, actor.request, {
      action: 'unbindParent',
      targetType: 'parent',
      targetId: row.id,
      detail: { studentId: child.id },
    });
  });
  return parentView(actor, scope, row.id);
}
