import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';

/**
 * Passthrough strategies (Transparent Transmission Groups, spec sections 1, 3, 5 and 8): a DTU and
 * the gateway's passthrough port, where the user's own PC software connects, sends the strategy's
 * token as its first line and then exchanges raw bytes with the serial device behind the DTU
 * (decision 0113). While a PC client is connected the DTU is not polled.
 */

/** Spec section 5: "passthrough strategy count is limited"; per account (decision 0113). */
export const PASSTHROUGH_MAX_PER_ACCOUNT = 10;
/** Source addresses a strategy accepts; none: any address that knows the token. */
export const PASSTHROUGH_ALLOW_MAX = 20;

const ipv4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

export const passthroughInput = z.strictObject({
  name: z.string().trim().min(1, 'passthrough.name.empty').max(40, 'passthrough.name.tooLong'),
  deviceId: z.number({ error: 'passthrough.device.empty' }).int().positive('passthrough.device.empty'),
  /** IPv4 addresses the PC software may connect from; empty: any. */
  allowList: z
    .array(z.string().trim().regex(ipv4, 'passthrough.allow.address'))
    .max(PASSTHROUGH_ALLOW_MAX, 'passthrough.allow.tooMany')
    .default([]),
});
export type PassthroughInput = z.input<typeof passthroughInput>;

export const passthroughView = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  sn: z.string().nullable(),
  allowList: z.array(z.string()),
  /** What the PC software sends as its first line (followed by a newline). */
  token: z.string(),
  /** A PC client is connected to the DTU through this strategy now (on this gateway process). */
  inSession: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PassthroughView = z.infer<typeof passthroughView>;

export const passthroughQuery = pageQuery.extend({ name: textFilter(40) });

/** Where the PC software connects: the gateway's passthrough port (0 when it does not run). */
export const passthroughEndpoint = z.object({ port: z.number().int() });
export type PassthroughEndpoint = z.infer<typeof passthroughEndpoint>;
