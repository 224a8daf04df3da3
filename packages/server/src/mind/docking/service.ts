import type {
  DockingBatch,
  DockingConfig,
  DockingConfigSave,
  DockingKind,
  DockingRecord,
  DockingRecordQuery,
  DockingStudentFix,
  Page,
} from '@meridian/contracts';
import { DOCKING_KINDS, DOCKING_LIMITS } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { secretBoxOf } from '../../platform/secrets/box.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { staffScope } from '../assessments/tasks.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { schoolsOfScope as schoolsOf } from '../people/students/scope-repository.ts';
import type { ProvinceEndpoint } from './client.ts';
import { mappingOf } from './mapping.ts';
import {
  batchPage,
  failedOfSameStudent,
  insertBatch,
  insertRecords,
  interventionsOf,
  knownKeys,
  ownerOf,
  readConfig,
  recordPage,
  recordsOfScope,
  requeueRecords,
  resultsOf,
  type SourceWindow,
  studentsOf,
  warningsOf,
  writeConfig,
} from './repository.ts';
import type { DockingConfigRow, DockingRecordsTable } from './tables.ts';

// Province docking (decision 0103).

export const DOCKING_BATCH_JOB = 'mind.docking.batch';
/** The most records one request carries (the platform's limit, docs/protocols/province.md). */
export const BATCH_MAX = 100;
/** A batch is tried this often, with the jobs table's backoff (5 s doubling, at most an hour), before its records fail. */
export const BATCH_ATTEMPTS = 8;

export const listOf = (text: string) => (text === '' ? [] : text.split(','));
const configOf = (actor: Actor): Config => actor.request.server.config;
/** Where an owner's sealed secret belongs: moved to another row, it no longer opens. */
export const secretPlace = (ownerOrgId: number) => `mind.docking.secret.${ownerOrgId}`;

/** The student fields every record carries, so that "modify student info" corrects any kind. */
interface StudentFields {
  schoolName: string;
  name: string;
  studentNo: string;
  idCard: string;
}
export type Payload = StudentFields & Record<string, unknown>;

function secretSource(row: DockingConfigRow | undefined, config: Config): DockingConfig['secretSource'] {
  if (row?.sealed_secret) return 'stored';
  return config.PROVINCE_APP_SECRET ? 'environment' : 'none';
}

/** The platform as the page shows it: never the secret, only where it comes from. */
export async function dockingConfigOf(actor: Actor): Promise<DockingConfig> {
  const scope = await staffScope(actor);
  const row = await readConfig(actor.db, await ownerOf(actor.db, scope));
  const schools = await schoolsOf(actor.db, scope);
  return {
    configured: row !== undefined,
    baseUrl: row?.base_url ?? '',
    appId: row?.app_id ?? '',
    secretSource: secretSource(row, configOf(actor)),
    schoolIds: listOf(row?.school_ids ?? '').map(Number),
    kinds: listOf(row?.kinds ?? '') as DockingKind[],
    mapping: mappingOf(row?.mapping ?? '[]'),
    resyncPerMinute: row ? Number(row.resync_per_minute) : DOCKING_LIMITS.resyncPerMinuteDefault,
    schools: schools.map((s) => ({ id: Number(s.id), name: s.name })),
    updatedAt: row ? Number(row.updated_at) : null,
  };
}

export function inScope(scope: StudentScope, schoolId: number) {
  return scope.all || scope.schoolIds.includes(schoolId);
}

export async function saveDockingConfig(actor: Actor, body: DockingConfigSave): Promise<DockingConfig> {
  const scope = await staffScope(actor);
  const schoolIds = [...new Set(body.schoolIds)];
  const known = new Set((await schoolsOf(actor.db, scope)).map((s) => Number(s.id)));
  if (schoolIds.some((id) => !known.has(id))) {
    throw new AppError(400, 'docking.schoolOutside', { rules: [{ field: 'schoolIds', key: 'docking.schoolOutside' }] });
  }
  const owner = await ownerOf(actor.db, scope);
  const before = await readConfig(actor.db, owner);
  let sealed = before?.sealed_secret ?? null;
  if (body.secret !== undefined) {
    sealed = body.secret === '' ? null : secretBoxOf(configOf(actor)).seal(body.secret, secretPlace(owner));
  }
  await writeConfig(actor.db, {
    owner_org_id: owner,
    base_url: body.baseUrl,
    app_id: body.appId,
    sealed_secret: sealed,
    school_ids: schoolIds.join(','),
    kinds: [...new Set(body.kinds)].join(','),
    mapping: body.mapping === undefined ? (before?.mapping ?? '[]') : toJson(body.mapping),
    resync_per_minute:
      body.resyncPerMinute ?? (before ? Number(before.resync_per_minute) : DOCKING_LIMITS.resyncPerMinuteDefault),
    updated_by: actor.auth.userId,
    updated_at: Date.now(),
  });
  await audit(actor.db, actor.request, {
    action: 'docking.config.save',
    targetType: 'org',
    targetId: owner,
    // What changed, never the secret itself.
    detail: {
      baseUrl: body.baseUrl,
      appId: body.appId,
      schoolIds,
      kinds: body.kinds,
      mappingChanged: body.mapping !== undefined,
      resyncPerMinute: body.resyncPerMinute,
      secretChanged: body.secret !== undefined,
    },
  });
  return dockingConfigOf(actor);
}

