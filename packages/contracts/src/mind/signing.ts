import { z } from 'zod';
import { textFilter } from '../paging.ts';
import { bodyId, bodyPage } from '../portal/orgs.ts';

/** Limits of sign-form templates and their answers, written once for the server and the forms. */
export const SIGNING_LIMITS = {
  titleMax: 50,
  bodyMax: 5000,
  fieldsMax: 20,
  labelMax: 30,
  valueMax: 500,
  /** A handwritten signature drawn on a phone is a few tens of KB; 1 MB leaves room for a large screen. */
  signatureMaxBytes: 1024 * 1024,
} as const;

export const SIGN_FIELD_KINDS = ['text', 'textarea', 'date'] as const;
/** Sent, waiting for its signer; signed once; withdrawn by the school before it was signed. */
export const SIGN_FORM_STATES = ['sent', 'signed', 'withdrawn'] as const;
export type SignFormState = (typeof SIGN_FORM_STATES)[number];

const L = SIGNING_LIMITS;

export const signField = z.strictObject({
  key: z.string().regex(/^[a-z][a-zA-Z0-9]{0,29}$/, 'v.signing.fields'),
  label: z.string().trim().min(1, 'v.signing.fields').max(L.labelMax, 'v.signing.fields'),
  kind: z.enum(SIGN_FIELD_KINDS, { error: 'v.signing.fields' }),
  required: z.boolean().default(true),
});
export type SignField = z.infer<typeof signField>;

/** A sign-form template (`/apis-user/` sign-form templates): a default of the platform or a school's own. */
export const signTemplate = z.object({
  id: z.number(),
  /** Null for the three defaults every school has. */
  schoolId: z.number().nullable(),
  title: z.string(),
  body: z.string(),
  fields: z.array(signField),
  /** Raised by each edit; forms already sent keep the words of the version they were sent with. */
  version: z.number(),
});

export const signTemplateCreate = z.strictObject({
  title: z.string().trim().min(1, 'v.signing.title').max(L.titleMax, 'v.signing.title'),
  body: z.string().trim().min(1, 'v.signing.body').max(L.bodyMax, 'v.signing.body'),
  fields: z
    .array(signField)
    .max(L.fieldsMax, 'v.signing.fields')
    .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, 'v.signing.fields'),
});
export type SignTemplateCreate = z.input<typeof signTemplateCreate>;

/** Editing a school's own template: its title, text and fields, all at once. */
export const signTemplateUpdate = signTemplateCreate.extend({ id: bodyId });
export type SignTemplateUpdate = z.input<typeof signTemplateUpdate>;

/** A form sent for one student to one of their parents. */
export const signForm = z.object({
  id: z.number(),
  /** What the signer and anyone verifying the PDF quotes: `SF` and 12 letters and digits. */
  number: z.string(),
  title: z.string(),
  studentId: z.number(),
  studentName: z.string(),
  recipientName: z.string(),
  state: z.enum(SIGN_FORM_STATES),
  sentAt: z.number(),
  sentBy: z.string(),
  signedAt: z.number().nullable(),
  withdrawnAt: z.number().nullable(),
  /** The SHA-256 of the signed PDF, hex. */
  sha256: z.string().nullable(),
  /** The batch it was sent in, and the version of the template it was sent with. */
  batchId: z.number().nullable(),
  templateVersion: z.number(),
  /** When its signer was last reminded, if ever. */
  remindedAt: z.number().nullable(),
});

export const signFormPage = z.strictObject({
  ...bodyPage,
  keyword: textFilter(50).optional(),
  state: z.enum(SIGN_FORM_STATES).optional(),
  studentId: bodyId.optional(),
  batchId: bodyId.optional(),
});

/** Limits of a batch: the students of a chosen list, the days before an automatic reminder. */
export const SIGN_BATCH_LIMITS = { studentsMax: 500, remindDaysMax: 30 } as const;

/**
 * One template sent at once to a class's parents or to the parents of chosen students: one form per
 * student, to their first registered parent with an account (decision 0130).
 */
