import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';

/**
 * Data push (spec sections 5 and 8, decision 0123): each device's reported values forwarded as
 * JSON to a customer's URL, which must start with the deployment's `DATA_PUSH_URL_PREFIX`, signed
 * with an HMAC-SHA256 of the body under the target's secret. New targets are made by the
 * platform's administrators only: a customer's create answers "data push creation no longer
 * supported (contact sales)".
 */

/** Consecutive failed requests after which a target is paused, with the last error as the reason. */
export const DATA_PUSH_PAUSE_AFTER = 5;
/** Spec section 5: "URL: valid, max 256". */
export const DATA_PUSH_URL_MAX = 256;
/** The header carrying `sha256=<hex HMAC of the body>`. */
export const DATA_PUSH_SIGNATURE_HEADER = 'x-meridian-signature';

export const dataPushStates = ['active', 'paused'] as const;
export type DataPushState = (typeof dataPushStates)[number];
export const dataPushDeliveryStates = ['queued', 'sent', 'failed'] as const;
export type DataPushDeliveryState = (typeof dataPushDeliveryStates)[number];
/** What a delivery carries: a flush of device values, or one alarm event (decision 0138). */
export const dataPushKinds = ['values', 'alarm'] as const;
export type DataPushKind = (typeof dataPushKinds)[number];

/** What a target forwards: the devices' values, their alarm events, or both (at least one). */
const pushedKinds = {
  pushValues: z.boolean().default(true),
  pushAlarms: z.boolean().default(false),
};
const noneChosen = { path: ['pushValues'], message: 'dataPush.what.empty' };

const targetFields = {
  name: z.string().trim().min(1, 'dataPush.name.empty').max(40, 'dataPush.name.tooLong'),
  url: z
    .string()
    .trim()
    .max(DATA_PUSH_URL_MAX, 'dataPush.url.tooLong')
    .pipe(z.url({ protocol: /^https?$/, error: 'dataPush.url.invalid' })),
  ...pushedKinds,
};

/** A new target, by a platform administrator, for an account. */
export const dataPushInput = z
  .strictObject({
    ownerId: z.number({ error: 'dataPush.owner.empty' }).int().positive('dataPush.owner.empty'),
    ...targetFields,
  })
  .refine((v) => v.pushValues || v.pushAlarms, noneChosen);
export type DataPushInput = z.input<typeof dataPushInput>;

/** A target changed by a platform administrator: its name, URL and what it forwards (its account stays). */
export const dataPushUpdate = z.strictObject(targetFields).refine((v) => v.pushValues || v.pushAlarms, noneChosen);
export type DataPushUpdate = z.input<typeof dataPushUpdate>;

export const dataPushView = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  /** The account it belongs to, as administrators pick it. */
  ownerAccount: z.string(),
  name: z.string(),
  url: z.string(),
  state: z.enum(dataPushStates),
  /** Why the target is paused: the last error, or that its owner paused it. */
  pausedReason: z.string().nullable(),
  pushValues: z.boolean(),
  pushAlarms: z.boolean(),
  failuresInRow: z.number().int(),
  lastSentAt: z.number().nullable(),
  createdAt: z.number(),
});
export type DataPushView = z.infer<typeof dataPushView>;

/** What a new target shows once: the secret its receiver checks signatures with. */
export const dataPushCreated = dataPushView.extend({ secret: z.string() });
export type DataPushCreated = z.infer<typeof dataPushCreated>;

export const dataPushDeliveryView = z.object({
  id: z.number().int(),
  state: z.enum(dataPushDeliveryStates),
  kind: z.enum(dataPushKinds),
  devices: z.number().int(),
  values: z.number().int(),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt, when it answered. */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
});
export type DataPushDeliveryView = z.infer<typeof dataPushDeliveryView>;

export const dataPushQuery = pageQuery.extend({ name: textFilter(40) });

/** What the receiver gets: one request per target per recorded flush, every device's values in it. */
export interface DataPushBody {
  kind: 'values';
  target: number;
  sentAt: number;
  devices: Array<{
    deviceId: number;
    sn: string | null;
    name: string;
    at: number;
    values: Array<{ pointId: number; name: string | null; value: number | string | boolean | null }>;
  }>;
}

/** An alarm event as the receiver gets it: one request per target per alarm raised or recovered (decision 0138). */
export interface DataPushAlarmBody {
  kind: 'alarm';
  target: number;
  sentAt: number;
  alarm: {
    id: number;
    event: 'raised' | 'recovered';
    at: number;
    deviceId: number;
    sn: string | null;
    device: string;
    triggerId: number;
    trigger: string | null;
    pointId: number | null;
    point: string | null;
    unit: string | null;
    value: string | null;
    /** The alarm's text in the account owner's language, as its notifications say it. */
    content: string;
  };
}
