import { z } from 'zod';
import { LANGS } from '../lang.ts';
import { textFilter } from '../paging.ts';
import { bodyId, bodyPage, queryId } from '../portal/orgs.ts';
import { answerSheet, SCALE_AUDIENCES, scaleDefinitionShape } from './scales.ts';

/** The calls of the scale center and custom scales (`/api/apis-psychology/scale/...`). */

export const SCALE_SOURCES = ['builtIn', 'custom'] as const;
export const SCALE_STATUSES = ['draft', 'published', 'unpublished'] as const;

export const scalePage = z.strictObject({
  ...bodyPage,
  audience: z.enum(SCALE_AUDIENCES, { error: 'v.scale.audience' }).optional(),
  source: z.enum(SCALE_SOURCES, { error: 'v.scale.source' }).optional(),
  status: z.enum(SCALE_STATUSES, { error: 'v.scale.status' }).optional(),
  /** Part of the name (either language) or the code. */
  name: textFilter(50),
});
export type ScalePage = z.infer<typeof scalePage>;

const localTextOut = z.object({ 'zh-CN': z.string().optional(), en: z.string().optional() });

export const scaleSummary = z.object({
  id: z.number(),
  code: z.string(),
  name: localTextOut,
  audience: z.enum(SCALE_AUDIENCES),
  builtIn: z.boolean(),
  ownerOrgId: z.number().nullable(),
  ownerOrgName: z.string().nullable(),
  status: z.enum(SCALE_STATUSES),
  /** The newest published version's number, or null if never published. */
  version: z.number().nullable(),
  versionId: z.number().nullable(),
  itemCount: z.number(),
  hasDraft: z.boolean(),
  /** Whether the caller may edit it: a custom scale of an organisation in the caller's scope. */
  editable: z.boolean(),
  updatedAt: z.number(),
});
export type ScaleSummary = z.infer<typeof scaleSummary>;

export const scaleVersionInfo = z.object({
  id: z.number(),
  version: z.number(),
  publishedAt: z.number(),
  publishedBy: z.string().nullable(),
  reason: z.string(),
});

/** A scale with its description and definition: the published one, and the draft for whoever may edit it. */
export const scaleDetail = scaleSummary.extend({
  /** From the published version, else the draft. */
  description: localTextOut.nullable(),
  instructions: localTextOut.nullable(),
  definition: z.unknown().nullable(),
  draft: z.unknown().nullable(),
  /** Licensed text not yet imported: items read "Item 12" until an administrator imports them. */
  needsItemText: z.boolean(),
  versions: z.array(scaleVersionInfo),
});

export const scaleIdQuery = z.object({ id: queryId });
export const scaleId = z.strictObject({ id: bodyId });

export const scaleCreate = z.strictObject({
  /** The organisation that owns it; may be left out when the caller administers exactly one. */
  orgId: bodyId.optional(),
  definition: scaleDefinitionShape,
});
export const scaleCopy = z.strictObject({
  id: bodyId,
  orgId: bodyId.optional(),
  code: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'v.scale.code'),
});
export const scaleEdit = z.strictObject({ id: bodyId, definition: scaleDefinitionShape });
export const scaleValidate = z.strictObject({ definition: scaleDefinitionShape });
export const scalePreviewScore = z.strictObject({ id: bodyId, draft: z.boolean().optional(), answers: answerSheet });

/** A field that breaks a rule of the definition, worded in the caller's language. */
export const scaleProblem = z.object({ field: z.string(), msg: z.string() });
export const scaleCheck = z.object({ problems: z.array(scaleProblem) });

/** Item text of a licensed scale, in one language: item number → text. */
export const scaleItemText = z.strictObject({
  id: bodyId,
  lang: z.enum(LANGS, { error: 'v.scale.language' }),
  texts: z.record(z.string().max(32), z.string().trim().min(1, 'v.scale.text').max(2000, 'v.scale.textLength')),
});
