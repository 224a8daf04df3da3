import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';

/** Spec section 5: "Configuration name: at most 20 or 40"; we take the longer (decision 0075). */
export const SCADA_NAME_MAX = 40;
/** The editor's drawing area is at most a 4K wall; elements live inside it. */
export const SCADA_CANVAS_MAX = 3840;
export const SCADA_ELEMENTS_MAX = 2000;
/** The document format this server writes; a later format migrates older documents when it reads them. */
export const SCADA_FORMAT = 1;
/** Spec section 4: sharing of a configuration is open (the account's sub-users may view it) or closed. */
export const SCADA_SHARINGS = ['closed', 'open'] as const;
export type ScadaSharing = (typeof SCADA_SHARINGS)[number];

/**
 * The components (issue 20): each renders the same in the editor and the viewer. The first nine,
 * then the rest of the industrial palette (decision 0126).
 */
export const SCADA_KINDS = [
  'tank',
  'pump',
  'valve',
  'lamp',
  'number',
  'label',
  'pipe',
  'button',
  'switch',
  'motor',
  'fan',
  'gauge',
  'trend',
  'bar',
  'image',
  'line',
  'rectangle',
  'ellipse',
  'symbol',
] as const;
export type ScadaKind = (typeof SCADA_KINDS)[number];
/**
 * Components whose look follows a bound point; a label bound to a point shows its value in its text
 * (decision 0117). Every component of the palette may be bound (decision 0126).
 */
export const SCADA_BINDABLE: readonly ScadaKind[] = [...SCADA_KINDS];
/**
 * Components a click on the running screen acts on: a button writes its value, a switch or a valve
 * turns its point over (decision 0126).
 */
export const SCADA_CLICKABLE: readonly ScadaKind[] = ['button', 'switch', 'valve'];
/** Clickable components that write the opposite of their point's state rather than a set value. */
export const SCADA_TOGGLES: readonly ScadaKind[] = ['switch', 'valve'];
/** Components that move while their point shows running: pumps, fans and motors turn, a pipe's dashes flow. */
export const SCADA_ANIMATED: readonly ScadaKind[] = ['pump', 'fan', 'motor', 'pipe'];
/** A trend keeps at most this many of its point's latest values. */
export const SCADA_TREND_SAMPLES_MAX = 600;
/** The fastest an animation runs, as a multiple of its normal speed. */
export const SCADA_SPEED_MAX = 10;
/** Where a label's text takes its bound point's value. */
export const SCADA_VALUE_MARK = '{value}';

const coordinate = z.number().min(-SCADA_CANVAS_MAX).max(SCADA_CANVAS_MAX);
const size = z.number().min(4).max(SCADA_CANVAS_MAX);
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'v.scada.colour');

export const scadaBinding = z.strictObject({
  deviceId: z.number().int().positive(),
  pointId: z.number().int().positive(),
});
export type ScadaBinding = z.infer<typeof scadaBinding>;

/**
 * A component's colour from its bound point (decision 0117): by switch state (one colour on, one
 * off) or by thresholds (the colour of the highest step the value reaches; below the first, the
 * component's own colour).
 */
export const scadaColourRule = z.discriminatedUnion('by', [
  z.strictObject({ by: z.literal('switch'), on: colour, off: colour }),
  z.strictObject({
    by: z.literal('threshold'),
    steps: z
      .array(z.strictObject({ from: z.number(), colour }))
      .min(1)
      .max(5),
  }),
]);
export type ScadaColourRule = z.infer<typeof scadaColourRule>;

/**
 * Animation speed from the bound point (decision 0126): a value at or below `from` runs at `slowest`,
 * at or above `to` at `fastest`, in between in proportion; speeds are multiples of the normal speed.
 */
