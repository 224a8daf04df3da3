import type { AiSchoolPrivacySave, AiSetting, AiSettingSave } from '@meridian/contracts';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/http/errors.ts';
import { secretBoxOf } from '../../platform/secrets/box.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { staffScope } from '../assessments/tasks.ts';
import { schoolDay } from '../mood/service.ts';
import { schoolsOfScope as schoolsOf } from '../people/students/scope-repository.ts';
import type { AiEndpoint } from './client.ts';
import {
  NO_PRIVACY,
  nicknames,
  readAiSetting,
  readSchoolPrivacy,
  type StoredAiSetting,
  tokensOn,
  writeAiSetting,
  writeSchoolPrivacy,
} from './repository.ts';

export const configOf = (actor: Actor): Config => actor.request.server.config;

/** Where the sealed key belongs: sealed for this place, it opens nowhere else (decision 0088's box). */
const KEY_PLACE = 'mind.ai.apiKey';

function keySource(stored: StoredAiSetting, config: Config): AiSetting['keySource'] {
  if (stored.sealedKey) return 'stored';
  return config.AI_API_KEY ? 'environment' : 'none';
}

/** The stored key opened; null when it was sealed under another deployment key (enter it again). */
export function openedKey(sealed: string | null, config: Config, place = KEY_PLACE): string | null {
  if (!sealed) return null;
  try {
    return secretBoxOf(config).open(sealed, place);
  } catch {
    return null;
  }
}

/** The endpoint as the page shows it: never the key, only where it comes from. */
export async function aiSettingOf(actor: Actor): Promise<AiSetting> {
  const stored = await readAiSetting(actor.db);
  const config = configOf(actor);
  return {
    enabled: stored.enabled,
    baseUrl: stored.baseUrl,
    model: stored.model,
    keySource: keySource(stored, config),
    // The deployment's secret box always seals (SECRETS_KEY, or the key kept in DATA_DIR).
    canStoreKey: true,
    canChangeEndpoint: (await staffScope(actor)).all,
    dailyTokenBudget: stored.dailyTokenBudget,
    updatedAt: stored.updatedAt,
  };
}

/** The endpoint serves the whole deployment: only a caller whose scope is the whole deployment changes it. */
async function requireDeploymentScope(actor: Actor): Promise<void> {
  const scope = await staffScope(actor);
  if (!scope.all) throw new AppError(403, 'auth.forbidden');
}

export async function saveAiSetting(actor: Actor, body: AiSettingSave): Promise<AiSetting> {
  await requireDeploymentScope(actor);
  const config = configOf(actor);
  const before = await readAiSetting(actor.db);
  let sealedKey = before.sealedKey;
  if (body.apiKey !== undefined) {
    sealedKey = body.apiKey === '' ? null : secretBoxOf(config).seal(body.apiKey, KEY_PLACE);
  }
  if (body.enabled && (!body.baseUrl || !body.model)) throw new AppError(400, 'ai.needsEndpoint');
  const at = Date.now();
  const next: StoredAiSetting = {
    enabled: body.enabled,
    baseUrl: body.baseUrl,
    model: body.model,
    sealedKey,
    dailyTokenBudget: body.dailyTokenBudget,
    updatedAt: at,
  };
  await writeAiSetting(actor.db, next, actor.auth.userId);
  await audit(actor.db, actor.request, {
    action: 'ai.setting.save',
    targetType: 'setting',
    targetId: 'mind.ai',
    // What changed, never the key itself.
    detail: { enabled: body.enabled, baseUrl: body.baseUrl, model: body.model, keyChanged: body.apiKey !== undefined },
  });
  return aiSettingOf(actor);
}

/** The endpoint to call, with its key opened; null when none is set up. */
export async function endpointOf(actor: Actor): Promise<(AiEndpoint & { enabled: boolean; budget: number }) | null> {
  const stored = await readAiSetting(actor.db);
  if (!stored.baseUrl || !stored.model) return null;
  const config = configOf(actor);
  const opened = openedKey(stored.sealedKey, config);
  return {
    enabled: stored.enabled,
    budget: stored.dailyTokenBudget,
    baseUrl: stored.baseUrl,
    model: stored.model,
    apiKey: opened ?? config.AI_API_KEY ?? '',
    timeoutMs: config.AI_TIMEOUT_MS,
  };
}

/** The schools of the caller's scope, each with its legal basis, whether it sends, and today's tokens. */
export async function aiSchools(actor: Actor) {
  const schools = await schoolsOf(actor.db, await staffScope(actor));
  const ids = schools.map((s) => Number(s.id));
  const privacy = await Promise.all(ids.map((id) => readSchoolPrivacy(actor.db, id)));
  const names = await nicknames(
    actor.db,
    privacy.flatMap((p) => (p.recordedBy === null ? [] : [p.recordedBy])),
  );
  const tokens = await tokensOn(actor.db, ids, schoolDay(Date.now()));
  return schools.map((s, i) => {
    const p = privacy[i] ?? NO_PRIVACY;
    return {
      schoolId: Number(s.id),
      schoolName: s.name,
      sending: p.sending,
      legalBasis: p.legalBasis,
      recordedBy: p.recordedBy === null ? null : (names.get(p.recordedBy) ?? null),
      recordedAt: p.recordedAt,
      retentionDays: p.retentionDays,
      tokensToday: tokens.get(Number(s.id)) ?? 0,
    };
  });
}

/** Records a school's legal basis and whether its staff may send student text; sending needs a basis. */
export async function saveSchoolPrivacy(actor: Actor, schoolId: number, body: AiSchoolPrivacySave): Promise<null> {
  const scope = await staffScope(actor);
  if (!scope.all && !scope.schoolIds.includes(schoolId)) throw new AppError(404, 'ai.schoolNotFound');
  if ((await schoolsOf(actor.db, { ...scope, all: false, schoolIds: [schoolId] })).length === 0) {
    throw new AppError(404, 'ai.schoolNotFound');
  }
  if (body.sending && !body.legalBasis) throw new AppError(400, 'ai.legalBasisRequired');
  const at = Date.now();
  await writeSchoolPrivacy(
    actor.db,
    schoolId,
    {
      sending: body.sending,
      legalBasis: body.legalBasis,
      recordedBy: actor.auth.userId,
      recordedAt: at,
      retentionDays: body.retentionDays,
    },
    actor.auth.userId,
  );
  await audit(actor.db, actor.request, {
    action: 'ai.privacy.save',
    targetType: 'org',
    targetId: schoolId,
    detail: { sending: body.sending, legalBasis: body.legalBasis, retentionDays: body.retentionDays },
  });
  return null;
}
