import { type FamilyInfoSave, maskPhone } from '@meridian/contracts';
import { toBool } from '../../platform/db/sql.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { parentsOf } from '../people/students/parents-repository.ts';
import { archiveScope, studentOfScope } from './access.ts';
import { findFamily, saveFamily } from './repository.ts';

/** The family as the file shows it; the parents come from the roster's links. Callers check the scope. */
export async function familyOf(actor: Actor, studentId: number) {
  const [row, parents] = await Promise.all([findFamily(actor.db, studentId), parentsOf(actor.db, [studentId])]);
  return {
    studentId,
    structure: row?.structure ?? '',
    livingWith: row?.living_with ?? '',
    economy: row?.economy ?? '',
    leftBehind: row ? toBool(row.left_behind) : false,
    guardian: row?.guardian ?? null,
    notes: row?.notes ?? null,
    parents: parents.map((p) => ({
      parentId: p.parent_id,
      name: p.name,
      phone: maskPhone(p.phone),
      relation: p.relation,
    })),
    updatedAt: row ? Number(row.updated_at) : null,
  };
}

/** `FamilyInfo`: read as part of the archive, so audited like it. */
export async function familyInfo(actor: Actor, studentId: number) {
  const scope = await archiveScope(actor);
  const student = await studentOfScope(actor, scope, studentId);
  await audit(actor.db, actor.request, {
    action: 'archive.read',
    targetType: 'student',
    targetId: student.id,
    detail: { part: 'family' },
  });
  return familyOf(actor, student.id);
}

/** Saves the family; the audit names the fields, not their values (minors' data stays in one place). */
export async function saveFamilyInfo(actor: Actor, input: FamilyInfoSave) {
  const scope = await archiveScope(actor);
  const student = await studentOfScope(actor, scope, input.studentId);
  await actor.db.transaction().execute(async (trx) => {
    await saveFamily(trx, {
      student_id: student.id,
      school_id: student.school_id,
      structure: input.structure,
      living_with: input.livingWith,
      economy: input.economy,
      left_behind: input.leftBehind,
      guardian: input.guardian,
      notes: input.notes,
      updated_by: actor.auth.userId,
      updated_at: Date.now(),
    });
    await audit(trx, actor.request, { action: 'archive.family.save', targetType: 'student', targetId: student.id });
  });
  return familyOf(actor, student.id);
}
