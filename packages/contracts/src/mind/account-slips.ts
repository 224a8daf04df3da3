import { z } from 'zod';
import { bodyId } from '../portal/orgs.ts';
import { downloadTask } from './downloads.ts';

/**
 * `user/account/batch`: accounts for every student of a class, grade, campus or school who has
 * none, and (with `parents`) for their parents who have none; the passwords leave only in the slips.
 */
export const accountBatch = z.strictObject({
  orgId: bodyId,
  parents: z.boolean({ error: 'v.accounts.parents' }).default(true),
});
/** `user/account/reset`: a new initial password for one student's account, on a one-slip file. */
export const accountReset = z.strictObject({ studentId: bodyId });

/** A student skipped because they already have an account. */
export const skippedStudent = z.object({ name: z.string(), className: z.string() });

export const accountBatchStarted = z.object({
  task: downloadTask,
  /** Students of the selection (studying), with and without an account. */
  selected: z.number(),
  /** Students who get an account now. */
  creating: z.number(),
  /** Those who already have one: no slip, no new password. At most 50 named, `skipped` counts them all. */
  skipped: z.number(),
  skippedNames: z.array(skippedStudent),
});
