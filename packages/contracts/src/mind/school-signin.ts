import { z } from 'zod';
import { bodyId } from '../portal/orgs.ts';

/** The last six characters of a Chinese ID-card number: digits, the last one may be X (any case). */
export const idCardSuffix = z
  .string({ error: 'v.schoolSignIn.suffix' })
  .trim()
  .regex(/^\d{5}[\dXx]$/, { error: 'v.schoolSignIn.suffix' })
  .transform((value) => value.toUpperCase());

/** `login/studentNo`: a student of the chosen school signs in with their student number and ID-card suffix. */
export const studentNoLoginBody = z.strictObject({
  schoolId: bodyId,
  studentNo: z
    .string({ error: 'v.schoolSignIn.studentNo' })
    .trim()
    .min(1, { error: 'v.schoolSignIn.studentNo' })
    .max(32),
  idSuffix: idCardSuffix,
});

/** A school whose students may sign in with their student number, as the H5 sign-in offers it. */
export const studentNoSchool = z.object({ id: z.number(), name: z.string() });

/** A school's sign-in setting, as its administrator sees and sets it. */
export const schoolSignInSetting = z.object({
  schoolId: z.number(),
  schoolName: z.string(),
  studentNoSignIn: z.boolean(),
});
export const schoolSignInUpdate = z.strictObject({ studentNoSignIn: z.boolean() });
