import { AI_RETENTION } from '@meridian/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { deleteSetting, readSetting, writeSetting } from '../../platform/settings/repository.ts';

/** The deployment's AI endpoint as stored; the key sealed by the deployment's secret box, never in the clear. */
export interface StoredAiSetting {
  enabled: boolean;
  baseUrl: string;
  model: string;
  sealedKey: string | null;
  dailyTokenBudget: number;
  updatedAt: number | null;
}
export const NO_AI_SETTING: StoredAiSetting = {
  enabled: false,
  baseUrl: '',
  model: '',
  sealedKey: null,
  dailyTokenBudget: 200_000,
  updatedAt: null,
};

/** A school's privacy record: sending is off until the school records a legal basis and turns it on. */
export interface StoredSchoolPrivacy {
  sending: boolean;
  legalBasis: string;
  recordedBy: number | null;
  recordedAt: number | null;
  /** Days transcripts are kept (decision 0137); records saved before it have none and read the default. */
  retentionDays: number;
}
export const NO_PRIVACY: StoredSchoolPrivacy = {
  sending: false,
  legalBasis: '',
  recordedBy: null,
  recordedAt: null,
  retentionDays: AI_RETENTION.defaultDays,
};

/** A district's own endpoint (decision 0146): no budget of its own, the key sealed for this district only. */
export type StoredDistrictAi = Omit<StoredAiSetting, 'dailyTokenBudget'>;

const SETTING_KEY = 'mind.ai';
const districtKey = (districtId: number) => `mind.ai.district.${districtId}`;
const privacyKey = (schoolId: number) => `mind.ai.school.${schoolId}`;

export const readAiSetting = (db: Kysely<Database>) => readSetting(db, SETTING_KEY, NO_AI_SETTING);
export const writeAiSetting = (db: Kysely<Database>, value: StoredAiSetting, by: number) =>
  writeSetting(db, SETTING_KEY, value, by);
export const readSchoolPrivacy = (db: Kysely<Database>, schoolId: number) =>
  readSetting(db, privacyKey(schoolId), NO_PRIVACY);
export const writeSchoolPrivacy = (db: Kysely<Database>, schoolId: number, value: StoredSchoolPrivacy, by: number) =>
  writeSetting(db, privacyKey(schoolId), value, by);
export const clearSchoolPrivacy = (db: Kysely<Database>, schoolId: number) => deleteSetting(db, privacyKey(schoolId));

export const readDistrictAi = (db: Kysely<Database>, districtId: number) =>
  readSetting<StoredDistrictAi | null>(db, districtKey(districtId), null);
export const writeDistrictAi = (db: Kysely<Database>, districtId: number, value: StoredDistrictAi, by: number) =>
  writeSetting(db, districtKey(districtId), value, by);
export const clearDistrictAi = (db: Kysely<Database>, districtId: number) => deleteSetting(db, districtKey(districtId));

/** The districts (bureaus) inside these subtrees, or all of them: what a district administrator manages. */
export async function districtsUnder(db: Kysely<Database>, paths: string[] | 'all') {
  if (paths !== 'all' && paths.length === 0) return [];
  return db
    .selectFrom('orgs')
    .select(['id', 'name', 'path'])
    .where('type', '=', 'bureau')
    .$if(paths !== 'all', (q) =>
      q.where((eb) => eb.or((paths as string[]).map((path) => eb('orgs.path', 'like', `${path}%`)))),
    )
    .orderBy('path')
    .execute();
}

/** The districts above a school, the nearest first: the first with its own endpoint serves the school. */
export async function districtsAbove(db: Kysely<Database>, schoolId: number) {
  const school = await db.selectFrom('orgs').select('path').where('id', '=', schoolId).executeTakeFirst();
  const above = (school?.path ?? '/')
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((id) => id !== schoolId);
  if (above.length === 0) return [];
  return db
    .selectFrom('orgs')
    .select(['id'])
    .where('type', '=', 'bureau')
    .where('id', 'in', above)
    .orderBy('depth', 'desc')
    .execute();
}

export async function nicknames(db: Kysely<Database>, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const rows = await db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', userIds).execute();
  return new Map(rows.map((r) => [Number(r.id), r.nickname ?? '']));
}

/** Tokens each school used on a day. */
export async function tokensOn(db: Kysely<Database>, schoolIds: number[], day: string) {
  if (schoolIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('ai_usage')
    .select(['school_id', 'tokens'])
    .where('school_id', 'in', schoolIds)
    .where('day', '=', day)
    .execute();
  return new Map(rows.map((r) => [Number(r.school_id), Number(r.tokens)]));
}

/** Adds a call's tokens to the school's day, in one statement so that parallel calls all count. */
export async function addTokens(db: Kysely<Database>, schoolId: number, day: string, tokens: number, at: number) {
  await db
    .insertInto('ai_usage')
    .values({ school_id: schoolId, day, tokens, calls: 1, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['school_id', 'day']).doUpdateSet({
        tokens: sql`ai_usage.tokens + ${tokens}`,
        calls: sql`ai_usage.calls + 1`,
        updated_at: at,
      }),
    )
    .execute();
}

/** A student's latest assessment results with their scales' names: what the suggestions are drafted from. */
export async function latestResults(db: Kysely<Database>, studentId: number, limit: number) {
  return db
    .selectFrom('assessment_results as r')
    .innerJoin('scales as s', 's.id', 'r.scale_id')
    .select(['s.name_zh', 's.name_en', 'r.total', 'r.band', 'r.warning_level', 'r.submitted_at'])
    .where('r.student_id', '=', studentId)
    .where('r.valid', '=', true)
    .orderBy('r.submitted_at', 'desc')
    .limit(limit)
    .execute();
}
