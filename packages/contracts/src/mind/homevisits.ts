import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';
import { bodyId, bodyPage, queryId } from '../portal/orgs.ts';
import { semesterBrief } from './students-xuenian.ts';

/** Limits of home-visit tasks and records, written once for the server and the form. */
export const HOME_VISIT_LIMITS = {
  nameMax: 50,
  questionsMax: 50,
  questionTitleMax: 100,
  optionsMin: 2,
  optionsMax: 10,
  optionMax: 50,
  answerMax: 1000,
  targetsMax: 5000,
  peopleMax: 100,
  placeMax: 100,
  summaryMax: 2000,
} as const;

export const VISIT_QUESTION_TYPES = ['text', 'single', 'multi'] as const;
export type VisitQuestionType = (typeof VISIT_QUESTION_TYPES)[number];
export const VISIT_WAYS = ['home', 'phone', 'video', 'school'] as const;
export type VisitWay = (typeof VISIT_WAYS)[number];

const L = HOME_VISIT_LIMITS;

/** One question of a visit form: a text answer, or one or several of its options. */
export const visitQuestion = z
  .strictObject({
    id: z.string().trim().min(1, 'v.visitTask.questionId').max(20, 'v.visitTask.questionId'),
    title: z.string().trim().min(1, 'v.visitTask.questionTitle').max(L.questionTitleMax, 'v.visitTask.questionTitle'),
    type: z.enum(VISIT_QUESTION_TYPES, { error: 'v.visitTask.questionType' }),
    options: z
      .array(z.string().trim().min(1, 'v.visitTask.options').max(L.optionMax, 'v.visitTask.options'))
      .default([]),
    required: z.boolean().default(true),
  })
  .refine(
    (q) =>
      q.type === 'text'
        ? q.options.length === 0
        : q.options.length >= L.optionsMin &&
          q.options.length <= L.optionsMax &&
          new Set(q.options).size === q.options.length,
    { message: 'v.visitTask.options', path: ['options'] },
  );
export type VisitQuestion = z.infer<typeof visitQuestion>;

const ids = z.array(bodyId).max(L.targetsMax, 'v.visitTask.targets');

const taskFields = {
  name: z.string().trim().min(1, 'v.visitTask.name').max(L.nameMax, 'v.visitTask.name'),
  questions: z
    .array(visitQuestion, { error: 'v.visitTask.questions' })
    .min(1, 'v.visitTask.questions')
    .max(L.questionsMax, 'v.visitTask.questions')
    .refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, 'v.visitTask.questionId'),
  /** Whom to visit: classes and/or chosen students of the caller's scope. */
  targets: z
    .strictObject({ classIds: ids.default([]), studentIds: ids.default([]) })
    .refine((t) => t.classIds.length + t.studentIds.length > 0, 'v.visitTask.targets'),
  /** Epoch milliseconds. */
  startsAt: z.number({ error: 'v.visitTask.window' }).int().positive('v.visitTask.window'),
  endsAt: z.number({ error: 'v.visitTask.window' }).int().positive('v.visitTask.window'),
};
const windowRule = (t: { startsAt?: number; endsAt?: number }) =>
  t.startsAt === undefined || t.endsAt === undefined || t.endsAt > t.startsAt;

export const visitTaskCreate = z
  .strictObject(taskFields)
  .refine(windowRule, { message: 'v.visitTask.window', path: ['endsAt'] });
export type VisitTaskCreate = z.infer<typeof visitTaskCreate>;
export const visitTaskUpdate = z
  .strictObject({ id: bodyId, ...taskFields })
  .refine(windowRule, { message: 'v.visitTask.window', path: ['endsAt'] });
export type VisitTaskUpdate = z.infer<typeof visitTaskUpdate>;
export const visitTaskPage = z.strictObject({ keyword: textFilter(L.nameMax), ...bodyPage });

export const visitTask = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  questions: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      type: z.enum(VISIT_QUESTION_TYPES),
      options: z.array(z.string()),
      required: z.boolean(),
    }),
  ),
  targets: z.object({ classIds: z.array(z.number()), studentIds: z.array(z.number()) }),
  startsAt: z.number(),
  endsAt: z.number(),
  visits: z.number(),
  createdBy: z.number(),
  createdAt: z.number(),
});

/** An answer: the text, or the chosen option(s). */
export const visitAnswer = z.union([
  z.string().max(L.answerMax, 'v.visit.answer'),
  z.array(z.string().max(L.optionMax, 'v.visit.answer')).max(L.optionsMax, 'v.visit.answer'),
]);

const visitFields = {
  studentId: bodyId,
  visitedAt: z.number({ error: 'v.visit.time' }).int().positive('v.visit.time'),
  way: z.enum(VISIT_WAYS, { error: 'v.visit.way' }),
  place: z.string().trim().max(L.placeMax, 'v.visit.place').nullable().default(null),
  people: z.string().trim().min(1, 'v.visit.people').max(L.peopleMax, 'v.visit.people'),
  answers: z.record(z.string(), visitAnswer).default({}),
  summary: z.string().trim().min(1, 'v.visit.summary').max(L.summaryMax, 'v.visit.summary'),
};
export const visitAdd = z.strictObject({ taskId: bodyId.nullable().default(null), ...visitFields });
export type VisitAdd = z.infer<typeof visitAdd>;
export const visitUpdate = z.strictObject({ id: bodyId, ...visitFields });
export type VisitUpdate = z.infer<typeof visitUpdate>;
export const visitPage = z.strictObject({
  taskId: bodyId.optional(),
  studentId: bodyId.optional(),
  schoolId: bodyId.optional(),
  classId: bodyId.optional(),
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  ...bodyPage,
});
export type VisitFilters = Omit<z.infer<typeof visitPage>, 'page' | 'size'> & {
  /** Only the visits the student's head teacher made (`analysis/review/bzrjf`, decision 0135). */
  byHeadTeacher?: boolean;
};

/** `analysis/review/bzrjf` (decision 0135): the head teachers' home visits, filtered as the records page. */
export const headTeacherVisitQuery = pageQuery.extend({
  taskId: queryId.optional(),
  studentId: queryId.optional(),
  schoolId: queryId.optional(),
  classId: queryId.optional(),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
});

export const visitRecord = z.object({
  id: z.number(),
  taskId: z.number().nullable(),
  taskName: z.string().nullable(),
  studentId: z.number(),
  studentName: z.string(),
  schoolId: z.number(),
  classId: z.number().nullable(),
  visitedAt: z.number(),
  way: z.string(),
  place: z.string().nullable(),
  people: z.string(),
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  summary: z.string(),
  visitorId: z.number(),
  visitorName: z.string().nullable(),
  createdAt: z.number(),
});
export type VisitRecord = z.infer<typeof visitRecord>;

/** `analysis/itemStatus/homeVisit`: the student's visits of the current semester; none when no semester is current. */
export const semesterVisits = z.object({ semester: semesterBrief.nullable(), list: z.array(visitRecord) });

export const visitExportQuery = z.object({ taskId: queryId });
