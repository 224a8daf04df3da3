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
  /** Field mapping: fields mapped, codes per field, length of a name or code. */
  mapFieldsMax: 30,
  mapCodesMax: 100,
  codeMax: 50,
  /** A full resync sends at most this many batches a minute (1 to 60; 10 by default). */
  resyncPerMinuteMax: 60,
  resyncPerMinuteDefault: 10,
} as const;
const L = DOCKING_LIMITS;

/** What may be reported up: the spec's four kinds (decisions 0103 and 0129), in the order a full resync walks them. */
export const DOCKING_KINDS = ['student', 'result', 'warning', 'intervention'] as const;
export type DockingKind = (typeof DOCKING_KINDS)[number];
/** Where the secret the requests are signed with comes from; the secret itself is never sent back. */
export const DOCKING_SECRET_SOURCES = ['stored', 'environment', 'none'] as const;

/**
 * The fields a record carries, as Meridian names them (docs/protocols/province.md). Every kind
 * carries the student fields; each kind adds its own.
 */
export const DOCKING_FIELDS = [
  'schoolName',
  'name',
  'studentNo',
  'idCard',
  'gender',
  'grade',
  'scale',
  'total',
  'band',
  'warningLevel',
  'submittedAt',
  'level',
  'source',
  'state',
  'openedAt',
  'closedAt',
  'warningKey',
  'interventionKind',
  'happenedAt',
] as const;
export type DockingField = (typeof DOCKING_FIELDS)[number];

const code = z.string().trim().min(1, 'v.docking.code').max(L.codeMax, 'v.docking.code');
/**
 * One field's mapping (decision 0129): the platform's name for it (empty: ours), and, when codes
 * are given, our value → the platform's code, with a default for a value without a code. A value
 * that has no code and no default fails the record, named, without sending it.
 */
export const dockingFieldMap = z.strictObject({
  field: z.enum(DOCKING_FIELDS),
  name: z.string().trim().max(L.codeMax, 'v.docking.code').default(''),
  codes: z
    .array(z.strictObject({ ours: code, theirs: code }))
    .max(L.mapCodesMax)
    .default([]),
  fallback: z.string().trim().max(L.codeMax, 'v.docking.code').nullable().default(null),
});
export type DockingFieldMap = z.infer<typeof dockingFieldMap>;
export const dockingMapping = z
  .array(dockingFieldMap)
  .max(L.mapFieldsMax)
  .refine((list) => new Set(list.map((m) => m.field)).size === list.length, 'v.docking.mapTwice');

/** The province platform as a district administrator saves it. `secret`: absent keeps the stored one, '' removes it. */
export const dockingConfigSave = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/, error: 'v.docking.baseUrl' }).max(L.baseUrlMax, 'v.docking.baseUrl'),
  appId: z.string().trim().min(1, 'v.docking.appId').max(L.appIdMax, 'v.docking.appId'),
  secret: z.string().trim().max(L.secretMax, 'v.docking.secret').optional(),
  schoolIds: z.array(z.number().int().positive()).max(1000),
  kinds: z.array(z.enum(DOCKING_KINDS)).min(1, 'v.docking.kinds'),
  /** Absent keeps the saved mapping. */
  mapping: dockingMapping.optional(),
  resyncPerMinute: z
    .number()
    .int()
    .min(1, 'v.docking.resyncPerMinute')
    .max(L.resyncPerMinuteMax, 'v.docking.resyncPerMinute')
    .optional(),
});
export type DockingConfigSave = z.infer<typeof dockingConfigSave>;

export const dockingConfig = z.object({
  configured: z.boolean(),
  baseUrl: z.string(),
  appId: z.string(),
  secretSource: z.enum(DOCKING_SECRET_SOURCES),
  schoolIds: z.array(z.number()),
  kinds: z.array(z.enum(DOCKING_KINDS)),
  mapping: z.array(
    z.object({
      field: z.enum(DOCKING_FIELDS),
      name: z.string(),
      codes: z.array(z.object({ ours: z.string(), theirs: z.string() })),
      fallback: z.string().nullable(),
    }),
  ),
  resyncPerMinute: z.number(),
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
export const DOCKING_BATCH_REASONS = ['push', 'resend', 'resync'] as const;
export const dockingBatchQuery = pageQuery.extend({ state: z.enum(DOCKING_BATCH_STATES).optional() });
export const dockingBatch = z.object({
  id: z.number(),
  reason: z.enum(DOCKING_BATCH_REASONS),
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

/** Start a full resync of these schools and kinds (absent: the saved ones). */
export const dockingResyncStart = z.strictObject({
  schoolIds: z.array(z.number().int().positive()).min(1, 'v.docking.resyncSchools').max(1000).optional(),
  kinds: z.array(z.enum(DOCKING_KINDS)).min(1, 'v.docking.kinds').optional(),
});
export type DockingResyncStart = z.infer<typeof dockingResyncStart>;

export const DOCKING_RESYNC_STATES = ['running', 'done'] as const;
/** A full resync's progress: records queued (`done`) of `total`, in batches of at most 100, at most `perMinute` a minute. */
export const dockingResync = z.object({
  id: z.number(),
  state: z.enum(DOCKING_RESYNC_STATES),
  schoolIds: z.array(z.number()),
  kinds: z.array(z.enum(DOCKING_KINDS)),
  total: z.number(),
  done: z.number(),
  batches: z.number(),
  perMinute: z.number(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type DockingResync = z.infer<typeof dockingResync>;
/** The latest resync of the caller's platform, or none yet. */
export const dockingResyncStatus = z.object({ resync: dockingResync.nullable() });
