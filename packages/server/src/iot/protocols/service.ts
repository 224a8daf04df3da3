import {
  CUSTOM_PROTOCOL_LIMITS,
  type CustomProtocolDefinition,
  type CustomProtocolInput,
  type CustomProtocolView,
  customProtocolInput,
  customProtocolRulesBroken,
  type TemplateInput,
  type TemplateRuleBroken,
} from '@meridian/contracts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import * as repo from './repository.ts';
import type { CustomProtocolRow } from './tables.ts';

/** A stored definition: written only after `customProtocolInput` and the rules accepted it. */
export function definitionOf(json: string): CustomProtocolDefinition {
  return customProtocolInput.parse(JSON.parse(json));
}

function viewOf(row: CustomProtocolRow): CustomProtocolView {
  return {
    ...definitionOf(row.definition),
    id: Number(row.id),
    ownerId: Number(row.owner_id),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function customProtocols(actor: Actor): Promise<CustomProtocolView[]> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  return (await repo.listProtocols(actor.db, scope)).map(viewOf);
}

async function protocolFor(actor: Actor, id: number): Promise<CustomProtocolRow> {
  const row = await repo.findProtocol(actor.db, await accountScopeOf(actor.db, actor.auth), id);
  if (!row) throw new AppError(404, 'customProtocol.notFound');
  return row;
}

export async function customProtocol(actor: Actor, id: number): Promise<CustomProtocolView> {
  return viewOf(await protocolFor(actor, id));
}

/** The schema and every rule the schema cannot say, all reported at once. */
async function checked(actor: Actor, ownerId: number, body: CustomProtocolInput, except?: number) {
  const input = customProtocolInput.parse(body);
  const rules = customProtocolRulesBroken(input);
  if (await repo.nameTaken(actor.db, ownerId, input.name, except))
    rules.push({ field: 'name', key: 'customProtocol.nameTaken', params: { name: input.name } });
  if (rules.length) throw rulesBroken(rules);
  return input;
}

export async function createCustomProtocol(actor: Actor, body: CustomProtocolInput): Promise<CustomProtocolView> {
  const ownerId = actor.auth.userId;
  if ((await repo.countOwned(actor.db, ownerId)) >= CUSTOM_PROTOCOL_LIMITS.perAccount)
    throw new AppError(409, 'customProtocol.tooMany', { params: { max: CUSTOM_PROTOCOL_LIMITS.perAccount } });
  const input = await checked(actor, ownerId, body);
  const id = await repo.insertProtocol(actor.db, {
    owner_id: ownerId,
    name: input.name,
    definition: JSON.stringify(input),
    at: Date.now(),
  });
  await audit(actor.db, actor.request, { action: 'createCustomProtocol', targetType: 'customProtocol', targetId: id });
  return customProtocol(actor, id);
}

/** The devices of templates using it read the new frames from their next poll on. */
export async function editCustomProtocol(
  actor: Actor,
  id: number,
  body: CustomProtocolInput,
): Promise<CustomProtocolView> {
  const row = await protocolFor(actor, id);
  const input = await checked(actor, Number(row.owner_id), body, id);
  await repo.updateProtocol(actor.db, id, { name: input.name, definition: JSON.stringify(input), at: Date.now() });
  await audit(actor.db, actor.request, { action: 'editCustomProtocol', targetType: 'customProtocol', targetId: id });
  return customProtocol(actor, id);
}

export async function removeCustomProtocol(actor: Actor, id: number): Promise<void> {
  await protocolFor(actor, id);
  const count = await repo.templatesUsing(actor.db, id);
  if (count) throw new AppError(409, 'customProtocol.inUse', { params: { count } });
  await repo.deleteProtocol(actor.db, id);
  await audit(actor.db, actor.request, { action: 'deleteCustomProtocol', targetType: 'customProtocol', targetId: id });
}

/** A protocol the caller sees, for a template to choose; undefined when there is none. */
export async function customDefinition(actor: Actor, id: number) {
  const row = await repo.findProtocol(actor.db, await accountScopeOf(actor.db, actor.auth), id);
  return row ? definitionOf(row.definition) : undefined;
}

/** Each point of a template names a data point of its protocol, and is written only if that point has a write frame. */
export function customPointsBroken(input: TemplateInput, definition: CustomProtocolDefinition): TemplateRuleBroken[] {
  const byKey = new Map(definition.points.map((p) => [p.key, p]));
  const rules: TemplateRuleBroken[] = [];
  input.points.forEach((point, i) => {
    const params = { protocol: definition.name, key: point.dataIdentifier ?? '' };
    const custom = byKey.get(point.dataIdentifier ?? '');
    if (point.dataIdentifier && !custom)
      rules.push({ field: `points[${i}].dataIdentifier`, key: 'template.point.customKeyUnknown', params });
    else if (point.readWrite !== 'readOnly' && !custom?.write)
      rules.push({ field: `points[${i}].readWrite`, key: 'template.point.customReadOnly', params });
  });
  return rules;
}
