import type { DebugReply, DtuSettingsInput, DtuSettingsView, PageQuery, RegistrationResult } from '@meridian/contracts';
import { TEMPLATE_LIMITS, translate } from '@meridian/contracts';
import type { GatewayService } from '../../platform/feature.ts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import type { Cleanup } from '../../platform/jobs/cleanup.ts';
import { DAY } from '../../platform/time.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import type { DeviceRight } from '../devices/access.ts';
import { deviceFor } from '../devices/service.ts';
import { closeTelemetry, telemetryFor } from '../telemetry/index.ts';
import type { DeviceLink } from './links.ts';
import { gatewayNodeFor } from './node.ts';
import { DTU_PROTOCOLS } from './registration.ts';
import {
  findDtuById,
  listRegistrations,
  packetTaken,
  removeRegistrationsBefore,
  saveDtuSettings,
  templatePoints,
} from './repository.ts';
import { DTU_DEFAULTS, startDtuServer } from './server.ts';
import { gatewayPoint } from './values.ts';
import { checkedRaw } from './write-rules.ts';

/** The DTU port: DTUs connect over TCP, register, and are polled. */
export const dtuService: GatewayService = {
  name: 'dtu',
  async start({ config, db, log }) {
    const holder = gatewayNodeFor(db, config, log);
    const server = await startDtuServer(db, log, telemetryFor(db, config, log), {
      ...DTU_DEFAULTS,
      host: config.HOST,
      port: config.DTU_PORT,
      holder,
      proxyProtocol: config.DTU_PROXY_PROTOCOL === 'on',
    });
    return {
      // What the DTUs reported last is written before the process goes.
      async stop() {
        holder.unblock();
        await server.stop();
        await closeTelemetry(db);
      },
    };
  },
};

/** The registration log is for finding out why a device cannot get in: a month of it is kept. */
export const registrationsCleanup: Cleanup = {
  name: 'DTU registrations',
  run: (db, now) => removeRegistrationsBefore(db.kysely, now - 30 * DAY),
};

/** Finds the device's link: this process's, or the gateway process's that holds it (decision 0076). */
export type ReachDevice = (deviceId: number) => Promise<DeviceLink | undefined>;

/**
 * Writes a value to a data point of a connected device: checked, the inverse formula applied, sent
 * ahead of polling; audited. The device page needs edit right on the device; a configuration's
 * operator, checked by the configuration, needs only to see it (decision 0117).
 */
export async function writePoint(
  actor: Actor,
  reach: ReachDevice,
  deviceId: number,
  pointId: number,
  value: unknown,
  right: DeviceRight = 'edit',
) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const device = await deviceFor(actor, scope, deviceId, right);
  const source = device.template_id
    ? (await templatePoints(actor.db, device.template_id)).find((p) => p.id === pointId)
    : undefined;
  if (!source) throw new AppError(404, 'gateway.pointNotFound');
  const point = gatewayPoint(source);
  if (
    point.readWrite === 'readOnly' ||
    point.registerType === 'discreteInput' ||
    point.registerType === 'inputRegister'
  )
    throw new AppError(400, 'gateway.readOnly');
  const raw = checkedRaw(point, value);
  const link = await reach(deviceId);
  const outcome = async (result: 'ok' | 'fail', error?: string) =>
    audit(actor.db, actor.request, {
      action: 'writePoint',
      result,
      targetType: 'device',
      targetId: deviceId,
      detail: { pointId, point: point.name, value, raw, ...(error ? { error } : {}) },
    });
  if (!link) {
    await outcome('fail', 'gateway.offline');
    throw new AppError(409, 'gateway.offline');
  }
  try {
    await link.write(pointId, raw);
  } catch (error) {
    await outcome('fail', error instanceof AppError ? error.key : String(error));
    throw error;
  }
  await outcome('ok');
  return { pointId, raw };
}

/** Data Debugging: sends the hex payload as it is and returns the raw reply; audited. */
export async function debugDevice(
  actor: Actor,
  reach: ReachDevice,
  deviceId: number,
  payload: string,
): Promise<DebugReply> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  await deviceFor(actor, scope, deviceId, 'edit');
  const bytes = Buffer.from(payload.replace(/\s+/g, ''), 'hex');
  const sent = bytes.toString('hex').toUpperCase();
  const link = await reach(deviceId);
  const outcome = async (result: 'ok' | 'fail', detail: Record<string, unknown>) =>
    audit(actor.db, actor.request, {
      action: 'debugDevice',
      result,
      targetType: 'device',
      targetId: deviceId,
      detail: { sent, ...detail },
    });
  if (!link) {
    await outcome('fail', { error: 'gateway.offline' });
    throw new AppError(409, 'gateway.offline');
  }
  if (!link.debug) {
    await outcome('fail', { error: 'gateway.debugUnsupported' });
    throw new AppError(400, 'gateway.debugUnsupported');
  }
  const started = Date.now();
  try {
    const reply = (await link.debug(bytes)).toString('hex').toUpperCase();
    await outcome('ok', { reply });
    return { sent, reply, elapsedMs: Date.now() - started };
  } catch (error) {
    await outcome('fail', { error: error instanceof AppError ? error.key : String(error) });
    throw error;
  }
}

/** The DTU registration log: what the caller may see, newest first, each reason in the caller's language. */
export async function registrationLog(
  actor: Actor,
  filter: { sn?: string | undefined; result?: RegistrationResult | undefined },
  page: PageQuery,
) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await listRegistrations(actor.db, scope, filter, page);
  return {
    ...result,
    list: result.list.map((r) => ({
      id: Number(r.id),
      at: Number(r.at),
      address: r.address,
      sn: r.sn,
      deviceId: r.device_id === null ? null : Number(r.device_id),
      result: r.result,
      reason: translate(`gateway.registration.${r.result}`, actor.lang),
    })),
  };
}

async function dtuDevice(actor: Actor, deviceId: number, right: 'view' | 'edit') {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const device = await deviceFor(actor, scope, deviceId, right);
  if (!DTU_PROTOCOLS.has(device.protocol)) throw new AppError(400, 'gateway.settingsUnsupported');
  return device;
}

export async function dtuSettingsOf(actor: Actor, deviceId: number): Promise<DtuSettingsView> {
  await dtuDevice(actor, deviceId, 'view');
  const row = await findDtuById(actor.db, deviceId);
  return {
    registrationPacket: row?.registration_packet ?? null,
    registrationMode: row?.registration_mode ?? 'once',
    heartbeat: row?.heartbeat ?? null,
    mergeLength: row?.merge_length ?? TEMPLATE_LIMITS.registerMergeLength,
  };
}

/** Sets how a DTU registers and beats; takes effect at its next connection. Audited. */
export async function setDtuSettings(
  actor: Actor,
  deviceId: number,
  input: DtuSettingsInput,
): Promise<DtuSettingsView> {
  await dtuDevice(actor, deviceId, 'edit');
  const packet = input.registrationPacket ?? null;
  if (packet && (await packetTaken(actor.db, packet, deviceId)))
    throw rulesBroken([{ field: 'registrationPacket', key: 'gateway.settings.packetTaken' }]);
  await saveDtuSettings(actor.db, deviceId, {
    registration_packet: packet,
    registration_mode: input.registrationMode,
    heartbeat: input.heartbeat ?? null,
    merge_length: input.mergeLength ?? null,
  });
  await audit(actor.db, actor.request, {
    action: 'setDtuSettings',
    targetType: 'device',
    targetId: deviceId,
    detail: { ...input },
  });
  return dtuSettingsOf(actor, deviceId);
}
