import type { AiDistrictRow, AiDistrictSave } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { secretBoxOf } from '../../platform/secrets/box.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { staffScope } from '../assessments/tasks.ts';
import { type AiEndpoint, testEndpoint } from './client.ts';
import {
  clearDistrictAi,
  districtsAbove,
  districtsUnder,
  readAiSetting,
  readDistrictAi,
  type StoredDistrictAi,
  writeDistrictAi,
} from './repository.ts';
import { configOf, endpointOf, openedKey } from './settings.ts';

// A district's own endpoint (decision 0146): its schools call it instead of the deployment's.

/** Sealed for this district: a district's key opens nowhere else, not even for its neighbour. */
const keyPlace = (districtId: number) => `mind.ai.apiKey.district.${districtId}`;

/** The districts the caller manages: those inside their organisations, every one for the whole deployment. */
async function managedDistricts(actor: Actor) {
  const scope = await staffScope(actor);
  return districtsUnder(actor.db, scope.all ? 'all' : scope.orgPaths);
}

async function managedDistrict(actor: Actor, districtId: number) {
  const district = (await managedDistricts(actor)).find((d) => Number(d.id) === districtId);
  if (!district) throw new AppError(404, 'ai.districtNotFound');
  return district;
}

const ownOf = (stored: StoredDistrictAi | null): AiDistrictRow['own'] =>
  stored && {
    enabled: stored.enabled,
    baseUrl: stored.baseUrl,
    model: stored.model,
    keySource: stored.sealedKey ? 'stored' : 'none',
    updatedAt: stored.updatedAt,
  };

/** The caller's districts, each with its own endpoint (never the key) or none. */
export async function aiDistricts(actor: Actor): Promise<AiDistrictRow[]> {
  const districts = await managedDistricts(actor);
  const stored = await Promise.all(districts.map((d) => readDistrictAi(actor.db, Number(d.id))));
  return districts.map((d, i) => ({ districtId: Number(d.id), districtName: d.name, own: ownOf(stored[i] ?? null) }));
}

/** Saves a district's endpoint, or turns AI off for its schools; audited without the key. */
export async function saveAiDistrict(actor: Actor, districtId: number, body: AiDistrictSave): Promise<AiDistrictRow> {
  const district = await managedDistrict(actor, districtId);
  if (body.enabled && (!body.baseUrl || !body.model)) throw new AppError(400, 'ai.needsEndpoint');
  const before = await readDistrictAi(actor.db, districtId);
  let sealedKey = before?.sealedKey ?? null;
  if (body.apiKey !== undefined) {
    sealedKey = body.apiKey === '' ? null : secretBoxOf(configOf(actor)).seal(body.apiKey, keyPlace(districtId));
  }
  const next: StoredDistrictAi = {
    enabled: body.enabled,
    baseUrl: body.baseUrl,
    model: body.model,
    sealedKey,
    updatedAt: Date.now(),
  };
  await writeDistrictAi(actor.db, districtId, next, actor.auth.userId);
  await audit(actor.db, actor.request, {
    action: 'ai.district.save',
    targetType: 'org',
    targetId: districtId,
    detail: { enabled: body.enabled, baseUrl: body.baseUrl, model: body.model, keyChanged: body.apiKey !== undefined },
  });
  return { districtId, districtName: district.name, own: ownOf(next) };
}

/** The district's schools go back to the deployment's endpoint; its stored key is forgotten. */
export async function clearAiDistrict(actor: Actor, districtId: number): Promise<null> {
  await managedDistrict(actor, districtId);
  await clearDistrictAi(actor.db, districtId);
  await audit(actor.db, actor.request, {
    action: 'ai.district.clear',
    targetType: 'org',
    targetId: districtId,
    detail: {},
  });
  return null;
}

function districtEndpoint(actor: Actor, districtId: number, own: StoredDistrictAi): AiEndpoint {
  const config = configOf(actor);
  return {
    baseUrl: own.baseUrl,
    model: own.model,
    // Never the deployment's AI_API_KEY: it would go to an address the deployment did not choose.
    apiKey: openedKey(own.sealedKey, config, keyPlace(districtId)) ?? '',
    timeoutMs: config.AI_TIMEOUT_MS,
  };
}

/** The "test" button of a district: its own endpoint, called once. */
export async function testAiDistrict(actor: Actor, districtId: number) {
  await managedDistrict(actor, districtId);
  const own = await readDistrictAi(actor.db, districtId);
  if (!own?.baseUrl || !own.model)
    return { outcome: 'notSet' as const, latencyMs: 0, status: null, retryAfterSeconds: null };
  return testEndpoint(districtEndpoint(actor, districtId, own));
}

/**
 * The endpoint a school calls: that of the nearest district above it with its own (off there is
 * off), else the deployment's. The daily budget per school is always the deployment's.
 */
export async function endpointForSchool(actor: Actor, schoolId: number) {
  for (const district of await districtsAbove(actor.db, schoolId)) {
    const own = await readDistrictAi(actor.db, Number(district.id));
    if (!own) continue;
    // Off in the district is off for its schools, whatever the deployment's.
    if (own.enabled && (!own.baseUrl || !own.model)) return null;
    const { dailyTokenBudget } = await readAiSetting(actor.db);
    return { ...districtEndpoint(actor, Number(district.id), own), enabled: own.enabled, budget: dailyTokenBudget };
  }
  return endpointOf(actor);
}
