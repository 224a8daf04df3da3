import type { OrgNode, Page, Student, StudentStatus, studentCard, TeacherRowData } from '@meridian/contracts';
import type { Output } from '../contracts.ts';
import { get, post } from '../request.ts';

/**
 * The people calls more than one front end makes (`/apis-user/`, `/apis-rbac/org/`,
 * `/apis-psychology/common/`): organisations, students and teachers as the pickers, the lists and
 * the student card read them. Every answer is already narrowed to the caller's data scope.
 */

export type { OrgNode, Student, StudentStatus };
export type StudentCard = Output<typeof studentCard>;
type Paging = { page: number; size: number };
type Signal = AbortSignal | undefined;

// Organisations
export const orgChildren = (parentId: number | undefined, signal?: Signal) =>
  get<Page<OrgNode>>('apis-rbac/org/children', { query: { parentId, size: 500 }, signal });
export const orgSearch = (
  query: { keyword?: string; type?: string; parentId?: number; page?: number; size?: number },
  signal?: Signal,
) => get<Page<OrgNode>>('apis-rbac/org/node/list', { query, signal });

// Students
export interface StudentFilter {
  schoolId?: number;
  campusId?: number;
  gradeId?: number;
  classId?: number;
  keyword?: string;
  status?: StudentStatus;
}
export const studentPage = (query: StudentFilter & Paging, signal?: Signal) =>
  post<Page<Student>>('apis-user/student/page', query, { signal });
/** The whole ID card and phone numbers of one student (roles that edit students); the server audits it. */
export const revealStudent = (id: number) =>
  post<{ id: number; idCard: string | null; phone: string | null }>('apis-user/student/reveal', { id });
export const studentInfo = (studentId: number, signal?: Signal) =>
  get<StudentCard>('apis-psychology/common/getStudentInfo', { query: { studentId }, signal });

// Parents
/** A parent's whole phone (whoever sees one of their children); the server audits it. */
export const revealParentPhone = (id: number) => post<{ id: number; phone: string }>('apis-user/parent/reveal', { id });

// Teachers
export interface TeacherFilter {
  schoolId?: number;
  keyword?: string;
  status?: 'active' | 'dimission' | 'retired';
  isPsychology?: boolean;
}
export const teacherPage = (query: TeacherFilter & Paging, signal?: Signal) =>
  post<Page<TeacherRowData>>('apis-user/teacher/page', query, { signal });
