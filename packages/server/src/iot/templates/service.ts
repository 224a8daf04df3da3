import {
  type LibraryCategory,
  type PageQuery,
  PROTOCOL_TEMPLATES_SHOWN,
  type ProtocolUsage,
  TEMPLATE_PROTOCOLS,
  type TemplateDetail,
  type TemplateInput,
  type TemplateSummary,
  templateRulesBroken,
} from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { now, toBool } from '../../platform/db/sql.ts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { refuseBelowLevel } from '../devices/level.ts';
import { refuseDevicesOverQuota, refuseOverQuota } from '../devices/quota.ts';
import { customDefinition, customPointsBroken } from '../protocols/service.ts';
import * as repo from './repository.ts';
import type { TemplateRow } from './tables.ts';

type Db = Kysely<Database>;

function summaryOf(
  row: TemplateRow & { slaveCount: unknown; pointCount: unknown; deviceCount?: unknown },
): TemplateSummary {
  return {
    id: Number(row.id),
    name: row.name,
    protocol: row.protocol,
    customProtocolId: row.custom_protocol_id === null ? null : Number(row.custom_protocol_id),
    description: row.description,
    slaveCount: Number(row.slaveCount ?? 0),
    pointCount: Number(row.pointCount ?? 0),
    deviceCount: Number(row.deviceCount ?? 0),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

async function detailOf(db: Db, row: TemplateRow): Promise<TemplateDetail> {
  const id = Number(row.id);
  const [slaves, points, deviceCount] = await Promise.all([
    repo.slavesOf(db, id),
    repo.pointsOf(db, id),
    repo.devicesUsing(db, id),
  ]);
  return {
    ...summaryOf({ ...row, slaveCount: slaves.length, pointCount: points.length, deviceCount }),
    library: toBool(row.library),
    category: row.category as LibraryCategory | null,
    vendor: row.vendor,
    model: row.model,
    slaves: slaves.map((s) => ({
      id: Number(s.id),
      index: s.serial,
      name: s.name,
      address: s.address,
      ip: s.ip,
      port: s.port,
      deviceNo: s.device_no,
      meterAddress: s.meter_address,
    })),
    points: points.map((p) => ({
      id: Number(p.id),
      slaveId: Number(p.slave_id),
      slaveIndex: p.slave_serial,
      name: p.name,
      registerType: p.register_type,
      registerAddress: p.register_address,
      registerLength: p.register_length,
      readWrite: p.read_write,
      dataType: p.data_type,
      variant: p.variant,
      bitIndex: p.bit_index,
      precision: p.precision,
      unit: p.unit,
      formula: p.formula,
      inverseFormula: p.inverse_formula,
      description: p.description,
      storage: p.storage,
      amplitude: p.amplitude === null ? null : Number(p.amplitude),
      dataIdentifier: p.data_identifier,
      sort: p.sort,
    })),
  };
}

/**
 * Every cross-field rule of spec section 5, all reported at once, before anything is written; for
 * a custom protocol, also that it is one the caller sees and that each point names one of its points.
 */
async function refuseBrokenRules(actor: Actor, input: TemplateInput): Promise<number | null> {
  const rules = templateRulesBroken(input);
  let customProtocolId: number | null = null;
  if (input.protocol === 'custom' && input.customProtocolId) {
    const found = await customDefinition(actor, input.customProtocolId);
    if (!found) rules.push({ field: 'customProtocolId', key: 'customProtocol.notFound' });
    else {
      customProtocolId = input.customProtocolId;
      rules.push(...customPointsBroken(input, found));
    }
  }
  if (rules.length) throw rulesBroken(rules);
  return customProtocolId;
}

async function refuseTakenName(actor: Actor, ownerId: number, name: string, exceptId = 0): Promise<void> {
  if (await repo.nameTaken(actor.db, ownerId, name, exceptId))
    throw new AppError(409, 'template.nameTaken', { params: { name } });
}

async function ownTemplate(actor: Actor, id: number): Promise<TemplateRow> {
  const row = await repo.findTemplate(actor.db, await accountScopeOf(actor.db, actor.auth), id);
  if (!row) throw new AppError(404, 'template.notFound');
  return row;
}

export async function listTemplates(actor: Actor, keyword: string | undefined, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await repo.listTemplates(actor.db, scope, keyword, page);
  return { ...result, list: result.list.map(summaryOf) };
}

/** Each protocol a template can choose, with how many of the caller's templates use it and the latest of them. */
export async function protocolUsage(actor: Actor): Promise<ProtocolUsage[]> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const counts = new Map((await repo.protocolCounts(actor.db, scope)).map((r) => [r.protocol, Number(r.n)]));
  return Promise.all(
    TEMPLATE_PROTOCOLS.map(async (protocol) => {
      const templateCount = counts.get(protocol) ?? 0;
      const templates = templateCount
        ? await repo.templatesOfProtocol(actor.db, scope, protocol, PROTOCOL_TEMPLATES_SHOWN)
        : [];
      return { protocol, templateCount, templates: templates.map((t) => ({ id: Number(t.id), name: t.name })) };
    }),
  );
}

export async function templateDetail(actor: Actor, id: number): Promise<TemplateDetail> {
  return detailOf(actor.db, await ownTemplate(actor, id));
}

/** A new template of the caller's, with its slaves and points. */
export async function createTemplate(actor: Actor, input: TemplateInput): Promise<TemplateDetail> {
  // A new template belongs to its creator: the route's permission is the whole access check.
  const customProtocolId = await refuseBrokenRules(actor, input);
  const ownerId = actor.auth.userId;
  await refuseTakenName(actor, ownerId, input.name);
  const id = await actor.db.transaction().execute(async (trx) => {
    const at = now();
    const templateId = await repo.insertTemplate(trx, {
      owner_id: ownerId,
      name: input.name,
      protocol: input.protocol,
      custom_protocol_id: customProtocolId,
      description: input.description || null,
      created_at: at,
      updated_at: at,
    });
    await repo.writeTree(trx, templateId, input);
    await audit(trx, actor.request, {
      action: 'createTemplate',
      targetType: 'template',
      targetId: templateId,
      detail: { name: input.name },
    });
    return templateId;
  });
  return templateDetail(actor, id);
}

/**
 * Replaces a whole template in one transaction. Devices using it read the new points at their next
 * poll: nothing is copied per device.
 */
export async function replaceTemplate(actor: Actor, id: number, input: TemplateInput): Promise<TemplateDetail> {
  const row = await ownTemplate(actor, id);
  const customProtocolId = await refuseBrokenRules(actor, input);
  await refuseTakenName(actor, Number(row.owner_id), input.name, id);
  // More slaves on a template in use count against the quota of each account whose devices use it.
  const more = input.slaves.length - (await repo.slavesOf(actor.db, id)).length;
  if (more > 0) {
    const owners = await repo.ownersUsing(actor.db, id);
    await refuseOverQuota(
      actor.db,
      owners.map((o) => ({ ownerId: o.ownerId, slaves: more * o.devices })),
    );
  }
  await actor.db.transaction().execute(async (trx) => {
    await repo.updateTemplate(trx, id, {
      name: input.name,
      protocol: input.protocol,
      custom_protocol_id: customProtocolId,
      description: input.description || null,
      updated_at: now(),
    });
    await repo.writeTree(trx, id, input);
    await audit(trx, actor.request, {
      action: 'editTemplate',
      targetType: 'template',
      targetId: id,
      detail: { name: input.name, slaves: input.slaves.length, points: input.points.length },
    });
  });
  return templateDetail(actor, id);
}

export async function deleteTemplate(actor: Actor, id: number): Promise<void> {
  const row = await ownTemplate(actor, id);
  const count = await repo.devicesUsing(actor.db, id);
  if (count > 0) throw new AppError(409, 'template.inUse', { params: { count }, data: { deviceCount: count } });
  await actor.db.transaction().execute(async (trx) => {
    await repo.deleteTemplate(trx, id);
    await audit(trx, actor.request, {
      action: 'deleteTemplate',
      targetType: 'template',
      targetId: id,
      detail: { name: row.name },
    });
  });
}

/** The first of `name copy`, `name copy 2`, ... that the owner has not used, within 64 characters. */
async function freeCopyName(actor: Actor, ownerId: number, name: string): Promise<string> {
  for (let n = 1; n <= 100; n++) {
    const suffix = n === 1 ? ' copy' : ` copy ${n}`;
    const candidate = `${name.slice(0, 64 - suffix.length).trimEnd()}${suffix}`;
    if (!(await repo.nameTaken(actor.db, ownerId, candidate))) return candidate;
  }
  throw new AppError(409, 'template.nameTaken', { params: { name: `${name} copy` } });
}

/** Copies a template (the caller's own, or a library entry) into the caller's templates. */
async function copyInto(actor: Actor, source: TemplateRow, wanted: string | undefined): Promise<TemplateDetail> {
  const ownerId = actor.auth.userId;
  const name = wanted ?? (await freeCopyName(actor, ownerId, source.name));
  if (wanted) await refuseTakenName(actor, ownerId, wanted);
  const sourceDetail = await detailOf(actor.db, source);
  const id = await actor.db.transaction().execute(async (trx) => {
    const at = now();
    const templateId = await repo.insertTemplate(trx, {
      owner_id: ownerId,
      name,
      protocol: source.protocol,
      custom_protocol_id: source.custom_protocol_id,
      description: source.description,
      category: source.category,
      vendor: source.vendor,
      model: source.model,
      created_at: at,
      updated_at: at,
    });
    await repo.writeTree(trx, templateId, {
      protocol: source.protocol,
      slaves: sourceDetail.slaves.map(({ id: _id, ...slave }) => slave),
      points: sourceDetail.points.map(({ id: _id, slaveId: _s, sort: _sort, ...point }) => point),
    });
    await audit(trx, actor.request, {
      action: 'copyTemplate',
      targetType: 'template',
      targetId: templateId,
      detail: { from: Number(source.id), library: toBool(source.library), name },
    });
    return templateId;
  });
  return templateDetail(actor, id);
}

export async function copyTemplate(actor: Actor, id: number, name: string | undefined): Promise<TemplateDetail> {
  return copyInto(actor, await ownTemplate(actor, id), name);
}

export async function listLibrary(actor: Actor, keyword: string | undefined, page: PageQuery) {
  const result = await repo.listLibrary(actor.db, keyword, page);
  return {
    ...result,
    list: result.list.map((row) => ({
      id: Number(row.id),
      name: row.name,
      protocol: row.protocol,
      description: row.description,
      category: row.category as LibraryCategory,
      vendor: row.vendor ?? '',
      model: row.model ?? '',
      pointCount: Number(row.pointCount ?? 0),
    })),
  };
}

async function libraryEntry(actor: Actor, id: number): Promise<TemplateRow> {
  const row = await repo.findLibraryTemplate(actor.db, id);
  if (!row) throw new AppError(404, 'template.notFound');
  return row;
}

export async function libraryDetail(actor: Actor, id: number): Promise<TemplateDetail> {
  return detailOf(actor.db, await libraryEntry(actor, id));
}

export async function copyLibrary(actor: Actor, id: number, name: string | undefined): Promise<TemplateDetail> {
  return copyInto(actor, await libraryEntry(actor, id), name);
}

/**
 * Template Application (and Single Application, with one id): the devices read their points from
 * this template from their next poll. All or nothing: a device the caller may not edit refuses the
 * whole call, naming it.
 */
export async function applyTemplate(actor: Actor, id: number, deviceIds: number[]): Promise<{ applied: number }> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  if (!(await repo.findTemplate(actor.db, scope, id))) throw new AppError(404, 'template.notFound');
  await refuseBelowLevel(actor.db, actor.auth, 'edit');
  const wanted = [...new Set(deviceIds)];
  const devices = await repo.editableDevices(actor.db, scope, wanted);
  const editable = new Set(devices.map((d) => d.id));
  const refused = wanted.filter((d) => !editable.has(d));
  if (refused.length) {
    throw new AppError(403, 'template.devicesRefused', {
      params: { ids: refused.join(', ') },
      data: { deviceIds: refused },
    });
  }
  await refuseDevicesOverQuota(
    actor.db,
    devices.map((d) => ({ ownerId: d.ownerId, templateId: id })),
    devices,
  );
  const applied = await actor.db.transaction().execute(async (trx) => {
    const n = await repo.setDevicesTemplate(trx, wanted, id, now());
    await audit(trx, actor.request, {
      action: 'applyTemplate',
      targetType: 'template',
      targetId: id,
      detail: { deviceIds: wanted },
    });
    return n;
  });
  return { applied };
}
