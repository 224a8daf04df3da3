import { z } from 'zod';
import { LANGS } from '../lang.ts';

/**
 * A scale is data (design section 8): its items, options and scores, reverse items, factors,
 * scoring method, interpretation bands, validity rules, flags and warning rules. The server
 * stores this definition as the JSON of an immutable version; `scoreSheet` (scoring.ts) reads it.
 */

export const SCALE_AUDIENCES = ['student', 'teacher', 'rater'] as const;
export type ScaleAudience = (typeof SCALE_AUDIENCES)[number];
export const SCORING_METHODS = ['sum', 'mean', 'standard'] as const;
export const FACTOR_METHODS = ['sum', 'mean'] as const;
export const COMPARISONS = ['gt', 'gte', 'lt', 'lte', 'eq'] as const;
export type Comparison = (typeof COMPARISONS)[number];
/** The default warning levels, most severe first; issue 9 makes them configurable per deployment. */
export const WARNING_LEVELS = ['red', 'orange', 'yellow'] as const;

/** Starts with a letter or digit, so that no id can be `__proto__`. */
const id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/, 'v.scale.id');

/** Text in one or both languages; at least one is given. */
export const localText = z
  .strictObject({
    'zh-CN': z.string().trim().max(2000, 'v.scale.textLength').optional(),
    en: z.string().trim().max(2000, 'v.scale.textLength').optional(),
  })
  .refine((t) => Boolean(t['zh-CN'] || t.en), 'v.scale.text');
export type LocalText = z.infer<typeof localText>;

const score = z
  .number({ error: 'v.scale.score' })
  .min(-1000, 'v.scale.score')
  .max(1000, 'v.scale.score')
  .refine(Number.isFinite, 'v.scale.score');

export const scaleOption = z.strictObject({
  /** What an answer sheet holds for this option. */
  value: z.string().regex(/^[A-Za-z0-9_-]{1,16}$/, 'v.scale.optionValue'),
  label: localText,
  score,
});
export type ScaleOption = z.infer<typeof scaleOption>;

const options = z.array(scaleOption).max(20, 'v.scale.options');

export const scaleItem = z.strictObject({
  id,
  text: localText,
  /** The item's own options; without them the scale's options apply. */
  options: options.optional(),
  /** Scored as (lowest + highest option score) - score: Zung's reverse-worded items. */
  reverse: z.boolean().optional(),
  /** False for items outside the total, such as MHT's validity items. */
  inTotal: z.boolean().optional(),
});
export type ScaleItem = z.infer<typeof scaleItem>;

export const band = z.strictObject({
  id,
  /** Inclusive on both ends, compared with the score as reported (means to two decimals). */
  min: score,
  max: score,
  label: localText,
  interpretation: localText.optional(),
  suggestion: localText.optional(),
});
export type Band = z.infer<typeof band>;

const comparison = z.enum(COMPARISONS, { error: 'v.scale.comparison' });

/** A condition on a scored sheet; validity rules, flags and warning rules are made of these. */
export type Condition =
  | { kind: 'total'; op: Comparison; value: number }
  | { kind: 'factor'; factor: string; op: Comparison; value: number }
  /** Any content factor (or any of `factors`) meets the comparison. */
  | { kind: 'anyFactor'; op: Comparison; value: number; factors?: string[] | undefined }
  /** An item's scored value (after reversing). */
  | { kind: 'item'; item: string; op: Comparison; value: number }
  /** How many items' scored values meet `itemOp itemValue`, compared with `value`: SCL-90's positive items. */
  | { kind: 'count'; itemOp: Comparison; itemValue: number; op: Comparison; value: number }
  | { kind: 'band'; bands: string[] }
  | { kind: 'flag'; flag: string }
  | { kind: 'any'; of: Condition[] }
  | { kind: 'all'; of: Condition[] };

