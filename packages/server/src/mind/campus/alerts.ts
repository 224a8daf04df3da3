import {
  CAMPUS_EVENT_TYPES,
  type CampusAlert,
  type CampusAlertDetail,
  type CampusAlertHandle,
  type CampusAlertQuery,
  type CampusAlertState,
  type CampusAlertStats,
  type CampusDelivery,
  type CampusEventType,
  type CampusHandler,
  hasPermission,
  Identity,
  type Page,
} from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileReadGrant } from '../../portal/files/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { studentScopeOf } from '../people/students/scope.ts';
import { findActiveTeacher } from '../warnings/workflow-repository.ts';
import { schoolScope } from './devices.ts';
import { alertStudents } from './marks.ts';
import { deliveriesAbout } from './push.ts';
import {
  type AlertRow,
  activeTeachersOf,
  alertPage,
  countsByType,
  findAlertInScope,
  insertStep,
  moveAlert,
  occurredTimes,
  snapshotInSchools,
  stepsOf,
} from './repository.ts';

const DAY_MS = 86_400_000;
/** China time: an alert at 07:00 Beijing time belongs to that Beijing day. */
const ZONE_MS = 8 * 3_600_000;
const CLOSED: ReadonlySet<string> = new Set(['solved', 'falseAlarm']);

function alertOf(row: AlertRow): CampusAlert {
  return {
    id: Number(row.id),
    schoolId: Number(row.school_id),
    schoolName: row.school_name,
    location: row.location,
    deviceName: row.device_name,
    type: row.type as CampusEventType,
    state: row.state as CampusAlertState,
    occurredAt: Number(row.occurred_at),
    snapshot: row.snapshot,
    holderId: row.holder_id === null ? null : Number(row.holder_id),
    holderName: row.holder_name,
  };
}

export async function listAlerts(actor: Actor, q: CampusAlertQuery): Promise<Page<CampusAlert>> {
  const scope = await schoolScope(actor);
  const { rows, total } = await alertPage(actor.db, scope, q, q.page, q.size);
  return { list: rows.map(alertOf), total, page: q.page, size: q.size };
}

async function loadAlert(actor: Actor, id: number) {
  const row = await findAlertInScope(actor.db, await schoolScope(actor), id);
  if (!row) throw new AppError(404, 'campus.alertNotFound');
  return row;
}

export async function alertDetail(actor: Actor, id: number): Promise<CampusAlertDetail> {
  const row = await loadAlert(actor, id);
  const [steps, students] = await Promise.all([stepsOf(actor.db, id), alertStudents(actor.db, id)]);
  return {
    ...alertOf(row),
    // What the camera offers to play (decision 0147): its live picture, its recorder, or neither.
    video: {
      live: row.device_kind === 'camera' && row.stream_url !== null,
      recorded: row.device_kind === 'camera' && row.recorder_url !== null,
    },
    students,
    timeline: steps.map((s) => ({
      action: s.action as CampusAlertDetail['timeline'][number]['action'],
      byName: s.by_name,
      toName: s.to_name,
      result: s.result,
      at: Number(s.at),
    })),
  };
}

/** Whom an alert may be handed over to: the active teachers of its school. */
export async function alertHandlers(actor: Actor, id: number): Promise<CampusHandler[]> {
  const row = await loadAlert(actor, id);
  const teachers = await activeTeachersOf(actor.db, Number(row.school_id));
  return teachers.map((x) => ({ userId: Number(x.user_id), name: x.name, teacherNo: x.teacher_no }));
}

/**
 * One handling step. An alert handed over to a person is theirs: only they move it on. A closed
 * alert (solved, false alarm) takes no more steps. Two steps at once: the second is told it closed.
 */
export async function handleAlert(actor: Actor, id: number, body: CampusAlertHandle): Promise<CampusAlertDetail> {
  const row = await loadAlert(actor, id);
  if (CLOSED.has(row.state)) throw new AppError(409, 'campus.alertClosed');
  const me = actor.auth.userId;
  if (row.holder_id !== null && Number(row.holder_id) !== me && !actor.auth.superAdmin) {
    throw new AppError(403, 'campus.notHolder');
  }
  let next: { state: string; holder_id?: number | null };
  let toId: number | null = null;
  let result: string | null = null;
  switch (body.action) {
    case 'acknowledge':
      next = { state: row.state === 'new' ? 'acknowledged' : row.state };
      break;
    case 'handOver':
      if (!(await findActiveTeacher(actor.db, Number(row.school_id), body.toUserId, false))) {
        throw new AppError(400, 'campus.handOverOutside', {
          rules: [{ field: 'toUserId', key: 'campus.handOverOutside' }],
        });
      }
      next = { state: 'handedOver', holder_id: body.toUserId };
      toId = body.toUserId;
      result = body.note ?? null;
      break;
    case 'solve':
      next = { state: 'solved' };
      result = body.result;
      break;
    case 'falseAlarm':
      next = { state: 'falseAlarm' };
      result = body.result ?? null;
      break;
  }
  const at = Date.now();
  const moved = await actor.db.transaction().execute(async (trx) => {
    if (!(await moveAlert(trx, id, row.state, next))) return false;
    await insertStep(trx, { alertId: id, action: body.action, byId: me, toId, result, at });
    return true;
  });
  if (!moved) throw new AppError(409, 'campus.alertClosed');
  return alertDetail(actor, id);
}

/** Alerts by type and by China-time day, over the same filters as the list. */
export async function alertStats(actor: Actor, q: CampusAlertQuery): Promise<CampusAlertStats> {
  const scope = await schoolScope(actor);
  const [types, times] = await Promise.all([countsByType(actor.db, scope, q), occurredTimes(actor.db, scope, q)]);
  const counted = new Map(types.map((t) => [t.type, Number(t.n)]));
  const days = new Map<string, number>();
  for (const { occurred_at } of times) {
    const day = new Date(Math.floor((Number(occurred_at) + ZONE_MS) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return {
    byType: CAMPUS_EVENT_TYPES.map((type) => ({ type, count: counted.get(type) ?? 0 })),
    byDay: [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, count]) => ({ day, count })),
  };
}

/** A snapshot is readable by staff holding behaviour alerts whose scope sees the alert's school. */
export const snapshotReadable: FileReadGrant = async (db, auth, row) => {
  if (auth.identityId === Identity.student || auth.identityId === Identity.parent) return false;
  if (!hasPermission(auth.permissions, '/data/securityWarning', 'view')) return false;
  const scope = await studentScopeOf(db, auth);
  return snapshotInSchools(db, { all: scope.all, schoolIds: scope.schoolIds.map(Number) }, row.path);
};

/** How the messages about one alert went, person by person and channel by channel (decision 0143). */
export async function alertDeliveries(actor: Actor, alertId: number): Promise<CampusDelivery[]> {
  await loadAlert(actor, alertId);
  return deliveriesAbout(actor, 'campus_notices', alertId);
}
