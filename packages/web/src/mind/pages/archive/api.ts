import type {
  archiveAppointment,
  archiveDetails as archiveDetailsSchema,
  archiveGroup,
  archiveGrowth,
  archiveIntervention,
  archiveObservation,
  archiveResult,
  archiveSections,
  archiveVisit,
  archiveWarning,
  archiveWarningStep,
  FamilyInfoSave,
  familyInfo,
  GrowthRecordAdd,
  GrowthRecordUpdate,
  growthRecord,
  Page,
  StudentFileFilters,
  semesterFile,
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

export type ArchiveResult = Output<typeof archiveResult>;
export type ArchiveWarningStep = Output<typeof archiveWarningStep>;
export type ArchiveWarning = Output<typeof archiveWarning>;
export type ArchiveIntervention = Output<typeof archiveIntervention>;
export type ArchiveVisit = Output<typeof archiveVisit>;
export type ArchiveGroup = Output<typeof archiveGroup>;
export type ArchiveAppointment = Output<typeof archiveAppointment>;
export type ArchiveGrowth = Output<typeof archiveGrowth>;
export type ArchiveObservation = Output<typeof archiveObservation>;
/** The record lists of a file, each oldest first. */
export type ArchiveSections = Output<typeof archiveSections>;
/** `studentFileDetails/{userId}`: the whole file. */
export type ArchiveDetails = Output<typeof archiveDetailsSchema>;
/** A parent as the file shows them: the phone masked, the whole one through `revealParentPhone`. */
export type ArchiveParent = ArchiveDetails['parents'][number];
/** One semester of `queryXnxqHistory`; `semester` is null for what falls in no semester. */
export type SemesterFile = Output<typeof semesterFile>;

const base = 'apis-psychology';

export const studentFilePage = (body: StudentFileFilters & Paging, signal?: Signal) =>
  post<Page<StudentFileRow>>(`${base}/studentFile/page`, body, { signal });
export const archiveDetails = (studentId: number, signal?: Signal) =>
  get<ArchiveDetails>(`${base}/studentFile/details/${studentId}`, { signal });
export const archiveTimeline = (studentId: number, signal?: Signal) =>
  get<TimelineEvent[]>(`${base}/studentFile/timeline/${studentId}`, { signal });
export const archiveBySemester = (studentId: number, signal?: Signal) =>
  post<SemesterFile[]>('apis-psychology-audit/studentArchives/queryXnxqHistory', { studentId }, { signal });

export const familyOf = (studentId: number, signal?: Signal) =>
  get<FamilyInfo>(`${base}/familyInfo/${studentId}`, { signal });
export const saveFamily = (body: FamilyInfoSave) => post<FamilyInfo>(`${base}/familyInfo/save`, body);

export const growthPage = (body: { studentId: number } & Paging, signal?: Signal) =>
  post<Page<GrowthRecord>>(`${base}/growthRecord/page`, body, { signal });
export const addGrowth = (body: GrowthRecordAdd) => post<GrowthRecord>(`${base}/growthRecord/add`, body);
export const editGrowth = (body: GrowthRecordUpdate) => post<GrowthRecord>(`${base}/growthRecord/update`, body);
export const removeGrowth = (id: number) => post<null>(`${base}/growthRecord/delete`, { id });
