import type { FacePhoto, FaceSwitch, FaceUpload, Trajectory, TrajectoryQuery } from '@meridian/contracts';
import { FACE_LIMITS, uploadRules } from '@meridian/contracts';
import { sniffKind } from '../../platform/files/sniff.ts';
import { AppError } from '../../platform/http/errors.ts';
import { secretBoxOf } from '../../platform/secrets/box.ts';
import { DAY } from '../../platform/time.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { schoolScope } from '../campus/devices.ts';
import { studentOfScope } from '../people/students/access.ts';
import { studentScopeOf } from '../people/students/scope.ts';
import {
  deletePhotos,
  insertPhoto,
  isEnabled,
  photoInScope,
  photosOf,
  saveSwitch,
  sealPhoto,
  sightingsOf,
  switchesOf,
} from './repository.ts';

/** The school administrator's role: the one that may turn faces on for its school (decision 0101). */
const SCHOOL_ADMIN_ROLE = 2;

/** Where a sealed photo belongs: its row (moved to another row, it does not open). */
export const photoContext = (id: number) => `face_photos.sealed:${id}`;

export async function listSwitches(actor: Actor, schoolId?: number): Promise<FaceSwitch[]> {
  const rows = await switchesOf(actor.db, await schoolScope(actor), schoolId);
  return rows.map((r) => ({
    schoolId: Number(r.id),
    schoolName: r.name,
    enabled: Boolean(r.enabled),
    changedBy: r.nickname ?? null,
    changedAt: r.changed_at === null ? null : Number(r.changed_at),
  }));
}

/** Turns the feature on or off for one school: its administrator only, recorded with who and when. */
export async function setSwitch(actor: Actor, schoolId: number, enabled: boolean): Promise<FaceSwitch> {
  if (!actor.auth.superAdmin && actor.auth.roleId !== SCHOOL_ADMIN_ROLE) {
    throw new AppError(403, 'faces.schoolAdminOnly');
  }
  const [school] = await switchesOf(actor.db, await schoolScope(actor), schoolId);
  if (!school) throw new AppError(400, 'campus.notSchool');
  await actor.db.transaction().execute(async (trx) => {
    await saveSwitch(trx, schoolId, enabled, actor.auth.userId, Date.now());
    await audit(trx, actor.request, {
      action: enabled ? 'faces.enable' : 'faces.disable',
      targetType: 'school',
      targetId: schoolId,
    });
  });
  const [saved] = await listSwitches(actor, schoolId);
  if (!saved) throw new AppError(400, 'campus.notSchool');
  return saved;
}

/** Refuses while the feature is off for the student's school; the refused attempt is on the record too. */
async function requireEnabled(actor: Actor, schoolId: number, action: string, asked: { studentId: number }) {
  if (await isEnabled(actor.db, schoolId)) return;
  await audit(actor.db, actor.request, {
    action,
    result: 'fail',
    targetType: 'student',
    targetId: asked.studentId,
    detail: { ...asked, schoolId, refused: 'off' },
  });
  throw new AppError(403, 'faces.off');
}

/** The photo's bytes, checked by content: a jpg or png within the size limit, or a refusal naming which. */
async function checkedPhoto(base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > FACE_LIMITS.photoMaxBytes) throw new AppError(413, 'faces.photoTooLarge');
  const kind = await sniffKind(bytes);
  if (!kind || !(uploadRules.image.kinds as readonly string[]).includes(kind))
    throw new AppError(400, 'faces.notImage');
  return { bytes, kind };
}

/**
 * Whitelists a student's face: only with the guardian's recorded consent and the legal basis, at a
 * school where the feature is on, a real image; sealed at rest with its retention end.
 */