export const scadaSpeedRule = z
  .strictObject({
    from: z.number(),
    to: z.number(),
    slowest: z.number().min(0).max(SCADA_SPEED_MAX),
    fastest: z.number().min(0).max(SCADA_SPEED_MAX),
  })
  .refine((r) => r.to > r.from, { message: 'v.scada.speedRange', path: ['to'] });
export type ScadaSpeedRule = z.infer<typeof scadaSpeedRule>;

export const SCADA_CONDITIONS = ['on', 'off', 'gt', 'lt', 'eq'] as const;
export type ScadaCondition = (typeof SCADA_CONDITIONS)[number];
/** Shown only while its bound point meets the condition; `value` for gt, lt and eq. */
export const scadaVisibility = z.strictObject({ when: z.enum(SCADA_CONDITIONS), value: z.number().default(0) });
export type ScadaVisibility = z.infer<typeof scadaVisibility>;

export const scadaElement = z.strictObject({
  /** Unique within the document; the editor makes it. */
  id: z.string().min(1).max(40),
  kind: z.enum(SCADA_KINDS, { error: 'v.scada.kind' }),
  x: coordinate,
  y: coordinate,
  width: size,
  height: size,
  /** Degrees, clockwise. */
  rotation: z.number().min(-360).max(360),
  /** A label's or a button's text. */
  text: z.string().max(100, 'v.scada.text').default(''),
  colour: colour.default('#1677ff'),
  /** The range a tank's level, a gauge's dial, a bar and a trend are drawn over. */
  min: z.number().default(0),
  max: z.number().default(100),
  /** A number display's decimals. */
  decimals: z.number().int().min(0).max(6).default(1),
  /** The value a button writes to its bound point. */
  writeValue: z
    .union([z.number(), z.boolean(), z.string().max(256)])
    .nullable()
    .default(null),
  binding: scadaBinding.nullable().default(null),
  /** A screen of the same account that a click on the running screen opens, instead of writing (decision 0120). */
  opens: z.number().int().positive().nullable().default(null),
  /** Elements sharing a group are selected, moved and aligned together. */
  group: z.string().min(1).max(40).nullable().default(null),
  colourRule: scadaColourRule.nullable().default(null),
  visibleWhen: scadaVisibility.nullable().default(null),
  /** How fast a pump, fan, motor or pipe moves with its bound point's value; null runs at the normal speed. */
  speed: scadaSpeedRule.nullable().default(null),
  /**
   * An image's picture: a file the account uploaded, checked by its content (decision 0126); a
   * symbol's, a symbol the caller uploaded to their library (decision 0149).
   */
  picture: z.string().min(1).max(500).nullable().default(null),
  /** How many of its point's latest values a trend draws. */
  samples: z.number().int().min(2, 'v.scada.samples').max(SCADA_TREND_SAMPLES_MAX, 'v.scada.samples').default(60),
});
export type ScadaElement = z.infer<typeof scadaElement>;
export type ScadaElementInput = z.input<typeof scadaElement>;

/**
 * A template-based screen (decision 0120): its bindings name points of this template (drawn against
 * one of its devices) and it opens for any device it is applied to; `devices` null means every
 * device of the template (Configuration Application), a list means only those.
 */
export const scadaTemplateOf = z.strictObject({
  templateId: z.number().int().positive(),
  devices: z.array(z.number().int().positive()).max(1000).nullable(),
});
export type ScadaTemplateOf = z.infer<typeof scadaTemplateOf>;

/** A screen: its canvas and its elements, the later ones drawn on top (the array order is the z-order). */
export const scadaDocument = z.strictObject({
  format: z.literal(SCADA_FORMAT),
  width: z.number().int().min(320).max(SCADA_CANVAS_MAX),
  height: z.number().int().min(240).max(SCADA_CANVAS_MAX),
  /** Grid snap in pixels; 0 turns it off. */
  grid: z.number().int().min(0).max(100),
  background: z.string().min(1).max(500).nullable(),
  elements: z.array(scadaElement).max(SCADA_ELEMENTS_MAX, 'v.scada.elements'),
  /** Null for a Device Configuration, whose bindings name their devices. */
  template: scadaTemplateOf.nullable().default(null),
});
export type ScadaDocument = z.infer<typeof scadaDocument>;
export type ScadaDocumentInput = z.input<typeof scadaDocument>;

