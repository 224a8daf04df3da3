import { parentName, parentRelation, phone, studentNo } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { PARENT_COLUMNS, PARENT_REQUIRED } from './columns.ts';
import { insertLinks, insertParentRows, linksOfParents, parentsOfSchool, studentsByNo } from './repository.ts';
import { ImportReport, readImport, relationOf } from './upload.ts';

const parentOfRow = z.object({ studentNo, name: parentName, phone, relation: parentRelation });
type GoodRow = { row: number; studentId: number } & z.infer<typeof parentOfRow>;

/**
 * Parent import into one school: each row links a parent (one per phone in the school, created
 * when new) to a student of the school named by their number. Unknown students, links that
 * already exist and rows repeated in the file are reported; nothing is written until all are good.
 */
export async function importParents(actor: Actor, request: FastifyRequest) {
  const { rows, school } = await readImport(actor, request, PARENT_COLUMNS, PARENT_REQUIRED);
  const report = new ImportReport(actor.lang);
  const students = new Map(
    (
      await studentsByNo(
        actor.db,
        school.id,
        rows.flatMap((r) => (r.cells.studentNo ? [r.cells.studentNo] : [])),
      )
    ).map((s) => [s.student_no, s]),
  );
  const good: GoodRow[] = [];
  for (const { row, cells } of rows) {
    const parsed = report.parse(row, parentOfRow, {
      studentNo: cells.studentNo,
      name: cells.name,
      phone: cells.phone,
      relation: relationOf(cells.relation),
    });
    const student = cells.studentNo ? students.get(cells.studentNo) : undefined;
    if (cells.studentNo && !student) report.add(row, 'studentNo', 'peopleImport.studentNotFound');
    // A name that disagrees with the number is a typo in one of them: better refused than linked to the wrong child.
    else if (student && cells.studentName && student.name !== cells.studentName) {
      report.add(row, 'studentName', 'peopleImport.studentNotFound');
    }
    if (parsed && student && !report.has(row)) good.push({ row, studentId: student.id, ...parsed });
  }
  report.repeats(
    rows,
    (r) => r.row,
    (r) => (r.cells.phone && r.cells.studentNo ? `${r.cells.phone}/${r.cells.studentNo}` : null),
    'phone',
  );
  const known = new Map(
    (
      await parentsOfSchool(
        actor.db,
        school.id,
        good.map((g) => g.phone),
      )
    ).map((p) => [p.phone, p.id]),
  );
  const linked = new Set(
    (await linksOfParents(actor.db, [...known.values()])).map((l) => `${l.parent_id}/${l.student_id}`),
  );
  for (const g of good) {
    const parentId = known.get(g.phone);
    if (parentId !== undefined && linked.has(`${parentId}/${g.studentId}`)) {
      report.add(g.row, 'studentNo', 'peopleImport.alreadyLinked');
    }
  }
  report.throwIfAny();

  const at = Date.now();
  return actor.db.transaction().execute(async (trx) => {
    const fresh = new Map<string, string>();
    for (const g of good) if (!known.has(g.phone) && !fresh.has(g.phone)) fresh.set(g.phone, g.name);
    const ids = await insertParentRows(
      trx,
      [...fresh].map(([phoneNo, name]) => ({
        school_id: school.id,
        name,
        phone: phoneNo,
        user_id: null,
        created_at: at,
        updated_at: at,
      })),
    );
    [...fresh.keys()].forEach((phoneNo, i) => {
      const id = ids[i];
      if (id !== undefined) known.set(phoneNo, id);
    });
    const links = good.flatMap((g) => {
      const parentId = known.get(g.phone);
      return parentId === undefined ? [] : [{ parent_id: parentId, student_id: g.studentId, relation: g.relation }];
    });
    await insertLinks(trx, links);
    await audit(trx, actor.request, {
      action: 'importParents',
      targetType: 'school',
      targetId: school.id,
      detail: { parents: ids.length, links: links.length },
    });
    return { imported: links.length, created: ids.length };
  });
}
