import { z } from 'zod';
import { bodyId, queryId } from '../portal/orgs.ts';

/**
 * Rows per sheet of a people or organisation import: a large school's whole roster in one file
 * (Device Cloud's 100-row limit is for devices), small enough to check and write in one
 * transaction within the request's time. See decision 0021.
 */
export const PEOPLE_IMPORT_MAX_ROWS = 5000;

/** The kinds of people import and export, each with its template. */
export const PEOPLE_IMPORT_KINDS = ['student', 'teacher', 'parent', 'org'] as const;
export type PeopleImportKind = (typeof PEOPLE_IMPORT_KINDS)[number];

/** What an import answers: how many rows went in (and, for organisations, how many nodes were created). */
export const peopleImportResult = z.object({ imported: z.number(), created: z.number().optional() });

/** The filters of an export: the school, grade or class to export, within the caller's scope. */
export const peopleExportQuery = z.object({
  schoolId: queryId.optional(),
  gradeId: queryId.optional(),
  classId: queryId.optional(),
});

/** How many days an account may stay unbound (identity 5) before a data check names it. */
export const UNBOUND_ACCOUNT_DAYS_DEFAULT = 30;
/** Rows each finding of a data check shows; the count says how many there are in all. */
export const DATA_CHECK_SAMPLE = 20;

export const dataCheckRun = z.strictObject({
  schoolId: bodyId.optional(),
  unboundDays: z.number().int('v.number.int').min(1, 'v.dataCheck.days').max(3650, 'v.dataCheck.days').optional(),
});

export const DATA_CHECK_KINDS = [
  'duplicateIdCard',
  'duplicateStudentNo',
  'duplicateTeacherPhone',
  'studentInDisabledClass',
  'studentClassMissing',
  'parentWithoutChildren',
  'classTeacherOfRemovedClass',
  'unboundAccount',
] as const;
export type DataCheckKind = (typeof DATA_CHECK_KINDS)[number];

/** One finding: what it is (a code and its title in the caller's language), how many, and the first rows. */
export const dataCheckFinding = z.object({
  kind: z.enum(DATA_CHECK_KINDS),
  title: z.string(),
  count: z.number(),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export const dataCheckReport = z.object({ checkedAt: z.number(), findings: z.array(dataCheckFinding) });
export type DataCheckFinding = z.infer<typeof dataCheckFinding>;
