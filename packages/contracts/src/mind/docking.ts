import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';

/** Limits of province docking, written once for the server and the pages (decision 0103). */
export const DOCKING_LIMITS = {
  baseUrlMax: 300,
  appIdMax: 100,
  secretMax: 200,
  /** The most records one request to the province platform carries. */
  batchMax: 100,
  nameMax: 50,
  reasonMax: 500,
} as const;
const L = DOCKING_LIMITS;

/** What may be reported up: the spec's four kinds; students and assessment results are built (decision 0103). */
export const DOCKING_KINDS = ['student', 'result'] as const;
export type DockingKind = (typeof DOCKING_KINDS)[number];
/** Where the secret the requests are signed with comes from; the secret itself is never sent back. */
export const DOCKING_SECRET_SOURCES = ['stored', 'environment', 'none'] as const;

/** The province platform as a district administrator saves it. `secret`: absent keeps the stored one, '' removes it. */
export const dockingConfigSave = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/, error: 'v.docking.baseUrl' }).max(L.baseUrlMax, 'v.docking.baseUrl'),
  appId: z.string().trim().min(1, 'v.docking.appId').max(L.appIdMax, 'v.docking.appId'),
  secret: z.string().trim().max(L.secretMax, 'v.docking.secret').optional(),
  schoolIds: z.array(z.number().int().positive()).max(1000),
  kinds: z.array(z.enum(DOCKING_KINDS)).min(1, 'v.docking.kinds'),
});
export type DockingConfigSave = z.infer<typeof dockingConfigSave>;

export const dockingConfig = z.object({
  configured: z.boolean(),
  baseUrl: z.string(),
  appId: z.string(),
  secretSource: z.enum(DOCKING_SECRET_SOURCES),
  schoolIds: z.array(z.number()),
  kinds: z.array(z.enum(DOCKING_KINDS)),
  /** The schools of the caller's scope, to choose from. */
  schools: z.array(z.object({ id: z.number(), name: z.string() })),
  updatedAt: z.number().nullable(),
});
export type DockingConfig = z.infer<typeof dockingConfig>;

/** What one push queued: records new to the platform, in how many batches of at most 100. */
export const dockingPushResult = z.object({ queued: z.number(), batches: z.number(), alreadySent: z.number() });

/** A record's state: waiting in a batch, accepted, refused (with the platform's reason), or corrected and queued again. */
export const DOCKING_RECORD_STATES = ['pending', 'sent', 'failed', 'resend'] as const;
export type DockingRecordState = (typeof DOCKING_RECORD_STATES)[number];

export const dockingRecordQuery = pageQuery.extend({
  state: z.enum(DOCKING_RECORD_STATES).optional(),
  kind: z.enum(DOCKING_KINDS).optional(),
  schoolId: z.coerce.number().int().positive().optional(),
  batchId: z.coerce.number().int().positive().optional(),
  keyword: textFilter(L.nameMax),
});
export type DockingRecordQuery = z.infer<typeof dockingRecordQuery>;

export const dockingRecord = z.object({
  id: z.number(),
  key: z.string(),
  kind: z.enum(DOCKING_KINDS),
  schoolId: z.number(),
  schoolName: z.string(),
  studentName: z.string(),
  studentNo: z.string(),
  /** The ID number sent, masked but for its last four characters. */
  idCardMasked: z.string(),
  summary: z.string(),
  state: z.enum(DOCKING_RECORD_STATES),
  reason: z.string().nullable(),
  batchId: z.number().nullable(),
  sends: z.number(),
  sentAt: z.number().nullable(),
  updatedAt: z.number(),
});
export type DockingRecord = z.infer<typeof dockingRecord>;

export const DOCKING_BATCH_STATES = ['queued', 'retrying', 'sent', 'failed'] as const;
export const dockingBatchQuery = pageQuery.extend({ state: z.enum(DOCKING_BATCH_STATES).optional() });
export const dockingBatch = z.object({
  id: z.number(),
  reason: z.enum(['push', 'resend']),
  size: z.number(),
  state: z.enum(DOCKING_BATCH_STATES),
  accepted: z.number(),
  refused: z.number(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
});
export type DockingBatch = z.infer<typeof dockingBatch>;

/** Resend some failed records (`ids`), or every failed one of the scope (`ids` absent). */
export const dockingResend = z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(1000).optional() });
export const dockingResendResult = z.object({ queued: z.number(), batches: z.number() });

/** "Modify student info": the fields of a refused record corrected before it is sent again. */
export const dockingStudentFix = z.strictObject({
  name: z.string().trim().min(1, 'v.docking.name').max(L.nameMax, 'v.docking.name'),
  idCard: z
    .string()
    .trim()
    .regex(/^\d{17}[\dX]$/, 'v.docking.idCard'),
});
export type DockingStudentFix = z.infer<typeof dockingStudentFix>;
