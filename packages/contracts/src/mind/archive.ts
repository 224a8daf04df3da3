import { z } from 'zod';
import { textFilter } from '../paging.ts';
import { bodyId, bodyPage, queryId } from '../portal/orgs.ts';
import { isoDate } from './students.ts';

/** Limits of the archive's forms, written once for the server and the form. */
export const ARCHIVE_LIMITS = { titleMax: 50, contentMax: 2000, shortMax: 50, notesMax: 500 } as const;

export const GROWTH_CATEGORIES = ['study', 'activity', 'award', 'behaviour', 'health', 'other'] as const;
export type GrowthCategory = (typeof GROWTH_CATEGORIES)[number];
export const FAMILY_STRUCTURES = ['both', 'single', 'reconstituted', 'grandparents', 'other'] as const;
export const LIVING_WITH = ['parents', 'father', 'mother', 'grandparents', 'relatives', 'boarding', 'other'] as const;
export const FAMILY_ECONOMY = ['good', 'average', 'difficult'] as const;

/** The student an archive call is about: the roster id (`studentId`). */
export const archiveStudent = z.strictObject({ studentId: bodyId });
export const archiveStudentParams = z.object({ studentId: queryId });

const title = z.string().trim().min(1, 'v.growth.title').max(ARCHIVE_LIMITS.titleMax, 'v.growth.title');
const content = z.string().trim().min(1, 'v.growth.content').max(ARCHIVE_LIMITS.contentMax, 'v.growth.content');

export const growthRecordAdd = z.strictObject({
  studentId: bodyId,
  occurredOn: isoDate,
  category: z.enum(GROWTH_CATEGORIES, { error: 'v.growth.category' }),
  title,
  content,
});
export type GrowthRecordAdd = z.infer<typeof growthRecordAdd>;
export const growthRecordUpdate = z.strictObject({
  id: bodyId,
  occurredOn: isoDate.optional(),
  category: z.enum(GROWTH_CATEGORIES, { error: 'v.growth.category' }).optional(),
  title: title.optional(),
  content: content.optional(),
});
export type GrowthRecordUpdate = z.infer<typeof growthRecordUpdate>;
export const growthRecordPage = z.strictObject({ studentId: bodyId, ...bodyPage });

export const growthRecord = z.object({
  id: z.number(),
  studentId: z.number(),
  occurredOn: z.string(),
  category: z.string(),
  title: z.string(),
  content: z.string(),
  authorId: z.number(),
  authorName: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

export const familyInfoSave = z.strictObject({
  studentId: bodyId,
  structure: z.enum(FAMILY_STRUCTURES, { error: 'v.family.structure' }),
  livingWith: z.enum(LIVING_WITH, { error: 'v.family.livingWith' }),
  economy: z.enum(FAMILY_ECONOMY, { error: 'v.family.economy' }),
  leftBehind: z.boolean({ error: 'v.family.leftBehind' }),
  guardian: z.string().trim().max(ARCHIVE_LIMITS.shortMax, 'v.family.guardian').nullable().default(null),
  notes: z.string().trim().max(ARCHIVE_LIMITS.notesMax, 'v.family.notes').nullable().default(null),
});
export type FamilyInfoSave = z.infer<typeof familyInfoSave>;

export const familyInfo = z.object({
  studentId: z.number(),
  structure: z.string(),
  livingWith: z.string(),
  economy: z.string(),
  leftBehind: z.boolean(),
  guardian: z.string().nullable(),
  notes: z.string().nullable(),
  /** Phones masked; the whole number through `parent/reveal`. */
  parents: z.array(z.object({ parentId: z.number(), name: z.string(), phone: z.string(), relation: z.string() })),
  updatedAt: z.number().nullable(),
});

/** The archive list (`studentFile`): students of the scope with what their file holds. */
export const studentFilePage = z.strictObject({
  schoolId: bodyId.optional(),
  gradeId: bodyId.optional(),
  classId: bodyId.optional(),
  keyword: textFilter(ARCHIVE_LIMITS.shortMax),
  ...bodyPage,
});
export type StudentFileFilters = Omit<z.infer<typeof studentFilePage>, 'page' | 'size'>;

export const studentFileRow = z.object({
  studentId: z.number(),
  name: z.string(),
  studentNo: z.string(),
  gender: z.string(),
  schoolId: z.number(),
  gradeId: z.number(),
  classId: z.number(),
  className: z.string().nullable(),
  results: z.number(),
  warnings: z.number(),
  lastWarningLevel: z.string().nullable(),
  homeVisits: z.number(),
});

/** One event on the timeline (`warningTimerShaft`): what happened, when, and the record behind it. */
export const TIMELINE_KINDS = [
  'result',
  'warning',
  'warningStep',
  'intervention',
  'homeVisit',
  'groupSession',
  'appointment',
  'growth',
  'observation',
  'setback',
  'describe',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const timelineEvent = z.object({
  kind: z.enum(TIMELINE_KINDS),
  id: z.number(),
  at: z.number(),
  title: z.string(),
  detail: z.string().nullable(),
  level: z.string().nullable(),
  byName: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;
