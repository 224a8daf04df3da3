import { z } from 'zod';

/** Limits of the AI settings, written once for the server and the page (decision 0090). */
export const AI_LIMITS = {
  baseUrlMax: 300,
  modelMax: 100,
  keyMax: 500,
  legalBasisMax: 500,
  budgetMax: 100_000_000,
  draftMax: 4000,
} as const;

/** How long a school keeps AI transcripts (interview turns, tree-hole messages), in days (decision 0137). */
export const AI_RETENTION = { defaultDays: 365, minDays: 30, maxDays: 1825, reasonMax: 500 } as const;
const L = AI_LIMITS;

/** Where the key the endpoint is called with comes from; the key itself is never sent back. */
export const AI_KEY_SOURCES = ['stored', 'environment', 'none'] as const;

/** The deployment's endpoint as the administrator saves it. `apiKey`: absent keeps the stored key, '' removes it. */
export const aiSettingSave = z.strictObject({
  enabled: z.boolean(),
  baseUrl: z.union([
    z.literal(''),
    z.url({ protocol: /^https?$/, error: 'v.ai.baseUrl' }).max(L.baseUrlMax, 'v.ai.baseUrl'),
  ]),
  model: z.string().trim().max(L.modelMax, 'v.ai.model'),
  apiKey: z.string().trim().max(L.keyMax, 'v.ai.apiKey').optional(),
  dailyTokenBudget: z.number().int().min(0, 'v.ai.budget').max(L.budgetMax, 'v.ai.budget'),
});
export type AiSettingSave = z.infer<typeof aiSettingSave>;

/**
 * A district's own endpoint (decision 0146): its schools call it instead of the deployment's; off
 * turns AI off for them. `apiKey` as the deployment's: absent keeps, '' removes. The budget per
 * school stays the deployment's.
 */
export const aiDistrictSave = aiSettingSave.omit({ dailyTokenBudget: true });
export type AiDistrictSave = z.infer<typeof aiDistrictSave>;
/** A district (a bureau) of the caller's scope, and its endpoint when it has its own. */
export const aiDistrictRow = z.object({
  districtId: z.number(),
  districtName: z.string(),
  /** Null: its schools use the deployment's endpoint. */
  own: z
    .object({
      enabled: z.boolean(),
      baseUrl: z.string(),
      model: z.string(),
      /** A district's endpoint never borrows the deployment's key: stored here, or none. */
      keySource: z.enum(['stored', 'none']),
      updatedAt: z.number().nullable(),
    })
    .nullable(),
});
export type AiDistrictRow = z.infer<typeof aiDistrictRow>;

export const aiSetting = z.object({
  enabled: z.boolean(),
  baseUrl: z.string(),
  model: z.string(),
  keySource: z.enum(AI_KEY_SOURCES),
  /** Whether a key may be stored here (the deployment has a SECRETS_KEY to seal it with). */
  canStoreKey: z.boolean(),
  /** Whether the caller may change the endpoint: it serves the whole deployment (decision 0090). */
  canChangeEndpoint: z.boolean(),
  dailyTokenBudget: z.number(),
  updatedAt: z.number().nullable(),
});
export type AiSetting = z.infer<typeof aiSetting>;

/** What the "test" button found: said to the user in words, with the latency when it answered. */
export const AI_TEST_OUTCOMES = [
  'ok',
  'unreachable',
  'unauthorized',
  'rateLimited',
  'timeout',
  'failed',
  'notSet',
] as const;
export type AiTestOutcome = (typeof AI_TEST_OUTCOMES)[number];
export const aiTestResult = z.object({
  outcome: z.enum(AI_TEST_OUTCOMES),
  latencyMs: z.number(),
  retryAfterSeconds: z.number().nullable(),
  /** The HTTP status the endpoint answered, when it answered with an error. */
  status: z.number().nullable(),
});
export type AiTestResult = z.infer<typeof aiTestResult>;

/** A school's privacy record: no student text leaves the school until it records its legal basis and turns sending on. */
export const aiSchoolPrivacySave = z.strictObject({
  sending: z.boolean(),
  legalBasis: z.string().trim().max(L.legalBasisMax, 'v.ai.legalBasis'),
  /** Transcripts older than this are deleted by the nightly cleanup; absent keeps the default. */
  retentionDays: z
    .number()
    .int('v.ai.retentionDays')
    .min(AI_RETENTION.minDays, 'v.ai.retentionDays')
    .max(AI_RETENTION.maxDays, 'v.ai.retentionDays')
    .default(AI_RETENTION.defaultDays),
});
export type AiSchoolPrivacySave = z.infer<typeof aiSchoolPrivacySave>;
export const aiSchoolRow = z.object({
  schoolId: z.number(),
  schoolName: z.string(),
  sending: z.boolean(),
  legalBasis: z.string(),
  recordedBy: z.string().nullable(),
  recordedAt: z.number().nullable(),
  retentionDays: z.number(),
  tokensToday: z.number(),
});

/** Why a transcript is gone: the school's retention ran out, or an administrator deleted it on request. */
export const TRANSCRIPT_DELETION_CAUSES = ['retention', 'request'] as const;
export const transcriptDeletion = z.object({
  cause: z.enum(TRANSCRIPT_DELETION_CAUSES),
  at: z.number(),
  /** The reason an administrator gave (a deletion on request); null after the retention. */
  reason: z.string().nullable(),
});
export type TranscriptDeletion = z.infer<typeof transcriptDeletion>;
/** An administrator deletes one student's transcript on request, with a reason (audited). */
export const transcriptDelete = z.strictObject({
  reason: z.string().trim().min(1, 'v.ai.deleteReason').max(AI_RETENTION.reasonMax, 'v.ai.deleteReason'),
});
export type AiSchoolRow = z.infer<typeof aiSchoolRow>;

/** A draft of intervention suggestions for a warning: a draft for the teacher to edit, never saved by itself. */
export const aiSuggestionDraft = z.object({
  draft: z.string(),
  tokens: z.number(),
  tokensLeftToday: z.number(),
});
export type AiSuggestionDraft = z.infer<typeof aiSuggestionDraft>;

/** Whether drafting is possible for a warning's school now, and if not why, before the teacher asks. */
export const AI_UNAVAILABLE = ['off', 'notSet', 'noLegalBasis', 'overBudget'] as const;
export const aiAvailability = z.object({
  available: z.boolean(),
  reason: z.enum(AI_UNAVAILABLE).nullable(),
});
