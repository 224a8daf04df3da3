import { z } from 'zod';
import { bodyId, bodyPage, queryId } from '../portal/orgs.ts';
import { transcriptDelete, transcriptDeletion } from './ai.ts';

/** Limits of the AI interview, written once for the server and the page (decision 0102). */
export const AI_INTERVIEW_LIMITS = {
  /** A student's message: a spoken answer fits many times over; a pasted essay is refused in words. */
  messageMax: 1000,
} as const;

/** Why an interview cannot talk to the model now, in the order an administrator fixes them. */
export const INTERVIEW_UNAVAILABLE = ['notSet', 'off', 'noLegalBasis', 'overBudget'] as const;

export const interviewRef = z.strictObject({ taskId: bodyId, scaleId: bodyId });
export const interviewRefQuery = z.object({ taskId: queryId, scaleId: queryId });
export const interviewSay = z.strictObject({
  taskId: bodyId,
  scaleId: bodyId,
  text: z.string().trim().min(1, 'v.interview.empty').max(AI_INTERVIEW_LIMITS.messageMax, 'v.interview.tooLong'),
});
/** The student's choice for an item: the option the interviewer proposed, or another one of the item's. */
export const interviewConfirm = z.strictObject({
  taskId: bodyId,
  scaleId: bodyId,
  itemId: z.string().max(32),
  value: z.string().max(16),
});

const option = z.object({ value: z.string(), label: z.string() });
export const interviewTurn = z.object({
  id: z.number(),
  role: z.enum(['interviewer', 'student']),
  kind: z.enum(['question', 'answer', 'proposed', 'confirmed', 'crisis', 'failed']),
  content: z.string(),
  itemId: z.string().nullable(),
  optionValue: z.string().nullable(),
  crisis: z.boolean(),
  at: z.number(),
});
export type InterviewTurn = z.infer<typeof interviewTurn>;

export const interview = z.object({
  taskId: z.number(),
  scaleId: z.number(),
  scaleName: z.string(),
  state: z.enum(['todo', 'started', 'done']),
  /** Null when the interviewer can talk; else why not (the student may still answer by the options). */
  unavailable: z.enum(INTERVIEW_UNAVAILABLE).nullable(),
  itemCount: z.number(),
  answered: z.number(),
  /** The item being asked, with its options; null once every item is answered. */
  current: z.object({ itemId: z.string(), no: z.number(), text: z.string(), options: z.array(option) }).nullable(),
  /** The option the interviewer understood for the current item, waiting for the student to confirm. */
  proposed: option.nullable(),
  turns: z.array(interviewTurn),
  /** Whom to turn to, shown at once after a message with a crisis phrase. */
  help: z.object({ counsellors: z.array(z.string()), hotline: z.string() }).nullable(),
});
export type Interview = z.infer<typeof interview>;

export const interviewResultPage = z.strictObject({ ...bodyPage, taskId: bodyId.optional() });
export const interviewResultRow = z.object({
  resultId: z.number(),
  taskId: z.number(),
  taskName: z.string(),
  scaleName: z.string(),
  studentName: z.string(),
  className: z.string().nullable(),
  total: z.number().nullable(),
  band: z.string().nullable(),
  warningLevel: z.string().nullable(),
  /** The student wrote something the crisis check flagged: a crisis warning was opened from the transcript. */
  crisis: z.boolean(),
  corrections: z.number(),
  submittedAt: z.number(),
});

export const interviewReportQuery = z.object({ resultId: queryId });
export const interviewReport = z.object({
  resultId: z.number(),
  taskName: z.string(),
  scaleName: z.string(),
  studentName: z.string(),
  className: z.string().nullable(),
  total: z.number().nullable(),
  band: z.string().nullable(),
  warningLevel: z.string().nullable(),
  submittedAt: z.number(),
  items: z.array(
    z.object({
      itemId: z.string(),
      no: z.number(),
      text: z.string(),
      value: z.string(),
      options: z.array(option),
      /** The student's own words the mapping came from. */
      quote: z.string().nullable(),
    }),
  ),
  turns: z.array(interviewTurn),
  /** Set when the transcript was deleted (retention or on request): turns are then empty, the score stays. */
  transcriptDeleted: transcriptDeletion.nullable(),
  corrections: z.array(
    z.object({
      itemId: z.string(),
      from: z.string(),
      to: z.string(),
      fromTotal: z.number().nullable(),
      toTotal: z.number().nullable(),
      byName: z.string(),
      at: z.number(),
    }),
  ),
});
export type InterviewReport = z.infer<typeof interviewReport>;
export const interviewCorrect = z.strictObject({
  resultId: bodyId,
  itemId: z.string().max(32),
  value: z.string().max(16),
});

/** An administrator deletes one interview's transcript on the student's request (decision 0137). */
export const interviewTranscriptDelete = transcriptDelete.extend({ resultId: bodyId });

/**
 * `ai-im import task` (decision 0145): prior AI interview records from an xlsx, imported by a job
 * whose progress shows in the download center. At most `rowsMax` rows; `itemsMax` item columns.
 */
export const AI_IMPORT_LIMITS = { rowsMax: 2000, itemsMax: 100, transcriptMax: 10_000 } as const;
