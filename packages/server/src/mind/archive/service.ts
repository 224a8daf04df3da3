import { maskPhone, type PageQuery, type StudentFileFilters } from '@meridian/contracts';
import { startOfDate } from '../../platform/time.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { auditStudentList, refuseFiltersOutsideScope } from '../people/students/access.ts';
import { classTeachersOfClasses } from '../people/students/hooks.ts';
import { parentsOf } from '../people/students/parents-repository.ts';
import { orgsByIds, studentPage } from '../people/students/repository.ts';
import { studentView } from '../people/students/service.ts';
import { archiveScope, studentOfScope } from './access.ts';
import { familyOf } from './family.ts';
import { fileCounts } from './repository.ts';
import { archiveSections, timelineOf } from './sections.ts';
import { semestersOfSchool } from './semesters.ts';

/**
 * The student of an archive read, checked against the scope; the read is written to the audit
 * log (design section 6) naming which part of the file was read.
 */
async function readArchive(actor: Actor, studentId: number, part: string) {
  const scope = await archiveScope(actor);
  const student = await studentOfScope(actor, scope, studentId);
  await audit(actor.db, actor.request, {
    action: 'archive.read',
    targetType: 'student',
    targetId: student.id,
    detail: { part },
  });
  return student;
}

/**
 * The archive list (`studentFile`): the scope's students with what their files hold. Not a read
 * of any one file, but of who has warnings: one audit entry per page, naming the students on it.
 */
export async function studentFiles(actor: Actor, filters: StudentFileFilters, paging: PageQuery) {
  const scope = await archiveScope(actor);
  const page = await studentPage(actor.db, scope, filters, paging);
  // A filter outside the scope can only give an empty page: only then is it worth a look.
  if (page.list.length === 0) await refuseFiltersOutsideScope(actor, scope, filters);
  const ids = page.list.map((s) => s.id);
  await auditStudentList(actor, 'archive.list', ids, { filters, page: paging.page, size: paging.size });
  const [counts, classes] = await Promise.all([
    fileCounts(actor.db, ids),
    orgsByIds(actor.db, [...new Set(page.list.map((s) => s.org_id))]),
  ]);
  const className = new Map(classes.map((c) => [c.id, c.name]));
  return {
    ...page,
    list: page.list.map((s) => ({
      studentId: s.id,
      name: s.name,
      studentNo: s.student_no,
      gender: s.gender,
      schoolId: s.school_id,
      gradeId: s.grade_id,
      classId: s.org_id,
      className: className.get(s.org_id) ?? null,
      results: counts.results.get(s.id) ?? 0,
      warnings: counts.warnings.get(s.id) ?? 0,
      lastWarningLevel: counts.lastLevel?.get(s.id) ?? null,
      homeVisits: counts.visits.get(s.id) ?? 0,
    })),
  };
}

/** `studentArchives/queryBaseInfo`: the student card, the class's head teachers, the family. */
export async function archiveBaseInfo(actor: Actor, studentId: number) {
  const row = await readArchive(actor, studentId, 'baseInfo');
  const [student, teachers, family] = await Promise.all([
    studentView(actor, row),
    classTeachersOfClasses(actor.db, [row.org_id]),
    familyOf(actor, row.id),
  ]);
  return { ...student, classTeachers: teachers.get(row.org_id) ?? [], family };
}

/**
 * `studentArchives/queryXnxqHistory`: the file by school year and semester (results, warnings,
 * home visits, growth records), newest semester first; what falls in no semester is listed last.
 */
export async function archiveBySemester(actor: Actor, studentId: number) {
  const row = await readArchive(actor, studentId, 'semesters');
  const [semesters, sections] = await Promise.all([
    semestersOfSchool(actor.db, row.school_id),
    archiveSections(actor.db, row.id, actor.lang),
  ]);
  const semesterAt = (at: number) => semesters.find((s) => s.range.from <= at && at < s.range.to)?.id ?? null;
  const bucket = (id: number | null) => ({
    results: sections.results.filter((r) => semesterAt(r.submittedAt) === id),
    warnings: sections.warnings.filter((w) => semesterAt(w.createdAt) === id),
    homeVisits: sections.homeVisits.filter((v) => semesterAt(v.visitedAt) === id),
    growthRecords: sections.growthRecords.filter((g) => semesterAt(startOfDate(g.occurredOn)) === id),
  });
  const list = [...semesters]
    .reverse()
    .map((s) => ({ semester: s.brief, current: s.current, ...bucket(s.id) }))
    .filter(
      (s) => s.current || s.results.length + s.warnings.length + s.homeVisits.length + s.growthRecords.length > 0,
    );
  const outside = bucket(null);
  const hasOutside =
    outside.results.length + outside.warnings.length + outside.homeVisits.length + outside.growthRecords.length > 0;
  return [...list, ...(hasOutside ? [{ semester: null, current: false, ...outside }] : [])];
}

/** `studentFileDetails/{userId}`: the whole file, one student one file. */
export async function archiveDetails(actor: Actor, studentId: number) {
  const row = await readArchive(actor, studentId, 'details');
  const [student, family, parents, sections] = await Promise.all([
    studentView(actor, row),
    familyOf(actor, row.id),
    parentsOf(actor.db, [row.id]),
    archiveSections(actor.db, row.id, actor.lang),
  ]);
  return {
    student,
    family,
    parents: parents.map((p) => ({
      parentId: p.parent_id,
      name: p.name,
      phone: maskPhone(p.phone),
      relation: p.relation,
    })),
    ...sections,
  };
}

/** `warningTimerShaft`: the file's records as one time line. */
export async function archiveTimeline(actor: Actor, studentId: number) {
  const row = await readArchive(actor, studentId, 'timeline');
  return timelineOf(await archiveSections(actor.db, row.id, actor.lang));
}

export { readArchive };