export async function uploadFace(actor: Actor, body: FaceUpload): Promise<FacePhoto> {
  const student = await studentOfScope(actor, await studentScopeOf(actor.db, actor.auth), body.studentId);
  const schoolId = Number(student.school_id);
  await requireEnabled(actor, schoolId, 'faces.upload', { studentId: body.studentId });
  if (!body.consent) {
    actor.request.log.warn({ studentId: body.studentId }, 'a face upload without consent was refused');
    await audit(actor.db, actor.request, {
      action: 'faces.upload',
      result: 'fail',
      targetType: 'student',
      targetId: body.studentId,
      detail: { refused: 'noConsent' },
    });
    throw new AppError(400, 'faces.noConsent');
  }
  const { consent } = body;
  const photo = await checkedPhoto(body.photo);
  const box = secretBoxOf(actor.request.server.config);
  const now = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const created = await insertPhoto(trx, {
      student_id: body.studentId,
      school_id: schoolId,
      sealed: '',
      kind: photo.kind,
      consent_by: consent.givenBy,
      consent_name: consent.name,
      consent_date: consent.date,
      basis: consent.basis,
      retain_until: now + body.retentionDays * DAY,
      created_by: actor.auth.userId,
      created_at: now,
    });
    await sealPhoto(trx, created, box.seal(photo.bytes.toString('base64'), photoContext(created)));
    await audit(trx, actor.request, {
      action: 'faces.upload',
      targetType: 'student',
      targetId: body.studentId,
      detail: { photoId: created, consentBy: consent.givenBy, retentionDays: body.retentionDays },
    });
    return created;
  });
  return faceOf(actor, id);
}

async function faceOf(actor: Actor, id: number): Promise<FacePhoto> {
  const row = await photoInScope(actor.db, await schoolScope(actor), id);
  if (!row) throw new AppError(404, 'faces.photoNotFound');
  return presentPhoto(row);
}

function presentPhoto(row: NonNullable<Awaited<ReturnType<typeof photoInScope>>>): FacePhoto {
  return {
    id: Number(row.id),
    studentId: Number(row.student_id),
    studentName: row.student_name,
    className: row.class_name,
    consentBy: row.consent_by,
    consentName: row.consent_name,
    consentDate: Number(row.consent_date),
    basis: row.basis,
    retainUntil: Number(row.retain_until),
    createdBy: row.created_by_name ?? '',
    createdAt: Number(row.created_at),
  };
}

export async function listFaces(actor: Actor, schoolId?: number): Promise<FacePhoto[]> {
  const rows = await photosOf(actor.db, await schoolScope(actor), schoolId);
  return rows.map(presentPhoto);
}

/** Deletes a face on request; a student left without one loses their sightings too. */
export async function deleteFace(actor: Actor, id: number): Promise<void> {
  const row = await photoInScope(actor.db, await schoolScope(actor), id);
  if (!row) throw new AppError(404, 'faces.photoNotFound');
  await actor.db.transaction().execute(async (trx) => {
    await deletePhotos(trx, [id]);
    await audit(trx, actor.request, {
      action: 'faces.delete',
      targetType: 'student',
      targetId: Number(row.student_id),
      detail: { photoId: id },
    });
  });
}

/**
 * Where a student of the caller's scope was seen across the school's cameras: refused while the
 * feature is off for their school; every search is audited with its reason, range and result size.
 */
export async function searchTrajectory(actor: Actor, query: TrajectoryQuery): Promise<Trajectory> {
  const student = await studentOfScope(actor, await studentScopeOf(actor.db, actor.auth), query.studentId);
  const schoolId = Number(student.school_id);
  const asked = { studentId: query.studentId, reason: query.reason, from: query.from, to: query.to };
  await requireEnabled(actor, schoolId, 'faces.trajectory', asked);
  const rows = await sightingsOf(actor.db, schoolId, query.studentId, query.from, query.to);
  await audit(actor.db, actor.request, {
    action: 'faces.trajectory',
    targetType: 'student',
    targetId: query.studentId,
    detail: { ...asked, found: rows.length },
  });
  const cameras = new Map<number, Trajectory['cameras'][number]>();
  for (const r of rows) {
    const id = Number(r.device_id);
    const camera = cameras.get(id) ?? { id, name: r.name, location: r.location, visits: 0 };
    camera.visits += 1;
    cameras.set(id, camera);
  }
  return {
    studentId: query.studentId,
    studentName: student.name,
    points: rows.map((r) => ({
      id: Number(r.id),
      seenAt: Number(r.seen_at),
      deviceId: Number(r.device_id),
      camera: r.name,
      location: r.location,
      score: r.score === null ? null : Number(r.score),
    })),
    cameras: [...cameras.values()],
  };
}
