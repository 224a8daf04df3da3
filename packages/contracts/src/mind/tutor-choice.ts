import { z } from 'zod';
import { bodyId } from '../portal/orgs.ts';

/** Limits of tutor-choice tasks (`tutorChoice`), written once for the server and the form. */
export const TUTOR_CHOICE_LIMITS = {
  nameMax: 50,
  roundsMax: 5,
  tutorsMax: 200,
  quotaMax: 500,
  classesMax: 500,
} as const;
const L = TUTOR_CHOICE_LIMITS;
export const CHOICE_STATES = ['pending', 'confirmed', 'declined'] as const;

export const tutorTaskCreate = z
  .strictObject({
    name: z.string().trim().min(1, 'v.tutorTask.name').max(L.nameMax, 'v.tutorTask.name'),
    rounds: z.number().int().min(1, 'v.tutorTask.rounds').max(L.roundsMax, 'v.tutorTask.rounds'),
    classIds: z.array(bodyId).min(1, 'v.tutorTask.classes').max(L.classesMax, 'v.tutorTask.classes'),
    tutors: z
      .array(
        z.strictObject({
          userId: bodyId,
          quota: z.number().int().min(1, 'v.tutorTask.quota').max(L.quotaMax, 'v.tutorTask.quota'),
        }),
      )
      .min(1, 'v.tutorTask.tutors')
      .max(L.tutorsMax, 'v.tutorTask.tutors')
      .refine((ts) => new Set(ts.map((t) => t.userId)).size === ts.length, 'v.tutorTask.tutors'),
    opensAt: z.number().int().positive('v.tutorTask.window'),
    closesAt: z.number().int().positive('v.tutorTask.window'),
  })
  .refine((t) => t.closesAt > t.opensAt, { message: 'v.tutorTask.window', path: ['closesAt'] });
export type TutorTaskCreate = z.infer<typeof tutorTaskCreate>;

export const tutorSlot = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  quota: z.number(),
  taken: z.number(),
});
export const tutorTask = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  rounds: z.number(),
  round: z.number(),
  classIds: z.array(z.number()),
  opensAt: z.number(),
  closesAt: z.number(),
  tutors: z.array(tutorSlot),
});
export const tutorRound = z.strictObject({ id: bodyId, round: z.number().int().min(1) });
export const tutorChoose = z.strictObject({ taskId: bodyId, tutorId: bodyId });
export const tutorDecide = z.strictObject({ choiceId: bodyId, confirm: z.boolean() });
export const tutorChoice = z.object({
  id: z.number(),
  taskId: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  className: z.string(),
  tutorId: z.number(),
  tutorName: z.string(),
  round: z.number(),
  state: z.enum(CHOICE_STATES),
});
/**
 * A class in one round (decision 0130): choices of the round waiting for the tutor (`chosen`),
 * confirmed, declined, and students who have made no choice in it and were not confirmed before.
 */
export const roundProgress = z.object({
  round: z.number(),
  chosen: z.number(),
  confirmed: z.number(),
  declined: z.number(),
  notChosen: z.number(),
});

export const classProgress = z.object({
  classId: z.number(),
  className: z.string(),
  students: z.number(),
  chosen: z.number(),
  confirmed: z.number(),
  /** Rounds 1 up to the task's current round. */
  rounds: z.array(roundProgress),
});
