import type {
  DeviceBatch,
  DeviceCreate,
  DeviceDetail,
  DeviceFilter,
  DeviceUpdate,
  PageQuery,
} from '@meridian/contracts';
import { AppError, type RuleBroken, rulesBroken } from '../../platform/http/errors.ts';
import { accountScopeOf, type Scope } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import type { DeviceLink } from '../gateway/links.ts';
import type { DeviceRight } from './access.ts';
import { refuseBelowLevel } from './level.ts';
import { refuseDevicesOverQuota } from './quota.ts';
import {
  deleteDevice,
  findDevice,
  insertDevices,
  listDevices,
  setDeviceTags,
  tagsOf,
  updateDevice,
} from './repository.ts';
import { detailOf, listItem, patchOf } from './rows.ts';
import { checkNumbers, checkReferences, cloudNumbers, newDeviceRow } from './rules.ts';

/** The device list: a page of what the caller may see, filtered, newest first. */
export async function deviceList(actor: Actor, filter: DeviceFilter, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await listDevices(actor.db, scope, filter, page);
  return { ...result, list: result.list.map((row) => listItem(row, row.tags)) };
}

/**
 * The device for `right`: 404 when the caller may not even see it, 403 when they see it without
 * the right; `failure` names the message of a refused delete ("delete failed").
 */
export async function deviceFor(actor: Actor, scope: Scope, id: number, right: DeviceRight, failure = false) {
  const device = await findDevice(actor.db, scope, id, right);
  if (device) {
    await refuseBelowLevel(actor.db, actor.auth, right);
    return device;
  }
  const visible = right !== 'view' && (await findDevice(actor.db, scope, id, 'view'));
  if (visible) throw new AppError(403, failure ? 'device.deleteFailed' : 'auth.forbidden');
  throw new AppError(404, failure ? 'device.deleteFailed' : 'device.notFound');
}

export async function deviceDetail(actor: Actor, id: number): Promise<DeviceDetail> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const device = await deviceFor(actor, scope, id, 'view');
  return detailOf(device, await tagsOf(actor.db, [id]));
}

/** Where a new device belongs: the account named, or the caller. */
const ownerOf = (actor: Actor, input: { ownerId?: number | null }) => input.ownerId ?? actor.auth.userId;

/** Adds one device: by SN (with MAC or IMEI), or by device ID, or with a cloud-assigned ID. */
export async function addDevice(actor: Actor, input: DeviceCreate): Promise<DeviceDetail> {
  const [id] = await addDevices(actor, [input], '');
  return deviceDetail(actor, id as number);
}

/**
 * Adds devices all or nothing: every rule of every device is checked first and reported together
 * (`devices[i].field` in a list), then all are inserted in one transaction.
 */
export async function addDevices(
  actor: Actor,
  inputs: readonly DeviceCreate[],
  listField = 'devices',
): Promise<number[]> {
  await refuseBelowLevel(actor.db, actor.auth, 'edit');
  const scope = await accountScopeOf(actor.db, actor.auth);
  const prefixOf = (i: number) => (listField ? `${listField}[${i}].` : '');
  const rules: RuleBroken[] = [];
  for (const [i, input] of inputs.entries())
    rules.push(...(await checkReferences(actor.db, scope, input, prefixOf(i))));
  rules.push(
    ...(await checkNumbers(
      actor.db,
      scope,
      inputs.map((d, i) => ({ sn: d.sn, deviceNo: d.deviceNo, prefix: prefixOf(i) })),
    )),
  );
  if (rules.length) throw rulesBroken(rules);
  return insertAll(actor, inputs, 'addDevices');
}

/**
 * Inserts checked devices, with their tags, in one transaction; devices with neither SN nor ID get a
 * cloud ID. Refused as a whole when their slaves would exceed an owner's slave-count authorization.
 */
export async function insertAll(actor: Actor, inputs: readonly DeviceCreate[], action: string): Promise<number[]> {
  await refuseDevicesOverQuota(
    actor.db,
    inputs.map((input) => ({ ownerId: ownerOf(actor, input), templateId: input.templateId })),
  );
  const at = Date.now();
  return actor.db.transaction().execute(async (trx) => {
    const nextNo = await cloudNumbers(trx);
    const ids: number[] = [];
    for (const input of inputs) {
      const deviceNo = input.deviceNo ?? (input.sn ? null : nextNo());
      const [id] = await insertDevices(trx, [
        newDeviceRow(input, ownerOf(actor, input), actor.auth.userId, deviceNo, at),
      ]);
      if (id === undefined) throw new Error('device insert returned no id');
      await setDeviceTags(trx, id, input.tagIds);
      ids.push(id);
    }
    await audit(trx, actor.request, {
      action,
      targetType: 'device',
      targetId: ids.length === 1 ? ids[0] : undefined,
      detail: { count: ids.length, ids: ids.slice(0, 100) },
    });
    return ids;
  });
}

/** Add in batches: `count` devices numbered from `startNo`, or a list of devices. */
export async function addBatch(actor: Actor, input: DeviceBatch): Promise<{ ids: number[] }> {
  if (input.devices) return { ids: await addDevices(actor, input.devices) };
  await refuseBelowLevel(actor.db, actor.auth, 'edit');
  const { count = 1, namePrefix = '', startNo = 1, devices: _list, ...shared } = input;
  if (startNo + count - 1 > 65535) throw rulesBroken([{ field: 'count', key: 'device.batch.range' }]);
  const devices: DeviceCreate[] = Array.from({ length: count }, (_, i) => ({
    ...shared,
    name: `${namePrefix}${startNo + i}`,
    deviceNo: startNo + i,
    enabled: true,
    cloudConfig: true,
  }));
  const scope = await accountScopeOf(actor.db, actor.auth);
  const rules = [
    ...(await checkReferences(actor.db, scope, shared)),
    ...(await checkNumbers(
      actor.db,
      scope,
      devices.map((d) => ({ deviceNo: d.deviceNo, prefix: '' })),
    )),
  ];
  if (rules.length) throw rulesBroken(rules);
  return { ids: await insertAll(actor, devices, 'addDevicesInBatch') };
}