export const emptyScadaDocument = (): ScadaDocument => ({
  format: SCADA_FORMAT,
  width: 1280,
  height: 720,
  grid: 10,
  background: null,
  elements: [],
  template: null,
});

const name = z.string({ error: 'v.scada.name' }).trim().min(1, 'v.scada.name').max(SCADA_NAME_MAX, 'v.scada.name');

export const scadaCreate = z.strictObject({
  name,
  sharing: z.enum(SCADA_SHARINGS).default('closed'),
});
export type ScadaCreate = z.input<typeof scadaCreate>;

/** A save: the name, the sharing and the whole document, against the revision the editor opened. */
export const scadaSave = z.strictObject({
  name,
  sharing: z.enum(SCADA_SHARINGS),
  revision: z.number().int().min(1),
  document: scadaDocument,
});
export type ScadaSave = z.input<typeof scadaSave>;

export const scadaQuery = pageQuery.extend({ keyword: textFilter(SCADA_NAME_MAX) });
export type ScadaQuery = z.infer<typeof scadaQuery>;

export const scadaSummary = z.object({
  id: z.number(),
  name: z.string(),
  sharing: z.enum(SCADA_SHARINGS),
  revision: z.number(),
  elementCount: z.number(),
  ownerId: z.number(),
  ownerName: z.string(),
  /** Whether the caller may change it (their account tree's, with edit permission). */
  editable: z.boolean(),
  updatedAt: z.number(),
});
export type ScadaSummary = z.infer<typeof scadaSummary>;

/** A device a template-based screen opens for. */
export const scadaAppliedDevice = z.object({ id: z.number(), name: z.string() });

/**
 * One screen. A template-based one comes resolved for `device` (its bindings name that device), with
 * the applied devices the caller may open it for; both are null for a Device Configuration.
 */
export const scadaDetail = scadaSummary.extend({
  document: scadaDocument,
  /** The version this document is, the screen's draft (newest) and its published version. */
  version: z.number(),
  draftVersion: z.number(),
  publishedVersion: z.number(),
  device: z.number().nullable(),
  devices: z.array(scadaAppliedDevice).nullable(),
});
/**
 * Which version of a screen to open (decision 0127): the published one when absent (the viewer),
 * `draft` for the editor, or a kept version's number (read only); the last two need edit permission.
 */
export const scadaVersionRef = z.union([z.literal('draft'), z.coerce.number().int().positive()]);
export type ScadaVersionRef = z.infer<typeof scadaVersionRef>;
export const scadaDetailQuery = z.object({
  device: z.coerce.number().int().positive().optional(),
  version: scadaVersionRef.optional(),
});

/** Configuration Application: make a screen template-based and apply it to all the template's devices or some. */
export const scadaApplication = z.strictObject({
  templateId: z.number().int().positive().nullable(),
  devices: z.array(z.number().int().positive()).max(1000).nullable().default(null),
  revision: z.number().int().min(1),
});
export type ScadaApplication = z.input<typeof scadaApplication>;
export type ScadaDetail = z.infer<typeof scadaDetail>;

/**
 * At most this many versions are kept per screen (decision 0127): past it, a save prunes the oldest,
 * never the published one nor the draft.
 */
export const SCADA_VERSIONS_MAX = 50;

/** One kept version in a screen's version list, newest first. */
export const scadaVersion = z.object({
  number: z.number(),
  elementCount: z.number(),
  /** The version a roll back copied; null for a save. */
  rolledBackFrom: z.number().nullable(),
  createdBy: z.number(),
  createdByName: z.string(),
  createdAt: z.number(),
  published: z.boolean(),
  draft: z.boolean(),
});
export type ScadaVersion = z.infer<typeof scadaVersion>;

