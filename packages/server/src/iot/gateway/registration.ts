import { timingSafeEqual } from 'node:crypto';
import {
  DTU_PROTOCOLS as DTU_PROTOCOL_NAMES,
  REGISTRATION_PACKET_MAX_BYTES,
  type RegistrationResult,
} from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import { type DtuRow, findDtuByPacketPrefix, findDtuBySn } from './repository.ts';

/** The default registration: the 20-character SN (shorter SNs padded with spaces or NULs) then the 8-character password. */
export const SN_BYTES = 20;
export const PASSWORD_BYTES = 8;
export const REGISTRATION_BYTES = SN_BYTES + PASSWORD_BYTES;
/** Protocols whose devices connect through a DTU. */
export const DTU_PROTOCOLS: ReadonlySet<string> = new Set(DTU_PROTOCOL_NAMES);

export type Registration =
  | { ok: true; device: DtuRow; sn: string | null; used: number }
  | { ok: false; result: Exclude<RegistrationResult, 'accepted'>; sn: string | null; deviceId: number | null };

/** Printable ASCII only, so that a binary packet does not put control characters into the log. */
function snOf(bytes: Buffer): string | null {
  const text = bytes.toString('latin1').replace(/[\0 ]+$/, '');
  return /^[\x21-\x7e]{1,20}$/.test(text) ? text : null;
}

function samePassword(sent: Buffer, stored: string | null): boolean {
  const expected = Buffer.from(stored ?? '', 'latin1');
  return expected.length === sent.length && timingSafeEqual(expected, sent);
}

/** The device whose custom registration packet starts `buf` (the longest one, when several do). */
async function byPacket(db: Kysely<Database>, buf: Buffer): Promise<{ device: DtuRow; used: number } | null> {
  const hex = buf.subarray(0, REGISTRATION_PACKET_MAX_BYTES).toString('hex').toUpperCase();
  const prefixes: string[] = [];
  for (let n = 2; n <= hex.length; n += 2) prefixes.push(hex.slice(0, n));
  const row = await findDtuByPacketPrefix(db, prefixes);
  return row ? { device: row, used: (row.registration_packet?.length ?? 0) / 2 } : null;
}

/**
 * Who the first bytes of a connection say they are: a device's custom registration packet, or
 * SN + password. `final` says no more bytes will come; until then a short packet that names no
 * device waits for more (null).
 */
export async function identify(db: Kysely<Database>, buf: Buffer, final: boolean): Promise<Registration | null> {
  const custom = await byPacket(db, buf);
  if (custom) return check(custom.device, custom.device.sn, custom.used, null);
  if (buf.length < REGISTRATION_BYTES) {
    return final ? { ok: false, result: 'malformed', sn: snOf(buf.subarray(0, SN_BYTES)), deviceId: null } : null;
  }
  const sn = snOf(buf.subarray(0, SN_BYTES));
  if (!sn) return { ok: false, result: 'malformed', sn: null, deviceId: null };
  const device = await findDtuBySn(db, sn);
  if (!device) return { ok: false, result: 'unknownDevice', sn, deviceId: null };
  return check(device, sn, REGISTRATION_BYTES, buf.subarray(SN_BYTES, REGISTRATION_BYTES));
}

function check(device: DtuRow, sn: string | null, used: number, password: Buffer | null): Registration {
  const refuse = (result: Exclude<RegistrationResult, 'accepted'>): Registration => ({
    ok: false,
    result,
    sn,
    deviceId: device.id,
  });
  if (password && !samePassword(password, device.comm_password)) return refuse('wrongPassword');
  if (!toBool(device.enabled)) return refuse('disabled');
  if (!DTU_PROTOCOLS.has(device.protocol)) return refuse('wrongProtocol');
  return { ok: true, device, sn, used };
}
