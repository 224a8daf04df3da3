import { z } from 'zod';
import { textFilter } from '../paging.ts';
import { bodyId, bodyPage, queryId } from '../portal/orgs.ts';
import { visitRecord } from './homevisits.ts';
import { INTERVENTION_KINDS, WARNING_ACTIONS, WARNING_SOURCES, WARNING_STATES } from './interventions.ts';
import { archiveSignedForm } from './signing.ts';
import { isoDate, PARENT_RELATIONS, student } from './students.ts';
import { semesterBrief } from './students-xuenian.ts';

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
  parents: z.array(
    z.object({ parentId: z.number(), name: z.string(), phone: z.string(), relation: z.enum(PARENT_RELATIONS) }),
  ),
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

/*
 * The file of one student as the archive calls answer it (`queryBaseInfo`, `queryXnxqHistory`,
 * `studentFileDetails`): each record list as the file shows it, oldest first. The routes cut their
 * answers to these, and the web takes its types from them.
 */
export const archiveResult = z.object({
  id: z.number(),
  taskId: z.number(),
  scaleId: z.number(),
  scaleName: z.string(),
  valid: z.boolean(),
  total: z.number().nullable(),
  band: z.string().nullable(),
  warningLevel: z.string().nullable(),
  submittedAt: z.number(),
});
/** A step of a warning (raised, changed level, closed...), by whom. */
export const archiveWarningStep = z.object({
  action: z.enum(WARNING_ACTIONS),
  fromState: z.enum(WARNING_STATES).nullable(),
  toState: z.enum(WARNING_STATES),
  fromLevel: z.string().nullable(),
  toLevel: z.string().nullable(),
  reason: z.string().nullable(),
  by: z.string().nullable(),
  at: z.number(),
});
export const archiveWarning = z.object({
  id: z.number(),
  level: z.string(),
  state: z.enum(WARNING_STATES),
  rule: z.string(),
  /** In the caller's language. */
  reason: z.string().nullable(),
  sourceType: z.enum(WARNING_SOURCES),
  createdAt: z.number(),
  closedAt: z.number().nullable(),
  history: z.array(archiveWarningStep),
});
/** An intervention without its private notes, which stay behind the intervention pages' permission. */
export const archiveIntervention = z.object({
  id: z.number(),
  warningId: z.number(),
  kind: z.enum(INTERVENTION_KINDS),
  happenedAt: z.number(),
  place: z.string(),
  people: z.string(),
  content: z.string(),
  assessment: z.string(),
  nextStep: z.string(),
  institution: z.string(),
  by: z.string().nullable(),
});
export const archiveVisit = visitRecord.pick({
  id: true,
  taskName: true,
  visitedAt: true,
  way: true,
  people: true,
  summary: true,
  answers: true,
});
/** A counselling group the student is in, once per session held (the session fields null before the first). */
export const archiveGroup = z.object({
  groupId: z.number(),
  title: z.string(),
  topic: z.string(),
  state: z.string(),
  sessionId: z.number().nullable(),
  heldAt: z.number().nullable(),
  place: z.string().nullable(),
  content: z.string().nullable(),
  absent: z.boolean(),
});
export const archiveAppointment = z.object({
  id: z.number(),
  state: z.string(),
  wantedAt: z.number(),
  reason: z.string(),
  sessionAt: z.number().nullable(),
  summary: z.string().nullable(),
  rating: z.number().nullable(),
  createdAt: z.number(),
});
export const archiveGrowth = growthRecord.pick({
  id: true,
  occurredOn: true,
  category: true,
  title: true,
  content: true,
  authorId: true,
});
/** A daily-work record about the student: a teacher's observation, a setback, a description. */
export const archiveObservation = z.object({
  id: z.number(),
  kind: z.string(),
  occurredOn: z.string(),
  category: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  by: z.string().nullable(),
});

/** The record lists of a file, each oldest first. */
export const archiveSections = z.object({
  results: z.array(archiveResult),
  warnings: z.array(archiveWarning),
  interventions: z.array(archiveIntervention),
  homeVisits: z.array(archiveVisit),
  groupCounselling: z.array(archiveGroup),
  appointments: z.array(archiveAppointment),
  growthRecords: z.array(archiveGrowth),
  observations: z.array(archiveObservation),
  /** Forms a parent signed online for the student, newest last. */
  signedForms: z.array(archiveSignedForm),
});

/** `studentArchives/queryBaseInfo`: the student card, the class's head teachers, the family. */
export const archiveBaseInfo = student.extend({ classTeachers: z.array(z.string()), family: familyInfo });

/** `studentFileDetails/{userId}`: the whole file. Parents' phones masked, as in the family. */
export const archiveDetails = archiveSections.extend({
  student,
  family: familyInfo,
  parents: familyInfo.shape.parents,
});

/** One semester of `queryXnxqHistory`, newest first; `semester` is null for what falls in no semester. */
export const semesterFile = archiveSections
  .pick({ results: true, warnings: true, homeVisits: true, growthRecords: true })
  .extend({ semester: semesterBrief.nullable(), current: z.boolean() });
