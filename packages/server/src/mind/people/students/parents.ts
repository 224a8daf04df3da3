import { isMaskedPhone, maskPhone, type PageQuery, type ParentRelation, type parent } from '@meridian/contracts';
import type { z } from 'zod';
import { AppError, rulesBroken } from '../../../platform/http/errors.ts';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { auditStudentList, refuseFiltersOutsideScope, refuseStudentData, studentOfScope } from './access.ts';
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
    phone: maskPhone(r.phone),
    userId: r.user_id,
    schoolId: r.school_id,
    children: children
      .filter((c) => c.parent_id === r.id)
      .map((c) => ({ studentId: c.student_id, name: c.name, studentNo: c.student_no, relation: c.relation })),
  }));
}

async function parentInScopeOrThrow(actor: Actor, scope: StudentScope, id: number): Promise<ParentRow> {
  const row = await findParent(actor.db, scope, id);
  if (row) return row;
  return refuseStudentData(actor, 'parentNotInScope', { type: 'parent', id }, new AppError(404, 'parent.notFound'));
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

/** A page of the scope's parents (phones masked); the read is audited with the children shown. */
export async function listParents(actor: Actor, filters: ParentFilters, page: PageQuery) {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const result = await parentPage(actor.db, scope, filters, page);
  // A school or child outside the scope can only give an empty page: only then is it worth a look.
  if (result.list.length === 0) {
    await refuseFiltersOutsideScope(actor, scope, { schoolId: filters.schoolId });
    if (filters.studentId !== undefined) await studentOfScope(actor, scope, filters.studentId);
  }
  const list = await present(actor, scope, result.list);
  await auditStudentList(actor, 'parent.list', [...new Set(list.flatMap((p) => p.children.map((c) => c.studentId)))], {
    filters,
    page: page.page,
    size: page.size,
    parentIds: list.map((p) => p.id),
  });
  return { ...result, list };
}

/** `parent/reveal`: a parent's whole phone, for whoever sees one of their children; each reveal is audited. */
export async function revealParentPhone(actor: Actor, id: number) {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const row = await parentInScopeOrThrow(actor, scope, id);
  await audit(actor.db, actor.request, {
    action: 'parent.reveal',
    targetType: 'parent',
    targetId: row.id,
    detail: { fields: ['phone'] },
  });
  return { id: row.id, phone: row.phone };
}

/** A parent is added for one of their children, whose school registers them. */
export async function addParent(
  actor: Actor,
  input: { studentId: number; relation: ParentRelation; name: string; phone: string },
): Promise<Parent> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  const child = await studentOfScope(actor, scope, input.studentId);
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
  // The masked phone the form was given keeps the stored one; another masked value is refused.
  let phone = input.phone;
  if (phone !== undefined && isMaskedPhone(phone)) {
    if (phone !== maskPhone(row.phone)) throw rulesBroken([{ field: 'phone', key: 'v.maskedNumber' }]);
    phone = undefined;
  }
  if (phone !== undefined && phone !== row.phone) {
    await refuseTakenPhone(actor, row.school_id, phone, row.id);
  }
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(phone !== undefined ? { phone } : {}),
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
  const child = await studentOfScope(actor, scope, input.studentId);
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
  const child = await studentOfScope(actor, scope, input.studentId);
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
