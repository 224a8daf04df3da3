import { z } from 'zod';
import { pageQuery, textFilter } from '../paging.ts';

/**
 * Remote configuration (spec sections 1, 2 and 4): configuration profiles of device parameters,
 * applied to devices; each device's configuration goes to be configured, in configuration,
 * success or failure (docs/protocols/device-configuration.md).
 */

/** Spec: "Configuration name: at most 20 or 40": 20 Chinese characters or 40 Latin ones (a wide character counts 2). */
export const CONFIG_NAME_MAX_WIDTH = 40;
export function nameWidth(name: string): number {
  let width = 0;
  for (const ch of name)
    width +=
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u.test(
        ch,
      )
        ? 2
        : 1;
  return width;
}

export const CONFIG_KINDS = ['dtu', 'mqtt'] as const;
export type ConfigKind = (typeof CONFIG_KINDS)[number];

export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400] as const;
export const PARITIES = ['none', 'odd', 'even'] as const;
export type Parity = (typeof PARITIES)[number];

/** Heartbeat content and registration packet: hex, at most 40 bytes (as the DTU settings). */
const CONFIG_HEX_MAX_BYTES = 40;
const hex = (key: 'config.dtu.heartbeat' | 'config.dtu.registrationPacket') =>
  z
    .string()
    .trim()
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .refine((s) => /^([0-9A-F]{2})+$/.test(s) && s.length <= CONFIG_HEX_MAX_BYTES * 2, key);

/** A host name or IPv4 address a DTU connects to. */
const HOST = /^(?=.{1,64}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

/** The command password a DTU expects before each network AT command (USR's default is `www.usr.cn`). */
export const commandPassword = z
  .string()
  .min(1, 'config.dtu.commandPassword')
  .max(20, 'config.dtu.commandPassword')
  .refine((s) => /^[\x21-\x7e]+$/.test(s) && !s.includes('#'), 'config.dtu.commandPassword');

export const dtuParams = z.strictObject({
  commandPassword: commandPassword.default('www.usr.cn'),
  baudRate: z.number().refine((n) => (BAUD_RATES as readonly number[]).includes(n), 'config.dtu.baudRate'),
  dataBits: z.number().refine((n) => n === 7 || n === 8, 'config.dtu.dataBits'),
  parity: z.enum(PARITIES, 'config.dtu.parity'),
  stopBits: z.number().refine((n) => n === 1 || n === 2, 'config.dtu.stopBits'),
  /** Null: no heartbeat. */
  heartbeat: hex('config.dtu.heartbeat').nullish(),
  /** Seconds between heartbeats, 1 to 65535 (USR's range). */
  heartbeatSeconds: z
    .number()
    .int('config.dtu.heartbeatSeconds')
    .min(1, 'config.dtu.heartbeatSeconds')
    .max(65535, 'config.dtu.heartbeatSeconds'),
  /** Null: the DTU registers with its SN and communication password. */
  registrationPacket: hex('config.dtu.registrationPacket').nullish(),
  serverHost: z
    .string()
    .trim()
    .refine((s) => HOST.test(s), 'config.dtu.serverHost'),
  serverPort: z
    .number()
    .int('config.dtu.serverPort')
    .min(1, 'config.dtu.serverPort')
    .max(65535, 'config.dtu.serverPort'),
});
export type DtuParams = z.infer<typeof dtuParams>;

/** An MQTT device's configuration: a JSON object, at most 4096 characters as written. */
export const MQTT_DOCUMENT_MAX = 4096;
export const mqttParams = z.strictObject({
  document: z
    .string()
    .max(MQTT_DOCUMENT_MAX, 'config.mqtt.tooLong')
    .refine((s) => {
      try {
        const v: unknown = JSON.parse(s);
        return typeof v === 'object' && v !== null && !Array.isArray(v);
      } catch {
        return false;
      }
    }, 'config.mqtt.notJson'),
});
export type MqttParams = z.infer<typeof mqttParams>;

const profileName = z
  .string()
  .trim()
  .min(1, 'config.name.empty')
  .refine((s) => nameWidth(s) <= CONFIG_NAME_MAX_WIDTH, 'config.name.tooLong');

export const configProfileInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('dtu'), name: profileName, dtu: dtuParams }),
  z.strictObject({ kind: z.literal('mqtt'), name: profileName, mqtt: mqttParams }),
]);
export type ConfigProfileInput = z.infer<typeof configProfileInput>;

/** A DTU profile's parameters as stored (already checked and normalised). */
export const dtuParamsView = z.object({
  commandPassword: z.string(),
  baudRate: z.number(),
  dataBits: z.number(),
  parity: z.enum(PARITIES),
  stopBits: z.number(),
  heartbeat: z.string().nullish(),
  heartbeatSeconds: z.number(),
  registrationPacket: z.string().nullish(),
  serverHost: z.string(),
  serverPort: z.number(),
});

export const configProfileView = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CONFIG_KINDS),
  dtu: dtuParamsView.nullable(),
  mqtt: z.object({ document: z.string() }).nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ConfigProfileView = z.infer<typeof configProfileView>;

export const configProfileQuery = pageQuery.extend({ name: textFilter(40), kind: z.enum(CONFIG_KINDS).optional() });

export const CONFIG_APPLY_MAX = 500;
export const configApply = z.strictObject({
  deviceIds: z
    .array(z.number().int().positive())
    .min(1, 'config.apply.noDevices')
    .max(CONFIG_APPLY_MAX, 'config.apply.tooMany'),
});
export const configApplied = z.object({ queued: z.number().int() });

/** Spec section 4: to be configured, in configuration, success, failure. */
export const CONFIG_STATES = ['pending', 'configuring', 'success', 'failed'] as const;
export type ConfigState = (typeof CONFIG_STATES)[number];

export const deviceConfigQuery = pageQuery.extend({
  sn: textFilter(40),
  state: z.enum(CONFIG_STATES).optional(),
  profileId: z.coerce.number().int().positive().optional(),
});
export const deviceConfigView = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  sn: z.string(),
  profileId: z.number().int().nullable(),
  profileName: z.string(),
  kind: z.enum(CONFIG_KINDS),
  state: z.enum(CONFIG_STATES),
  /** Why it failed, in the caller's language; null unless failed. */
  reason: z.string().nullable(),
  requestedAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type DeviceConfigView = z.infer<typeof deviceConfigView>;
