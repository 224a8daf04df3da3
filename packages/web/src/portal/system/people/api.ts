import type {
  DataCheckFinding,
  dataCheckReport,
  groupMember,
  groupRow,
  OrgNode,
  OrgTreeNode,
  Page,
  ParentRelation,
  PeopleImportKind,
  parent,
  reshuffleRow,
  SchoolYear,
  Student,
  StudentStatus,
  TeacherChangeKindName,
  TeacherRowData,
  teacherDetail,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post } from '../../../shared/request.ts';

/**
 * The calls of the people administration pages (`/apis-user/`, `/apis-rbac/org/`,
 * `/apis-psychology/common/`): every answer is already narrowed to the caller's data scope. What
 * Mind reads too (organisations, the student list and card, the teacher list) is in
 * `shared/people/api.ts`.
 */

export type { DataCheckFinding, OrgTreeNode, SchoolYear, TeacherRowData };
export type Parent = Output<typeof parent>;
export type TeacherDetail = Output<typeof teacherDetail>;
export type ReshuffleRow = Output<typeof reshuffleRow>;
export type GroupRow = Output<typeof groupRow>;
export type GroupMember = Output<typeof groupMember>;
export type DataCheckReport = Output<typeof dataCheckReport>;
type Paging = { page: number; size: number };
type Signal = AbortSignal | undefined;

// Organisations
export const addOrg = (body: { parentId: number | null; type: string; name: string; code?: string }) =>
  post<OrgNode>('apis-rbac/org/add', body);
export const renameOrg = (body: { id: number; name: string; code?: string }) =>
  post<OrgNode>('apis-rbac/org/update', body);
export const moveOrg = (id: number, parentId: number) => post<OrgNode>('apis-rbac/org/move', { id, parentId });
export const setOrgStatus = (id: number, status: 'enabled' | 'disabled') =>
  post<OrgNode>('apis-rbac/org/status', { id, status });
export const removeOrg = (id: number) => post<unknown>('apis-rbac/org/remove', { id });

// Students
export interface StudentFields {
  name: string;
  studentNo: string;
  gender: 'male' | 'female';
  birthday?: string | null;
  idCard?: string | null;
  phone?: string | null;
  enrolYear?: number | null;
}
export const addStudent = (body: StudentFields & { classId: number }) => post<Student>('apis-user/student/add', body);
export const updateStudent = (body: Partial<StudentFields> & { id: number }) =>
  post<Student>('apis-user/student/update', body);
export const moveStudent = (id: number, classId: number) => post<Student>('apis-user/student/move', { id, classId });
export const setStudentStatus = (id: number, status: StudentStatus) =>
  post<Student>('apis-user/student/status', { id, status });
export const removeStudent = (id: number) => post<unknown>('apis-user/student/remove', { id });

// Parents
export const parentPage = (query: { schoolId?: number; keyword?: string } & Paging, signal?: Signal) =>
  post<Page<Parent>>('apis-user/parent/page', query, { signal });
export const addParent = (body: { studentId: number; relation: ParentRelation; name: string; phone: string }) =>
  post<Parent>('apis-user/parent/add', body);
export const updateParent = (body: { id: number; name?: string; phone?: string }) =>
  post<Parent>('apis-user/parent/update', body);
export const removeParent = (id: number) => post<unknown>('apis-user/parent/remove', { id });
export const bindParent = (body: { parentId: number; studentId: number; relation: ParentRelation }) =>
  post<unknown>('apis-user/parent/bind', body);
export const unbindParent = (parentId: number, studentId: number) =>
  post<unknown>('apis-user/parent/unbind', { parentId, studentId });

// Teachers
export interface TeacherFields {
  teacherNo: string;
  name: string;
  gender?: 'male' | 'female' | null;
  phone?: string | null;
  subject?: string | null;
  title?: string | null;
  isPsychology?: boolean;
}
export const teacherInfo = (id: number, signal?: Signal) =>
  get<TeacherDetail>('apis-user/teacher/detail', { query: { id }, signal });
