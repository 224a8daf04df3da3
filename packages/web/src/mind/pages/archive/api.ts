import type {
  FamilyInfoSave,
  familyInfo,
  GrowthRecordAdd,
  GrowthRecordUpdate,
  growthRecord,
  Page,
  Student,
  StudentFileFilters,
  studentFileRow,
  TimelineEvent,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of the student archive (decision 0034): the list, the file, its parts and the timeline. */

type Signal = AbortSignal | undefined;
type Paging = { page: number; size: number };

export type StudentFileRow = Output<typeof studentFileRow>;
export type FamilyInfo = Output<typeof familyInfo>;
export type GrowthRecord = Output<typeof growthRecord>;
export type { TimelineEvent };

export interface ArchiveResult {
  id: number;
  taskId: number;
  scaleId: number;
  scaleName: string;
  valid: boolean;
  total: number | null;
  band: string | null;
  warningLevel: string | null;
  submittedAt: number;
}
export interface ArchiveWarningStep {
  action: string;
  fromState: string | null;
  toState: string | null;
  fromLevel: string | null;
  toLevel: string | null;
  reason: string | null;
  by: string | null;
  at: number;
}
export interface ArchiveWarning {
  id: number;
  level: string;
  state: string;
  rule: string;
  reason: string | null;
  sourceType: string;
  createdAt: number;
  closedAt: number | null;
  history: ArchiveWarningStep[];
}
export interface ArchiveIntervention {
  id: number;
  warningId: number | null;
  kind: string;
  happenedAt: number;
  place: string | null;
  people: string | null;
  content: string;
  assessment: string | null;
  nextStep: string | null;
  institution: string | null;
  by: string | null;
}
export interface ArchiveVisit {
  id: number;
  taskName: string | null;
  visitedAt: number;
  way: string;
  people: string;
  summary: string;
  answers: Record<string, string | string[]>;
}
export interface ArchiveGroup {
  groupId: number;
  title: string;
  topic: string;
  state: string;
  sessionId: number | null;
  heldAt: number | null;
  place: string | null;
  content: string | null;
  absent: boolean;
}
export interface ArchiveAppointment {
  id: number;
  state: string;
  wantedAt: number;
  reason: string;
  sessionAt: number | null;
  summary: string | null;
  rating: number | null;
  createdAt: number;
}
export interface ArchiveGrowth {
  id: number;
  occurredOn: string;
  category: string;
  title: string;
  content: string;
  authorId: number;
}
export interface ArchiveObservation {
  id: number;
  kind: string;
  occurredOn: string;
  category: string | null;
  title: string;
  content: string;
  by: string | null;
}

/** The record lists of a file, each oldest first. */
export interface ArchiveSections {
  results: ArchiveResult[];
  warnings: ArchiveWarning[];
  interventions: ArchiveIntervention[];
  homeVisits: ArchiveVisit[];
  groupCounselling: ArchiveGroup[];
  appointments: ArchiveAppointment[];
  growthRecords: ArchiveGrowth[];
  observations: ArchiveObservation[];
}

/** `studentFileDetails/{userId}`: the whole file. */
export interface ArchiveDetails extends ArchiveSections {
  student: Student;
  family: FamilyInfo;
  parents: ArchiveParent[];
}

/** A parent as the file shows them: the phone masked, the whole one through `revealParentPhone`. */
export interface ArchiveParent {
  parentId: number;
  name: string;
  phone: string;
  relation: string;
}

/** One semester of `queryXnxqHistory`; `semester` is null for what falls in no semester. */
export interface SemesterFile {
  semester: { id: number; schoolYear: string; term: number; startDate: string; endDate: string } | null;
  current: boolean;
  results: ArchiveResult[];
  warnings: ArchiveWarning[];
  homeVisits: ArchiveVisit[];
  growthRecords: ArchiveGrowth[];
}

const base = 'apis-psychology';

export const studentFilePage = (body: StudentFileFilters & Paging, signal?: Signal) =>
  post<Page<StudentFileRow>>(`${base}/studentFile/page`, body, { signal });
export const archiveDetails = (studentId: number, signal?: Signal) =>
  get<ArchiveDetails>(`${base}/studentFile/details/${studentId}`, { signal });
export const archiveTimeline = (studentId: number, signal?: Signal) =>
  get<TimelineEvent[]>(`${base}/studentFile/timeline/${studentId}`, { signal });
export const archiveBySemester = (studentId: number, signal?: Signal) =>
  post<SemesterFile[]>('apis-psychology-audit/studentArchives/queryXnxqHistory', { studentId }, { signal });

/** A parent's whole phone, for whoever sees the student; the server audits it. */
export const revealParentPhone = (id: number) => post<{ id: number; phone: string }>('apis-user/parent/reveal', { id });

export const familyOf = (studentId: number, signal?: Signal) =>
  get<FamilyInfo>(`${base}/familyInfo/${studentId}`, { signal });
export const saveFamily = (body: FamilyInfoSave) => post<FamilyInfo>(`${base}/familyInfo/save`, body);

export const growthPage = (body: { studentId: number } & Paging, signal?: Signal) =>
  post<Page<GrowthRecord>>(`${base}/growthRecord/page`, body, { signal });
export const addGrowth = (body: GrowthRecordAdd) => post<GrowthRecord>(`${base}/growthRecord/add`, body);
export const editGrowth = (body: GrowthRecordUpdate) => post<GrowthRecord>(`${base}/growthRecord/update`, body);
export const removeGrowth = (id: number) => post<null>(`${base}/growthRecord/delete`, { id });