export const condition: z.ZodType<Condition> = z.lazy(() =>
  z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('total'), op: comparison, value: score }),
      z.strictObject({ kind: z.literal('factor'), factor: id, op: comparison, value: score }),
      z.strictObject({
        kind: z.literal('anyFactor'),
        op: comparison,
        value: score,
        factors: z.array(id).optional(),
      }),
      z.strictObject({ kind: z.literal('item'), item: id, op: comparison, value: score }),
      z.strictObject({
        kind: z.literal('count'),
        itemOp: comparison,
        itemValue: score,
        op: comparison,
        value: score,
      }),
      z.strictObject({ kind: z.literal('band'), bands: z.array(id).min(1, 'v.scale.condition') }),
      z.strictObject({ kind: z.literal('flag'), flag: id }),
      z.strictObject({ kind: z.literal('any'), of: z.array(condition).min(1, 'v.scale.condition') }),
      z.strictObject({ kind: z.literal('all'), of: z.array(condition).min(1, 'v.scale.condition') }),
    ],
    { error: 'v.scale.condition' },
  ),
);

export const scaleFactor = z.strictObject({
  id,
  name: localText,
  items: z.array(id).min(1, 'v.scale.factorItems'),
  method: z.enum(FACTOR_METHODS, { error: 'v.scale.method' }),
  /** A validity scale (MHT's lie scale) is reported but is not a content factor. */
  validity: z.boolean().optional(),
  bands: z.array(band).optional(),
});
export type ScaleFactor = z.infer<typeof scaleFactor>;

export const validityRule = z.strictObject({ id, when: condition, reason: localText });
export const scaleFlag = z.strictObject({ id, label: localText, when: condition });
export const warningRule = z.strictObject({
  id,
  /** A warning level id: 'red' | 'orange' | 'yellow' by default. */
  level: z.string().regex(/^[a-z0-9_-]{1,32}$/, 'v.scale.level'),
  when: condition,
  reason: localText,
});
export type WarningRule = z.infer<typeof warningRule>;

const norm = z.strictObject({ mean: z.number(), sd: z.number().nonnegative() });
export const scaleNorms = z.strictObject({
  source: localText,
  total: norm.optional(),
  factors: z.record(z.string(), norm).optional(),
});

export const scoring = z.strictObject({
  /** sum of item scores; mean over the items in the total; standard = integer part of sum x multiplier. */
  method: z.enum(SCORING_METHODS, { error: 'v.scale.method' }),
  multiplier: z.number().positive('v.scale.multiplier').max(100, 'v.scale.multiplier').optional(),
});

/** The shape of a definition, before the cross-checks of `scaleDefinition` (validate.ts in scoring). */
export const scaleDefinitionShape = z.strictObject({
  code: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'v.scale.code'),
  name: localText,
  description: localText.optional(),
  instructions: localText.optional(),
  audience: z.enum(SCALE_AUDIENCES, { error: 'v.scale.audience' }),
  /** The languages the item text is written in. */
  languages: z.array(z.enum(LANGS, { error: 'v.scale.language' })).min(1, 'v.scale.language'),
  /** Licensed instruments ship placeholders ("Item 12") until an administrator imports the text. */
  licensedText: z.boolean().optional(),
  /** The options every item uses unless it has its own. */
  options: options.default([]),
  items: z.array(scaleItem).min(1, 'v.scale.items').max(300, 'v.scale.items'),
  scoring,
  bands: z.array(band).default([]),
  factors: z.array(scaleFactor).default([]),
  validity: z.array(validityRule).default([]),
  flags: z.array(scaleFlag).default([]),
  warnings: z.array(warningRule).default([]),
  norms: scaleNorms.optional(),
});
export type ScaleDefinition = z.output<typeof scaleDefinitionShape>;
export type ScaleDefinitionInput = z.input<typeof scaleDefinitionShape>;

/** An answer sheet: item id → the value of the chosen option. */
export const answerSheet = z.record(z.string().max(32), z.string().max(16));
export type AnswerSheet = z.infer<typeof answerSheet>;
