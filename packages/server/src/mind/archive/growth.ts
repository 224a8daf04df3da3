import type { GrowthRecordAdd, GrowthRecordUpdate } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { refuseStudentData } from '../people/students/access.ts';
import { findStudent } from '../people/students/repository.ts';
import { archiveScope, studentOfScope, today } from './access.ts';
import { deleteGrowth, findGrowth, growthPage, insertGrowth, nicknamesOf, updateGrowth } from './repository.ts';

type GrowthRow = NonNullable<Awaited<ReturnType<typeof findGrowth>>>;
const notFound = () => new AppError(404, 'growth.notFound');

function refuseFuture(date: string | undefined): void {
  if (date !== undefined && date > today()) {
    throw new AppError(400, 'v.growth.future', { rules: [{ field: 'occurredOn', key: 'v.growth.future' }] });
  }
}

async function present(actor: Actor, rows: GrowthRow[]) {
  const names = await nicknamesOf(
    actor.db,
    rows.map((r) => r.author_id),
  );
  return rows.map((r) => ({
    id: r.id,
    studentId: r.student_id,
    occurredOn: r.occurred_on,
    category: r.category,
    title: r.title,
    content: r.content,
    authorId: r.author_id,
    authorName: names.get(r.author_id) ?? null,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

/** A growth record whose student is in the scope; otherwise it does not exist for the caller. */
async function growthOfScope(actor: Actor, id: number): Promise<GrowthRow> {
  const row = await findGrowth(actor.db, id);
  if (!row) throw notFound();
  const scope = await archiveScope(actor);
  if (!(await findStudent(actor.db, scope, row.student_id))) {
    return refuseStudentData(actor, 'recordNotInScope', { type: 'growth', id }, notFound());
  }
  return row;
}

/** `growthRecord/{userId}`: a part of the archive, so the read is audited. */
export async function listGrowth(actor: Actor, studentId: number, page: { page: number; size: number }) {
  const scope = await archiveScope(actor);
  const student = await studentOfScope(actor, scope, studentId);
  await audit(actor.db, actor.request, {
    action: 'archive.read',
    targetType: 'student',
    targetId: student.id,
    detail: { part: 'growth' },
  });
  const result = await growthPage(actor.db, student.id, page);
  return { ...result, list: await present(actor, result.list) };
}

export async function addGrowth(actor: Actor, input: GrowthRecordAdd) {
  refuseFuture(input.occurredOn);
  const scope = await archiveScope(actor);
  const student = await studentOfScope(actor, scope, input.studentId);
  const at = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const created = await insertGrowth(trx, {
      student_id: student.id,
      school_id: student.school_id,
      class_id: student.org_id,
      occurred_on: input.occurredOn,
      category: input.category,
      title: input.title,
      content: input.content,
      author_id: actor.auth.userId,
      created_at: at,
      updated_at: at,
    });
    await audit(trx, actor.request, {
      action: 'archive.growth.add',
      targetType: 'student',
      targetId: student.id,
      detail: { growthId: created },
    });
    return created;
  });
  const [record] = await present(actor, [await growthOfScope(actor, id)]);
  return record;
}

export async function editGrowth(actor: Actor, input: GrowthRecordUpdate) {
  refuseFuture(input.occurredOn);
  const row = await growthOfScope(actor, input.id);
  const changes = {
    ...(input.occurredOn !== undefined ? { occurred_on: input.occurredOn } : {}),
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.content !== undefined ? { content: input.content } : {}),
  };
  await actor.db.transaction().execute(async (trx) => {
    await updateGrowth(trx, row.id, { ...changes, updated_at: Date.now() });
    await audit(trx, actor.request, {
      action: 'archive.growth.edit',
      targetType: 'student',
      targetId: row.student_id,
      detail: { growthId: row.id, fields: Object.keys(changes) },
    });
  });
  const [record] = await present(actor, [await growthOfScope(actor, row.id)]);
  return record;
}

export async function removeGrowth(actor: Actor, id: number): Promise<void> {
  const row = await growthOfScope(actor, id);
  await actor.db.transaction().execute(async (trx) => {
    await deleteGrowth(trx, row.id);
    await audit(trx, actor.request, {
      action: 'archive.growth.delete',
      targetType: 'student',
      targetId: row.student_id,
      detail: { growthId: row.id },
    });
  });
}
