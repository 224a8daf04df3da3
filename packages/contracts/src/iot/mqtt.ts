import { z } from 'zod';

/** The largest report an NB or cellular device may post, as on MQTT. */
export const INGEST_MAX_BYTES = 64 * 1024;
/** Reports per second one device may post, with a burst of twice as many. */
export const INGEST_RATE_PER_SECOND = 5;

const reportedValue = z.union([z.number(), z.boolean(), z.string().max(256)]);

/** What a device reports over HTTP: the MQTT up message, with an optional status beside it. */
export const ingestReport = z.strictObject({
  ts: z.number({ error: 'mqtt.ingest.time' }).int('mqtt.ingest.time').positive('mqtt.ingest.time').optional(),
  values: z.record(z.string().min(1).max(64), reportedValue, { error: 'mqtt.ingest.values' }),
  status: z
    .strictObject({
      signal: z.number().optional(),
      battery: z.number().optional(),
    })
    .optional(),
});
export type IngestReport = z.infer<typeof ingestReport>;

export const VALUE_REFUSALS = ['unknownPoint', 'ambiguousPoint', 'wrongType'] as const;

export const ingestResult = z.object({
  /** The time the values were stored under. */
  at: z.number(),
  stored: z.number().int(),
  refused: z.array(z.object({ name: z.string(), reason: z.enum(VALUE_REFUSALS) })),
});
export type IngestResult = z.infer<typeof ingestResult>;

/** A device's HTTP ingest token, shown once when it is made. */
export const deviceToken = z.object({ token: z.string(), createdAt: z.number() });
export type DeviceToken = z.infer<typeof deviceToken>;
