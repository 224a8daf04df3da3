import type {
  DownloadTask,
  InsightDetail,
  InsightRow,
  Page,
  SchoolYear,
  StatisticsExport,
  StatisticsQuery,
  StatisticsReport,
  StudentReport,
} from '@meridian/contracts';
import { get, post } from '../../../shared/request.ts';

/** The statistical report, a student's report and student insight (decision 0092). */

export type { InsightDetail, InsightRow, SchoolYear, StatisticsQuery, StatisticsReport, StudentReport };

type Signal = AbortSignal | undefined;

export const statisticsOf = (query: StatisticsQuery, signal?: Signal) =>
  get<StatisticsReport>('apis-psychology/report/statistics', { query: { ...query }, signal });
export const exportStatistics = (body: StatisticsExport) =>
  post<DownloadTask>('apis-psychology/report/statistics/download', body);
export const schoolYears = (signal?: Signal) => get<SchoolYear[]>('apis-psychology/common/getXuenianList', { signal });

export const studentReportOf = (studentId: number, signal?: Signal) =>
  post<StudentReport>('apis-psychology-audit/studentReport/query', { studentId }, { signal });
export const exportStudentReport = (studentId: number) =>
  post<DownloadTask>('apis-psychology-audit/studentReport/download', { studentId });

export const insightPage = (query: { page: number; size: number; schoolId?: number; name?: string }, signal?: Signal) =>
  get<Page<InsightRow>>('apis-psychology/studentInsight/page', { query, signal });
export const insightDetailOf = (studentId: number, signal?: Signal) =>
  post<InsightDetail>('apis-psychology-audit/studentInsight/detail', { studentId }, { signal });