/** Edits any field; the project, once chosen, stays (spec section 4). */
export async function editDevice(actor: Actor, id: number, input: DeviceUpdate): Promise<DeviceDetail> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const current = await deviceFor(actor, scope, id, 'edit');
  const rules: RuleBroken[] = [];
  if (input.projectId !== undefined && current.project_id !== null && input.projectId !== current.project_id) {
    rules.push({ field: 'projectId', key: 'device.project.locked' });
  }
  const merged = {
    sn: input.sn === undefined ? current.sn : input.sn,
    mac: input.mac === undefined ? current.mac : input.mac,
    imei: input.imei === undefined ? current.imei : input.imei,
    start: input.warrantyStart === undefined ? current.warranty_start : input.warrantyStart,
    end: input.warrantyEnd === undefined ? current.warranty_end : input.warrantyEnd,
  };
  if (merged.sn && !merged.mac && !merged.imei) rules.push({ field: 'mac', key: 'device.sn.needsMacOrImei' });
  if (merged.start !== null && merged.end !== null && merged.end <= merged.start) {
    rules.push({ field: 'warrantyEnd', key: 'device.warranty.order' });
  }
  // Only what changes is checked against the caller's reach: a sub-user allowed to edit the
  // device sends back its owner, project and tags unchanged, though they are not theirs.
  const currentTags = (await tagsOf(actor.db, [id])).map((tag) => tag.id);
  rules.push(
    ...(await checkReferences(actor.db, scope, {
      ownerId: input.ownerId !== undefined && input.ownerId !== current.owner_id ? input.ownerId : null,
      projectId: input.projectId !== undefined && input.projectId !== current.project_id ? input.projectId : null,
      templateId: input.templateId !== undefined && input.templateId !== current.template_id ? input.templateId : null,
      deviceOwnerId: current.owner_id,
      tagIds: input.tagIds?.filter((tagId) => !currentTags.includes(tagId)),
      picture: input.picture !== current.picture ? input.picture : null,
    })),
  );
  const changedSn = input.sn && input.sn !== current.sn ? input.sn : null;
  const changedNo = input.deviceNo != null && input.deviceNo !== current.device_no ? input.deviceNo : null;
  if (changedSn || changedNo) {
    rules.push(...(await checkNumbers(actor.db, scope, [{ sn: changedSn, deviceNo: changedNo, prefix: '' }], id)));
  }
  if (rules.length) throw rulesBroken(rules);
  const after = {
    ownerId: input.ownerId ?? current.owner_id,
    templateId: input.templateId === undefined ? current.template_id : input.templateId,
  };
  if (after.ownerId !== current.owner_id || after.templateId !== current.template_id) {
    await refuseDevicesOverQuota(actor.db, [after], [{ ownerId: current.owner_id, templateId: current.template_id }]);
  }
  await actor.db.transaction().execute(async (trx) => {
    const patch = patchOf(input);
    if (!merged.sn && (input.deviceNo === undefined ? current.device_no : input.deviceNo) === null) {
      // Neither SN nor ID left: the device takes the no-SN route's cloud-assigned ID.
      patch.device_no = (await cloudNumbers(trx))();
    }
    await updateDevice(trx, id, { ...patch, updated_at: Date.now() });
    if (input.tagIds) await setDeviceTags(trx, id, input.tagIds);
    await audit(trx, actor.request, {
      action: 'editDevice',
      targetType: 'device',
      targetId: id,
      detail: { fields: Object.keys(input) },
    });
  });
  return deviceDetail(actor, id);
}

/**
 * Enables or disables a device; only enabled devices go online (spec section 4), so a disabled
 * device's connection to this process is closed at once.
 */
export async function setDeviceEnabled(
  actor: Actor,
  id: number,
  enabled: boolean,
  reach: (deviceId: number) => Promise<DeviceLink | undefined>,
): Promise<DeviceDetail> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  await deviceFor(actor, scope, id, 'edit');
  await actor.db.transaction().execute(async (trx) => {
    await updateDevice(trx, id, {
      enabled,
      updated_at: Date.now(),
      ...(enabled ? {} : { status: 'offline' as const }),
    });
    await audit(trx, actor.request, {
      action: enabled ? 'enableDevice' : 'disableDevice',
      targetType: 'device',
      targetId: id,
    });
  });
  if (!enabled) (await reach(id))?.close('disabled');
  return deviceDetail(actor, id);
}

/**
 * Deletes a device with its grants and tags, and closes its connection; "delete failed" when it is
 * gone or not the caller's to delete.
 */
export async function removeDevice(
  actor: Actor,
  id: number,
  reach: (deviceId: number) => Promise<DeviceLink | undefined>,
): Promise<void> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const device = await deviceFor(actor, scope, id, 'delete', true);
  // Found before the delete, which takes its link lease with it.
  const link = await reach(id);
  await actor.db.transaction().execute(async (trx) => {
    const deleted = await deleteDevice(trx, id);
    if (deleted !== 1) throw new AppError(404, 'device.deleteFailed');
    await audit(trx, actor.request, {
      action: 'deleteDevice',
      targetType: 'device',
      targetId: id,
      detail: { name: device.name, sn: device.sn, deviceNo: device.device_no },
    });
  });
  link?.close('disabled');
}
