import type {
  MoodSettingsSave,
  moodClassStudent,
  moodLowStudent,
  moodNote,
  moodSettings,
  moodStudentEntries,
  moodTrends,
  Page,
  StudentMonthBody,
  StudentMoodListBody,
  studentMonthEmotion,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post, put } from '../../../shared/request.ts';

/** The calls of the teachers' mood journal and the school's journal settings (`/apis-psychology/moodJournal/...`). */

type Signal = AbortSignal | undefined;

export type MoodTrends = Output<typeof moodTrends>;
export type LowStudent = Output<typeof moodLowStudent>;
export type ClassStudent = Output<typeof moodClassStudent>;
/** Whose journal the drawer shows. */
export type JournalOf = Pick<LowStudent, 'studentId' | 'name'>;
export type StudentEntries = Output<typeof moodStudentEntries>;
export type TeacherEntry = StudentEntries['entries'][number];
export type SchoolMoodSettings = Output<typeof moodSettings>;

const BASE = 'apis-psychology/moodJournal';

export const moodTrendsOf = (days: number, signal?: Signal) =>
  get<MoodTrends>(`${BASE}/trends?days=${days}`, { signal });
export const classStudents = (classId: number, days: number, signal?: Signal) =>
  get<ClassStudent[]>(`${BASE}/class/${classId}?days=${days}`, { signal });
export const lowStudents = (signal?: Signal) => get<LowStudent[]>(`${BASE}/low`, { signal });
export const studentEntries = (studentId: number, signal?: Signal) =>
  get<StudentEntries>(`${BASE}/student/${studentId}`, { signal });
export const noteOf = (studentId: number, day: string) =>
  get<Output<typeof moodNote>>(`${BASE}/student/${studentId}/note/${day}`);
export const schoolSettings = (signal?: Signal) => get<SchoolMoodSettings[]>(`${BASE}/settings`, { signal });
export const saveSchoolSettings = (schoolId: number, body: MoodSettingsSave) =>
  put<SchoolMoodSettings>(`${BASE}/settings/${schoolId}`, body);

/** `studentEmotionData` (decision 0151): a student's month of mood beside their class's emotion, and their entries. */
export type StudentMonth = Output<typeof studentMonthEmotion>;
export const studentMonthOf = (body: StudentMonthBody, signal?: Signal) =>
  post<StudentMonth>('apis-psychology/studentEmotionData/getMonthQxxxDataList', body, { signal });
export const studentMoodPage = (body: StudentMoodListBody, signal?: Signal) =>
  post<Page<TeacherEntry>>('apis-psychology/studentEmotionData/getStudentMoodList', body, { signal });
