import { randomInt } from 'node:crypto';
import { COMM_PASSWORD_LENGTH, type DeviceCreate, uploadRules } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import type { RuleBroken } from '../../platform/http/errors.ts';
import type { Scope } from '../../portal/access/scope.ts';
import {
  devicesHolding,
  highestNumberFrom,
  isStoredPicture,
  type NewDevice,
  ownerInScope,
  projectInScope,
  tagsInScope,
  templateUsable,
} from './repository.ts';

/**
 * The no-SN route: a device without an SN gets a cloud-assigned ID above the range users pick
 * from (1-65535), so that the two never collide (decision 0018).
 */
export const CLOUD_NO_START = 100001;
const CLOUD_NO_END = 999_999_999;

/**
 * A 15-digit SN is an IMEI: NB-IoT and cellular modules report one instead of a DTU SN. They do not
 * register over TCP with SN and password, so they are added through the no-SN route with the IMEI
 * in its own field (decision 0018).
 */
export const needsNoSnRoute = (sn: string) => /^\d{15}$/.test(sn);

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** A communication password for a device whose user did not choose one: 8 characters, no look-alikes. */
export function newCommPassword(): string {
  let out = '';
  for (let i = 0; i < COMM_PASSWORD_LENGTH; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/** A device number or SN to be checked, and the field a broken rule is reported on. */
export interface NumberCandidate {
  sn?: string | null;
  deviceNo?: number | null;
  /** `''` for a single device, `devices[3].` in a list; import rows use their own prefix. */
  prefix: string;
}

/**
 * Spec: "device numbers must differ", within what is being added and against every device of the
 * platform; an SN held by another owner's disabled device is "disabled and in use on another cloud
 * platform"; an IMEI-like SN must take the no-SN route.
 */
export async function checkNumbers(
  db: Kysely<Database>,
  scope: Scope,
  candidates: readonly NumberCandidate[],
  exceptId = 0,
): Promise<RuleBroken[]> {
  const rules: RuleBroken[] = [];
  const seenSn = new Set<string>();
  const seenNo = new Set<number>();
  for (const c of candidates) {
    if (c.sn && needsNoSnRoute(c.sn)) rules.push({ field: `${c.prefix}sn`, key: 'device.sn.noDirectAdd' });
    if (c.sn) {
      const sn = c.sn.toUpperCase();
      if (seenSn.has(sn)) rules.push({ field: `${c.prefix}sn`, key: 'device.no.duplicate', params: { value: c.sn } });
      seenSn.add(sn);
    }
    if (c.deviceNo != null) {
      if (seenNo.has(c.deviceNo)) {
        rules.push({ field: `${c.prefix}deviceNo`, key: 'device.no.duplicate', params: { value: c.deviceNo } });
      }
      seenNo.add(c.deviceNo);
    }
  }
  const sns = candidates.flatMap((c) => (c.sn ? [c.sn] : []));
  const held = (await devicesHolding(db, sns, [...seenNo])).filter((d) => d.id !== exceptId);
  for (const c of candidates) {
    const bySn = c.sn ? held.find((d) => d.sn?.toUpperCase() === c.sn?.toUpperCase()) : undefined;
    if (bySn) {
      const elsewhere = !toBool(bySn.enabled) && !scope.all && !scope.ownerIds.includes(bySn.owner_id);
      rules.push(
        elsewhere
          ? { field: `${c.prefix}sn`, key: 'device.sn.disabledElsewhere' }
          : { field: `${c.prefix}sn`, key: 'device.no.duplicate', params: { value: c.sn ?? '' } },
      );
    }
    if (c.deviceNo != null && held.some((d) => d.device_no === c.deviceNo)) {
      rules.push({ field: `${c.prefix}deviceNo`, key: 'device.no.duplicate', params: { value: c.deviceNo } });
    }
  }
  return rules;
}

/** What a device points at: an account the caller may give it to, their project, template and tags, a stored picture. */
export interface References {
  ownerId?: number | null;
  projectId?: number | null;
  templateId?: number | null;
  /** For an edit: the device's owner, whose templates the device may take too. */
  deviceOwnerId?: number | null;
  tagIds?: readonly number[];
  picture?: string | null;
}

export async function checkReferences(
  db: Kysely<Database>,
  scope: Scope,
  input: References,
  prefix = '',
): Promise<RuleBroken[]> {
  const rules: RuleBroken[] = [];
  if (input.ownerId != null && !(await ownerInScope(db, scope, input.ownerId))) {
    rules.push({ field: `${prefix}ownerId`, key: 'device.owner.unknown' });
  }
  if (input.projectId != null && !(await projectInScope(db, scope, input.projectId))) {
    rules.push({ field: `${prefix}projectId`, key: 'device.project.unknown' });
  }
  if (input.templateId != null && !(await templateUsable(db, scope, input.templateId, input.deviceOwnerId ?? null))) {
    rules.push({ field: `${prefix}templateId`, key: 'device.template.unknown' });
  }
  if (input.tagIds?.length) {
    const known = await tagsInScope(db, scope, input.tagIds);
    const unknown = input.tagIds.filter((id) => !known.includes(id));
    if (unknown.length)
      rules.push({ field: `${prefix}tagIds`, key: 'device.tags.unknown', params: { ids: unknown.join(', ') } });
  }
  if (input.picture && !(await isStoredPicture(db, input.picture, uploadRules.image.maxBytes))) {
    rules.push({ field: `${prefix}picture`, key: 'device.picture.invalid' });
  }
  return rules;
}

/** Hands out cloud-assigned device numbers, one after another, from the highest already given. */
export async function cloudNumbers(db: Kysely<Database>): Promise<() => number> {
  let next = ((await highestNumberFrom(db, CLOUD_NO_START)) ?? CLOUD_NO_START - 1) + 1;
  return () => {
    if (next > CLOUD_NO_END) throw new Error('cloud device numbers exhausted');
    return next++;
  };
}

/** The row of a new device from what the user gave, with the owner and the number it ends up with. */
export function newDeviceRow(
  input: DeviceCreate,
  ownerId: number,
  createdBy: number,
  deviceNo: number | null,
  at: number,
): NewDevice {
  return {
    owner_id: ownerId,
    name: input.name,
    device_no: deviceNo,
    sn: input.sn ?? null,
    mac: input.mac ?? null,
    imei: input.imei ?? null,
    imei2: input.imei2 ?? null,
    lora_nid: input.loraNid ?? null,
    comm_password: input.commPassword ?? newCommPassword(),
    protocol: input.protocol,
    query_interval: input.queryInterval,
    project_id: input.projectId ?? null,
    template_id: input.templateId ?? null,
    address: input.address ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    picture: input.picture ?? null,
    enabled: input.enabled,
    cloud_config: input.cloudConfig,
    warranty_start: input.warrantyStart ?? null,
    warranty_end: input.warrantyEnd ?? null,
    version: input.version ?? null,
    sim_iccid: input.simIccid ?? null,
    remark: input.remark ?? null,
    created_by: createdBy,
    created_at: at,
    updated_at: at,
  };
}