/** The endpoint of an owner's platform with its secret opened; null when there is no secret to sign with. */
export function endpointOf(row: DockingConfigRow, config: Config): ProvinceEndpoint | null {
  let secret = config.PROVINCE_APP_SECRET ?? null;
  if (row.sealed_secret) {
    try {
      secret = secretBoxOf(config).open(row.sealed_secret, secretPlace(Number(row.owner_org_id)));
    } catch {
      // Sealed under another deployment key: the administrator enters it again.
      secret = null;
    }
  }
  if (!secret) return null;
  return { baseUrl: row.base_url, appId: row.app_id, secret, timeoutMs: config.PROVINCE_TIMEOUT_MS };
}

export interface Candidate {
  key: string;
  kind: DockingKind;
  sourceId: number;
  schoolId: number;
  studentId: number;
  payload: Payload;
}

type Db = Transaction<Database> | Kysely<Database>;

const studentFields = (r: { school_name: string; name: string; student_no: string; id_card: string | null }) => ({
  schoolName: r.school_name,
  name: r.name,
  studentNo: r.student_no,
  idCard: r.id_card ?? '',
});

/** The records one kind makes of these schools, after a source id and at most `limit`, each with its stable key. */
export async function candidatesOfKind(
  db: Db,
  kind: DockingKind,
  schoolIds: number[],
  win: SourceWindow = {},
): Promise<Candidate[]> {
  const common = (r: { id: unknown; school_id: unknown }, studentId: unknown) => ({
    key: `${kind}-${r.id}`,
    kind,
    sourceId: Number(r.id),
    schoolId: Number(r.school_id),
    studentId: Number(studentId),
  });
  switch (kind) {
    case 'student':
      return (await studentsOf(db, schoolIds, win)).map((s) => ({
        ...common(s, s.id),
        payload: { ...studentFields(s), gender: s.gender, grade: s.grade_name ?? null },
      }));
    case 'result':
      return (await resultsOf(db, schoolIds, win)).map((r) => ({
        ...common(r, r.student_id),
        payload: {
          ...studentFields(r),
          scale: r.scale_code,
          total: r.total === null ? null : Number(r.total),
          band: r.band,
          warningLevel: r.warning_level,
          submittedAt: Number(r.submitted_at),
        },
      }));
    case 'warning':
      return (await warningsOf(db, schoolIds, win)).map((r) => ({
        ...common(r, r.student_id),
        payload: {
          ...studentFields(r),
          level: r.level,
          source: r.source_type,
          state: r.state,
          openedAt: Number(r.created_at),
          closedAt: r.closed_at === null ? null : Number(r.closed_at),
        },
      }));
    case 'intervention':
      return (await interventionsOf(db, schoolIds, win)).map((r) => ({
        ...common(r, r.student_id),
        payload: {
          ...studentFields(r),
          // The warning it answers, by the key the platform knows it under.
          warningKey: `warning-${r.warning_id}`,
          interventionKind: r.kind,
          method: r.method,
          happenedAt: Number(r.happened_at),
          nextFollowUpAt: r.next_follow_up_at === null ? null : Number(r.next_follow_up_at),
        },
      }));
  }
}

/** Every record the configured kinds make of these schools, each with its stable key. */
async function candidatesOf(db: Db, kinds: DockingKind[], schoolIds: number[]) {
  const out: Candidate[] = [];
  for (const kind of DOCKING_KINDS)
    if (kinds.includes(kind)) out.push(...(await candidatesOfKind(db, kind, schoolIds)));
  return out;
}

