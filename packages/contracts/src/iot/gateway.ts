import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';

/**
 * The calls that reach a connected device through the gateway (spec sections 5 and 8): writing a
 * data point, Data Debugging, a DTU's registration settings, and the DTU registration log.
 */

/** Spec section 5: "Sent data: not empty, at most 256 characters, hexadecimal." Spaces between bytes are allowed and ignored. */
export const DEBUG_PAYLOAD_MAX = 256;
export const debugPayload = z
  .string()
  .min(1, 'gateway.debug.empty')
  .max(DEBUG_PAYLOAD_MAX, 'gateway.debug.tooLong')
  .refine((s) => s.replace(/\s+/g, '').length > 0, 'gateway.debug.empty')
  .refine((s) => /^[0-9A-Fa-f\s]*$/.test(s), 'gateway.debug.notHex')
  .refine((s) => s.replace(/\s+/g, '').length % 2 === 0, 'gateway.debug.oddLength');

export const debugRequest = z.strictObject({ payload: debugPayload });
export const debugReply = z.object({
  /** What was sent and what came back, as upper-case hex without spaces. */
  sent: z.string(),
  reply: z.string(),
  /** Round trip in milliseconds. */
  elapsedMs: z.number(),
});
export type DebugReply = z.infer<typeof debugReply>;

/** A value written to a data point: a number, a switch (true/false or 1/0), or text for character and location points. */
export const pointWrite = z.strictObject({
  value: z.union([z.number(), z.boolean(), z.string().max(256)]),
});
export const pointWritten = z.object({
  pointId: z.number().int(),
  /** The raw value sent to the device, after the inverse formula. */
  raw: z.union([z.number(), z.boolean(), z.string()]),
});

/** A DTU's registration packet: hex, at most 40 bytes (80 digits). */
export const REGISTRATION_PACKET_MAX_BYTES = 40;
const hexBytes = (maxBytes: number, key: 'gateway.settings.registrationPacket' | 'gateway.settings.heartbeat') =>
  z
    .string()
    .trim()
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .refine((s) => /^([0-9A-F]{2}){1,}$/.test(s) && s.length <= maxBytes * 2, key);

export const REGISTRATION_MODES = ['once', 'everyPacket'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** How a DTU registers and beats, and how its reads are merged; everything optional falls back to the defaults. */
export const dtuSettings = z.strictObject({
  /** Null: the DTU registers with its 20-character SN and 8-character password. */
  registrationPacket: hexBytes(REGISTRATION_PACKET_MAX_BYTES, 'gateway.settings.registrationPacket').nullish(),
  registrationMode: z.enum(REGISTRATION_MODES).default('once'),
  /** Null: any bytes that arrive while no request waits are dropped as heartbeats. */
  heartbeat: hexBytes(REGISTRATION_PACKET_MAX_BYTES, 'gateway.settings.heartbeat').nullish(),
  /** The register merge package length (spec section 9, default 32). */
  mergeLength: z
    .number()
    .int()
    .min(1, 'gateway.settings.mergeLength')
    .max(125, 'gateway.settings.mergeLength')
    .nullish(),
});
export type DtuSettingsInput = z.infer<typeof dtuSettings>;
export const dtuSettingsView = z.object({
  registrationPacket: z.string().nullable(),
  registrationMode: z.enum(REGISTRATION_MODES),
  heartbeat: z.string().nullable(),
  mergeLength: z.number().int(),
});
export type DtuSettingsView = z.infer<typeof dtuSettingsView>;

/** Why a DTU's registration was refused, or `accepted`; each has a catalogue key `gateway.registration.<result>`. */
export const REGISTRATION_RESULTS = [
  'accepted',
  'unknownDevice',
  'wrongPassword',
  'disabled',
  'wrongProtocol',
  'malformed',
  'throttled',
] as const;
export type RegistrationResult = (typeof REGISTRATION_RESULTS)[number];

export const registrationLogQuery = pageQuery.extend({
  sn: textFilter(40),
  result: z.enum(REGISTRATION_RESULTS).optional(),
});
export const registrationLogItem = z.object({
  id: z.number().int(),
  at: z.number(),
  address: z.string(),
  sn: z.string().nullable(),
  deviceId: z.number().int().nullable(),
  result: z.enum(REGISTRATION_RESULTS),
  /** The result in the caller's language. */
  reason: z.string(),
});
export type RegistrationLogItem = z.infer<typeof registrationLogItem>;