/** Publishing the draft, or rolling back to a version, against the revision the editor holds. */
export const scadaRevisionOnly = z.strictObject({ revision: z.number().int().min(1) });
export type ScadaRevisionOnly = z.input<typeof scadaRevisionOnly>;

/** The symbol to delete from the caller's library (decision 0154): its stored path. */
export const scadaSymbolPath = z.object({ path: z.string().min(1).max(200) });

/** A click on a running screen's button or switch; a switch names the state it asks for. */
export const scadaPress = z.strictObject({
  elementId: z.string().min(1).max(40),
  /** On a template-based screen, the device it is open for. */
  deviceId: z.number().int().positive().nullable().default(null),
  value: z.union([z.number(), z.boolean()]).nullable().default(null),
});
export type ScadaPress = z.input<typeof scadaPress>;
export const scadaPressed = z.object({
  deviceId: z.number(),
  pointId: z.number(),
  raw: z.union([z.number(), z.boolean(), z.string()]),
});
export type ScadaPressed = z.infer<typeof scadaPressed>;

/** The header a shared link's token travels in, never the address, so that no log records it (decision 0099). */
export const SCADA_LINK_HEADER = 'x-scada-link';
export const SCADA_LINK_PASSWORD_HEADER = 'x-scada-password';
export const SCADA_LINK_PASSWORD_MAX = 64;

/** A screen's shared link as its editor sees it: the token itself is shown once, when the link opens. */
export const scadaShare = z.object({
  open: z.boolean(),
  expiresAt: z.number().nullable(),
  hasPassword: z.boolean(),
  createdAt: z.number().nullable(),
});
export type ScadaShare = z.infer<typeof scadaShare>;

/** Opening a link (again): a new token replaces any earlier one, which stops working at once. */
export const scadaShareOpen = z.strictObject({
  expiresAt: z.number().int().nullable().default(null),
  password: z
    .string()
    .max(SCADA_LINK_PASSWORD_MAX, 'v.scada.linkPassword')
    .nullable()
    .default(null)
    .transform((p) => (p === null || p === '' ? null : p)),
});
export type ScadaShareOpen = z.input<typeof scadaShareOpen>;

export const scadaShareOpened = scadaShare.extend({ token: z.string() });
export type ScadaShareOpened = z.infer<typeof scadaShareOpened>;

export const scadaLinkHeaders = z.object({
  [SCADA_LINK_HEADER]: z.string().max(200).default(''),
  [SCADA_LINK_PASSWORD_HEADER]: z
    .string()
    .max(SCADA_LINK_PASSWORD_MAX * 12)
    .default(''),
});

/** A bound point's newest value on a shared screen; only the screen's own bindings come out. */
export const scadaSharedValue = z.object({
  deviceId: z.number(),
  pointId: z.number(),
  value: z.union([z.number(), z.string()]).nullable(),
  at: z.number().nullable(),
});

/**
 * A trend's recent past when its screen opens: its point's numbers of the last day, oldest first, at
 * most its `samples` (decision 0148); live values follow on.
 */
export const scadaTrendSeed = z.object({ elementId: z.string(), values: z.array(z.number()) });
export type ScadaTrendSeed = z.infer<typeof scadaTrendSeed>;
/** How far back a trend's recent past reaches. */
export const SCADA_TREND_LOOK_BACK_MS = 24 * 3_600_000;

/** What a shared link opens: the screen, read only, the newest values of the points it binds and its trends' past. */
export const scadaShared = z.object({
  name: z.string(),
  document: scadaDocument,
  expiresAt: z.number().nullable(),
  values: z.array(scadaSharedValue),
  trends: z.array(scadaTrendSeed),
});
export type ScadaShared = z.infer<typeof scadaShared>;