/** Opens batches of at most 100 for these records, each with its job, in the caller's transaction (the outbox). */
export async function enqueueBatches<T>(
  trx: Transaction<Database>,
  createdBy: number,
  owner: number,
  reason: 'push' | 'resend' | 'resync',
  items: T[],
  place: (batchId: number, chunk: T[], at: number) => Promise<void>,
  resyncId: number | null = null,
): Promise<number> {
  let batches = 0;
  for (let i = 0; i < items.length; i += BATCH_MAX) {
    const chunk = items.slice(i, i + BATCH_MAX);
    const at = Date.now();
    const batchId = await insertBatch(trx, {
      owner_org_id: owner,
      reason,
      resync_id: resyncId,
      size: chunk.length,
      state: 'queued',
      accepted: 0,
      refused: 0,
      attempts: 0,
      last_error: null,
      created_by: createdBy,
      created_at: at,
      sent_at: null,
    });
    await place(batchId, chunk, at);
    await insertJob(trx, {
      kind: DOCKING_BATCH_JOB,
      payload: { batchId },
      dedupeKey: `${DOCKING_BATCH_JOB}:${batchId}`,
      maxAttempts: BATCH_ATTEMPTS,
    });
    batches++;
  }
  return batches;
}

export async function usableConfig(actor: Actor, scope: StudentScope) {
  const owner = await ownerOf(actor.db, scope);
  const row = await readConfig(actor.db, owner);
  if (!row) throw new AppError(409, 'docking.notConfigured');
  if (!endpointOf(row, configOf(actor))) throw new AppError(409, 'docking.noSecret');
  return { owner, row };
}

/**
 * Queues every record of the configured schools and kinds the platform does not know yet. A record
 * already queued, sent or refused keeps its row: pushing again never makes it a new record.
 */
export async function pushRecords(actor: Actor) {
  const scope = await staffScope(actor);
  const { owner, row } = await usableConfig(actor, scope);
  const schoolIds = listOf(row.school_ids)
    .map(Number)
    .filter((id) => inScope(scope, id));
  if (schoolIds.length === 0) throw new AppError(409, 'docking.noSchools');
  const kinds = listOf(row.kinds) as DockingKind[];
  const result = await actor.db.transaction().execute(async (trx) => {
    const candidates = await candidatesOf(trx, kinds, schoolIds);
    const known = await knownKeys(
      trx,
      candidates.map((c) => c.key),
    );
    const fresh = candidates.filter((c) => !known.has(c.key));
    const batches = await enqueueBatches(trx, actor.auth.userId, owner, 'push', fresh, (batchId, chunk, at) =>
      insertRecords(
        trx,
        chunk.map(
          (c): Omit<DockingRecordsTable, 'id'> => ({
            owner_org_id: owner,
            record_key: c.key,
            kind: c.kind,
            source_id: c.sourceId,
            school_id: c.schoolId,
            student_id: c.studentId,
            payload: toJson(c.payload),
            state: 'pending',
            reason: null,
            batch_id: batchId,
            sends: 0,
            sent_at: null,
            created_at: at,
            updated_at: at,
          }),
        ),
      ),
    );
    const alreadySent = [...known.values()].filter((state) => state === 'sent').length;
    return { queued: fresh.length, batches, alreadySent };
  });
  await audit(actor.db, actor.request, { action: 'docking.push', targetType: 'org', targetId: owner, detail: result });
  return result;
}

const maskId = (idCard: string) =>
  idCard.length <= 4 ? idCard : `${'*'.repeat(idCard.length - 4)}${idCard.slice(-4)}`;

function summaryOf(kind: DockingKind, p: Payload): string {
  if (kind === 'student') return `${p.studentNo}`;
  if (kind === 'warning') return `${String(p.level)} · ${String(p.state)}`;
  if (kind === 'intervention')
    return `${String(p.interventionKind)} · ${new Date(Number(p.happenedAt)).toISOString().slice(0, 10)}`;
  const total = p.total === null || p.total === undefined ? '' : ` ${p.total}`;
  return `${String(p.scale)}${total}${p.band ? ` · ${String(p.band)}` : ''}`;
}