export const signBatchSend = z
  .strictObject({
    templateId: bodyId,
    classId: bodyId.optional(),
    studentIds: z.array(bodyId).min(1, 'signing.batchWho').max(SIGN_BATCH_LIMITS.studentsMax).optional(),
    /** Remind those who have not signed this many days after sending, then again every as many days. */
    remindAfterDays: z
      .number()
      .int()
      .min(1, 'v.signing.remindDays')
      .max(SIGN_BATCH_LIMITS.remindDaysMax, 'v.signing.remindDays')
      .nullable()
      .default(null),
  })
  .refine((b) => (b.classId === undefined) !== (b.studentIds === undefined), {
    message: 'signing.batchWho',
    path: ['classId'],
  });
export type SignBatchSend = z.input<typeof signBatchSend>;

/** A batch and its progress: how many forms were sent, signed, are waiting, were withdrawn. */
export const signBatch = z.object({
  id: z.number(),
  title: z.string(),
  templateVersion: z.number(),
  className: z.string().nullable(),
  remindAfterDays: z.number().nullable(),
  sentAt: z.number(),
  sentBy: z.string(),
  sent: z.number(),
  signed: z.number(),
  pending: z.number(),
  withdrawn: z.number(),
  /** When its waiting signers were last reminded, if ever. */
  remindedAt: z.number().nullable(),
});

/** What sending a batch did: the batch, and the students left out for want of a parent with an account. */
export const signBatchSent = z.object({
  batch: signBatch,
  skipped: z.array(z.object({ studentId: z.number(), studentName: z.string() })),
});

export const signBatchPage = z.strictObject({ ...bodyPage, keyword: textFilter(50).optional() });

/** What a reminder did: who was reminded now, who had already been reminded today. */
export const signRemindResult = z.object({ reminded: z.number(), alreadyToday: z.number() });

/** Who signs: one of the student's parents, or one of the teachers of the student's class. */
export const SIGN_RECIPIENT_KINDS = ['parent', 'teacher'] as const;

export const signFormSend = z.strictObject({
  templateId: bodyId,
  studentId: bodyId,
  recipientKind: z.enum(SIGN_RECIPIENT_KINDS, { error: 'signing.notYourParent' }),
  /** The parent's id, or the teacher's (teacher roster) id. */
  recipientId: bodyId,
});
export type SignFormSend = z.infer<typeof signFormSend>;

/** Whom a form for this student can go to. `relation` is the parent's, or the teacher's part in the class. */
export const signRecipient = z.object({
  kind: z.enum(SIGN_RECIPIENT_KINDS),
  id: z.number(),
  name: z.string(),
  relation: z.string(),
  hasAccount: z.boolean(),
});

/** Anyone with the form's number checks a PDF's SHA-256 (computed where the PDF is). */
export const signVerify = z.strictObject({
  number: z.string().trim().min(1, 'v.signing.number').max(20, 'v.signing.number'),
  sha256: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, 'v.signing.sha256'),
});
export const signVerdict = z.object({ matches: z.boolean(), signedAt: z.number().nullable() });

/** H5: a form the signed-in parent is asked to sign, or has signed. */
export const signFormToSign = z.object({
  number: z.string(),
  title: z.string(),
  body: z.string(),
  fields: z.array(signField),
  schoolName: z.string(),
  studentName: z.string(),
  state: z.enum(SIGN_FORM_STATES),
  sentAt: z.number(),
  signedAt: z.number().nullable(),
  values: z.record(z.string(), z.string()).nullable(),
  /** When the school last reminded the signer, if ever. */
  remindedAt: z.number().nullable(),
});

/** H5: the answers and the signature uploaded by `psychology sign upload` (its path). */
export const signFormSign = z.strictObject({
  number: z.string().trim().min(1).max(20),
  values: z.record(z.string(), z.string().trim().max(L.valueMax, 'v.signing.value')),
  signaturePath: z.string().min(1, 'v.signing.signature').max(200),
});

/** A signed form on the student's archive. */
export const archiveSignedForm = z.object({
  id: z.number(),
  number: z.string(),
  title: z.string(),
  signedAt: z.number(),
  sha256: z.string(),
});