export const addTeacher = (body: TeacherFields & { schoolId: number }) =>
  post<TeacherRowData>('apis-user/teacher/add', body);
export const updateTeacher = (body: Partial<TeacherFields> & { id: number }) =>
  post<TeacherRowData>('apis-user/teacher/update', body);
export const removeTeacher = (id: number) => post<unknown>('apis-user/teacher/remove', { id });
export const setTeacherClasses = (body: {
  teacherId: number;
  headClassIds: number[];
  subjectClasses: Array<{ classId: number; subject: string }>;
}) => post<TeacherDetail>('apis-user/teacher/classes/set', body);
export const applyReshuffle = (body: {
  teacherId: number;
  kind: TeacherChangeKindName;
  toSchoolId?: number;
  reason?: string;
  effectiveDate: string;
}) => post<ReshuffleRow>('apis-user/teacher/reshuffle/apply', body);
export const reshufflePage = (query: { status?: string; kind?: string } & Paging, signal?: Signal) =>
  post<Page<ReshuffleRow>>('apis-user/teacher/reshuffle/page', query, { signal });
export const auditReshuffle = (body: { id: number; approve: boolean; remark?: string }) =>
  post<ReshuffleRow>('apis-user/teacher/reshuffle/audit', body);

// Departments and groups
export const deptPage = (query: { parentId?: number; keyword?: string } & Paging, signal?: Signal) =>
  post<Page<OrgNode>>('apis-user/dept/page', query, { signal });
export const addDept = (body: { parentId: number; name: string }) => post<OrgNode>('apis-user/dept/add', body);
export const updateDept = (body: { id: number; name: string }) => post<OrgNode>('apis-user/dept/update', body);
export const removeDept = (id: number) => post<unknown>('apis-user/dept/remove', { id });
export const groupPage = (query: { orgId?: number; keyword?: string } & Paging, signal?: Signal) =>
  post<Page<GroupRow>>('apis-user/group/page', query, { signal });
export const addGroup = (body: { orgId: number; name: string; description?: string | null }) =>
  post<GroupRow>('apis-user/group/add', body);
export const updateGroup = (body: { id: number; name?: string; description?: string | null }) =>
  post<GroupRow>('apis-user/group/update', body);
export const removeGroup = (id: number) => post<unknown>('apis-user/group/remove', { id });
export const groupMembers = (groupId: number, paging: Paging, signal?: Signal) =>
  post<Page<GroupMember>>('apis-user/group/members', { groupId, ...paging }, { signal });
export const setGroupMembers = (groupId: number, userIds: number[]) =>
  post<unknown>('apis-user/group/members/set', { groupId, userIds });

// School years, data checks
export const schoolYears = (signal?: Signal) => get<SchoolYear[]>('apis-psychology/common/getXuenianList', { signal });
export const addSchoolYear = (body: {
  name: string;
  startDate: string;
  endDate: string;
  semesters: Array<{ term: 1 | 2; startDate: string; endDate: string }>;
}) => post<SchoolYear[]>('apis-user/xuenian/add', body);
export const setCurrentSemester = (semesterId: number) =>
  post<SchoolYear[]>('apis-user/xuenian/setCurrent', { semesterId });
export const runDataCheck = (body: { schoolId?: number; unboundDays?: number }) =>
  post<DataCheckReport>('apis-user/dataCheck/run', body);

// Imports
export interface ImportProblem {
  row: number;
  field: string;
  msg: string;
}
export const importPeople = (kind: PeopleImportKind, file: File, schoolId: number) => {
  const form = new FormData();
  form.append('schoolId', String(schoolId));
  form.append('file', file);
  return post<{ imported: number; created?: number }>(`apis-user/${kind}/import`, form);
};
/** The per-row report of a refused import (`data` of the 400), when the refusal carries one. */
export function importProblems(data: unknown): ImportProblem[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (item): item is ImportProblem =>
      typeof item === 'object' && item !== null && 'row' in item && 'msg' in item && typeof item.msg === 'string',
  );
}