export async function dockingRecords(actor: Actor, q: DockingRecordQuery): Promise<Page<DockingRecord>> {
  const scope = await staffScope(actor);
  const { list, total } = await recordPage(actor.db, scope, q, q.page, q.size);
  return {
    list: list.map((r) => {
      const p = fromJson<Payload>(r.payload);
      return {
        id: Number(r.id),
        key: r.record_key,
        kind: r.kind,
        schoolId: Number(r.school_id),
        schoolName: r.school_name,
        studentName: p.name,
        studentNo: p.studentNo,
        idCardMasked: maskId(p.idCard ?? ''),
        summary: summaryOf(r.kind, p),
        state: r.state,
        reason: r.reason,
        batchId: r.batch_id === null ? null : Number(r.batch_id),
        sends: Number(r.sends),
        sentAt: r.sent_at === null ? null : Number(r.sent_at),
        updatedAt: Number(r.updated_at),
      };
    }),
    total,
    page: q.page,
    size: q.size,
  };
}

export async function dockingBatches(
  actor: Actor,
  q: { page: number; size: number; state?: DockingBatch['state'] | undefined },
): Promise<Page<DockingBatch>> {
  const scope = await staffScope(actor);
  const owner = scope.all ? null : await ownerOf(actor.db, scope);
  const { list, total } = await batchPage(actor.db, owner, q.state, q.page, q.size);
  return {
    list: list.map((b) => ({
      id: Number(b.id),
      reason: b.reason,
      size: Number(b.size),
      state: b.state,
      accepted: Number(b.accepted),
      refused: Number(b.refused),
      attempts: Number(b.attempts),
      lastError: b.last_error,
      createdAt: Number(b.created_at),
      sentAt: b.sent_at === null ? null : Number(b.sent_at),
    })),
    total,
    page: q.page,
    size: q.size,
  };
}

type ScopedRecord = Awaited<ReturnType<typeof recordsOfScope>>[number];

/** Queues failed records again under their own keys, grouped by owner, in one transaction. */
async function resendRows(actor: Actor, rows: ScopedRecord[], payloads?: Map<number, string>) {
  const byOwner = new Map<number, number[]>();
  for (const r of rows)
    byOwner.set(Number(r.owner_org_id), [...(byOwner.get(Number(r.owner_org_id)) ?? []), Number(r.id)]);
  return actor.db.transaction().execute(async (trx) => {
    let batches = 0;
    for (const [owner, ids] of byOwner) {
      batches += await enqueueBatches(trx, actor.auth.userId, owner, 'resend', ids, (batchId, chunk, at) =>
        requeueRecords(trx, chunk, batchId, at, payloads),
      );
    }
    return { queued: rows.length, batches };
  });
}

/** Resends the chosen failed records, or every failed record of the caller's scope. */
export async function resendFailed(actor: Actor, ids: number[] | undefined) {
  const scope = await staffScope(actor);
  await usableConfig(actor, scope);
  const rows = await recordsOfScope(actor.db, scope, ids ? { ids } : { state: 'failed' });
  if (ids && (rows.length !== new Set(ids).size || rows.some((r) => r.state !== 'failed'))) {
    throw new AppError(409, 'docking.resendNotFailed');
  }
  const result = await resendRows(actor, rows);
  await audit(actor.db, actor.request, { action: 'docking.resend', targetType: 'docking_record', detail: result });
  return result;
}

/**
 * "Modify student info": corrects the student fields of a refused record, and of the student's
 * other refused records, and sends them again under the same keys (so the platform updates, never duplicates).
 */
export async function fixStudent(actor: Actor, id: number, fix: DockingStudentFix) {
  const scope = await staffScope(actor);
  await usableConfig(actor, scope);
  const [row] = await recordsOfScope(actor.db, scope, { ids: [id] });
  if (!row) throw new AppError(404, 'docking.recordNotFound');
  if (row.state !== 'failed') throw new AppError(409, 'docking.notRefused');
  const sameStudent = new Set(await failedOfSameStudent(actor.db, id));
  const siblings = (await recordsOfScope(actor.db, scope, { state: 'failed' })).filter((r) =>
    sameStudent.has(Number(r.id)),
  );
  const payloads = new Map(
    siblings.map((r) => [
      Number(r.id),
      // `_fixed` keeps the correction when a full resync reads the roster again (never sent: mapping.ts).
      toJson({
        ...fromJson<Payload>(r.payload),
        name: fix.name,
        idCard: fix.idCard,
        _fixed: { name: fix.name, idCard: fix.idCard },
      }),
    ]),
  );
  const result = await resendRows(actor, siblings, payloads);
  await audit(actor.db, actor.request, {
    action: 'docking.fixStudent',
    targetType: 'docking_record',
    targetId: id,
    detail: { records: siblings.length },
  });
  return result;
}
