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

/** Edge DTUs a group strategy bridges with its management DTU (decision 0157). */
export const PASSTHROUGH_EDGES_MAX = 20;

/**
 * The two kinds (decisions 0113 and 0157): `pc`, a DTU reached by the user's PC software on the
 * passthrough port; `group`, a management DTU (`deviceId`) whose serial bytes go to every edge DTU
 * (`edgeIds`) and whose edges' bytes come back to it, while the strategy is enabled.
 */
export const PASSTHROUGH_KINDS = ['pc', 'group'] as const;
export type PassthroughKind = (typeof PASSTHROUGH_KINDS)[number];

export const passthroughInput = z
  .strictObject({
    name: z.string().trim().min(1, 'passthrough.name.empty').max(40, 'passthrough.name.tooLong'),
    kind: z.enum(PASSTHROUGH_KINDS).default('pc'),
    /** Kind `pc`: the DTU; kind `group`: the management DTU. */
    deviceId: z.number({ error: 'passthrough.device.empty' }).int().positive('passthrough.device.empty'),
    /** IPv4 addresses the PC software may connect from; empty: any (kind `pc` only). */
    allowList: z
      .array(z.string().trim().regex(ipv4, 'passthrough.allow.address'))
      .max(PASSTHROUGH_ALLOW_MAX, 'passthrough.allow.tooMany')
      .default([]),
    /** Kind `group`: the edge DTUs, one or more. */
    edgeIds: z.array(z.number().int().positive()).max(PASSTHROUGH_EDGES_MAX, 'passthrough.edges.tooMany').default([]),
    /** Kind `group`: bridged (and members' polling paused) only while enabled. */
    enabled: z.boolean().default(true),
  })
  .superRefine((input, ctx) => {
    if (input.kind !== 'group') return;
    if (!input.edgeIds.length) ctx.addIssue({ code: 'custom', path: ['edgeIds'], message: 'passthrough.edges.empty' });
    else if (new Set(input.edgeIds).size !== input.edgeIds.length || input.edgeIds.includes(input.deviceId))
      ctx.addIssue({ code: 'custom', path: ['edgeIds'], message: 'passthrough.edges.twice' });
  });
export type PassthroughInput = z.input<typeof passthroughInput>;

/** An edge DTU of a group strategy, and whether it is bridged now. */
export const passthroughEdge = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  sn: z.string().nullable(),
});

export const passthroughView = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(PASSTHROUGH_KINDS),
  enabled: z.boolean(),
  edges: z.array(passthroughEdge),
  deviceId: z.number().int(),
  deviceName: z.string(),
  sn: z.string().nullable(),
  allowList: z.array(z.string()),
  /** What the PC software sends as its first line (followed by a newline). */
  token: z.string(),
  /** Kind `pc`: a PC client is connected now; kind `group`: DTUs of the group are bridged now (on this gateway process). */
  inSession: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PassthroughView = z.infer<typeof passthroughView>;

export const passthroughQuery = pageQuery.extend({ name: textFilter(40) });

/** Where the PC software connects: the gateway's passthrough port (0 when it does not run). */
export const passthroughEndpoint = z.object({ port: z.number().int() });
export type PassthroughEndpoint = z.infer<typeof passthroughEndpoint>;
