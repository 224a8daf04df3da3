import { type ParentRelation, parentName, parentRelation, phone, studentRow } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { STUDENT_COLUMNS, STUDENT_REQUIRED } from './columns.ts';
import {
  insertLinks,
  insertParentRows,
  insertStudentRows,
  nodesOfSchool,
  parentsOfSchool,
  studentNosTaken,
} from './repository.ts';
import { type ClassPlace, classFinder } from './school.ts';
import { genderOf, ImportReport, readImport, relationOf } from './upload.ts';

const parentOfRow = z.object({ parentName, parentPhone: phone, relation: parentRelation });

/** A whole number written in a cell, else the text as it is, for the schema to refuse. */
export const numberOf = (text: string | undefined) => (text !== undefined && /^\d+$/.test(text) ? Number(text) : text);

interface GoodRow {
  row: number;
  place: ClassPlace;
  student: z.infer<typeof studentRow>;
  parent?: { name: string; phone: string; relation: ParentRelation };
}

/**
 * Student import into one school: every row checked (the students area's row rules, the class by
 * campus, grade and class names inside the caller's scope, numbers and ID cards repeated in the
 * file or already in the school), then all written in one transaction, or none. A row may name a
 * parent, who is registered once per phone in the school and linked to the student.
 */
export async function importStudents(actor: Actor, request: FastifyRequest) {
  const { rows, school, scope } = await readImport(actor, request, STUDENT_COLUMNS, STUDENT_REQUIRED);
  const report = new ImportReport(actor.lang);
  const find = classFinder(await nodesOfSchool(actor.db, school.path), scope);
  const good: GoodRow[] = [];
  for (const { row, cells } of rows) {
    const found = find(cells.campus, cells.grade, cells.class);
    if ('problem' in found && cells.grade && cells.class) report.add(row, 'class', found.problem);
    const student = report.parse(row, studentRow, {
      name: cells.name,
      studentNo: cells.studentNo,
      gender: genderOf(cells.gender),
      birthday: cells.birthday,
      idCard: cells.idCard,
      phone: cells.phone,
      enrolYear: numberOf(cells.enrolYear),
    });
    for (const field of ['grade', 'class'] as const) if (!cells[field]) report.add(row, field, 'v.required');
    const wantsParent =
      cells.parentName !== undefined || cells.parentPhone !== undefined || cells.relation !== undefined;
    const parent = wantsParent
      ? report.parse(row, parentOfRow, {
          parentName: cells.parentName,
          parentPhone: cells.parentPhone,
          relation: relationOf(cells.relation),
        })
      : undefined;
    if (student && 'place' in found && (!wantsParent || parent)) {
      good.push({
        row,
        place: found.place,
        student,
        ...(parent
          ? { parent: { name: parent.parentName, phone: parent.parentPhone, relation: parent.relation } }
          : {}),
      });
    }
  }
  report.repeats(
    rows,
    (r) => r.row,
    (r) => r.cells.studentNo,
    'studentNo',
  );
  report.repeats(
    rows,
    (r) => r.row,
    (r) => r.cells.idCard?.toUpperCase(),
    'idCard',
  );
  const taken = new Set(
    await studentNosTaken(
      actor.db,
      school.id,
      good.map((g) => g.student.studentNo),
    ),
  );
  for (const g of good)
    if (taken.has(g.student.studentNo)) report.add(g.row, 'studentNo', 'peopleImport.studentNoTaken');
  report.throwIfAny();

  const known = new Map(
    (
      await parentsOfSchool(
        actor.db,
        school.id,
        good.flatMap((g) => (g.parent ? [g.parent.phone] : [])),
      )
    ).map((p) => [p.phone, p.id]),
  );
  const at = Date.now();
  return actor.db.transaction().execute(async (trx) => {
    const ids = await insertStudentRows(
      trx,
      good.map(({ place, student }) => ({
        org_id: place.classId,
        school_id: school.id,
        campus_id: place.campusId,
        grade_id: place.gradeId,
        name: student.name,
        student_no: student.studentNo,
        gender: student.gender,
        birthday: student.birthday ?? null,
        id_card: student.idCard ?? null,
        phone: student.phone ?? null,
        enrol_year: student.enrolYear ?? null,
        status: student.status ?? 'studying',
        user_id: null,
        created_at: at,
        updated_at: at,
      })),
    );
    // One parent per phone in the school: siblings in the file, or a parent already registered, share it.
    const fresh = new Map<string, { name: string; phone: string }>();
    for (const g of good) if (g.parent && !known.has(g.parent.phone)) fresh.set(g.parent.phone, g.parent);
    const freshIds = await insertParentRows(
      trx,
      [...fresh.values()].map((p) => ({
        school_id: school.id,
        name: p.name,
        phone: p.phone,
        user_id: null,
        created_at: at,
        updated_at: at,
      })),
    );
    [...fresh.keys()].forEach((phoneNo, i) => {
      const id = freshIds[i];
      if (id !== undefined) known.set(phoneNo, id);
    });
    const links = good.flatMap((g, i) => {
      const parentId = g.parent ? known.get(g.parent.phone) : undefined;
      const studentId = ids[i];
      return g.parent && parentId !== undefined && studentId !== undefined
        ? [{ parent_id: parentId, student_id: studentId, relation: g.parent.relation }]
        : [];
    });
    await insertLinks(trx, links);
    await audit(trx, actor.request, {
      action: 'importStudents',
      targetType: 'school',
      targetId: school.id,
      detail: { students: ids.length, parents: freshIds.length, links: links.length },
    });
    return { imported: ids.length };
  });
}
