import type { FaceSightingIn } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import { signedDevice } from '../campus/intake.ts';
import { hasFaceInForce, insertSighting, isEnabled, sightingByKey } from './repository.ts';

/**
 * A camera's "person seen" report (docs/protocols/campus-events.md), signed like every device
 * request: stored once per sighting id, only at a school with the feature on and only for a
 * student whose whitelisted face is in force there. Every refusal is logged with its reason.
 */
export async function receiveSighting(
  request: FastifyRequest,
  body: FaceSightingIn,
): Promise<{ sightingId: number; duplicate: boolean }> {
  const device = signedDevice(request);
  const db = request.server.db.kysely;
  const refuse = (status: number, key: 'campus.otherSchool' | 'faces.off' | 'faces.notWhitelisted'): never => {
    request.log.warn({ deviceId: device.id, studentId: body.studentId, reason: key }, 'a face sighting was refused');
    throw new AppError(status, key);
  };
  if (body.schoolId !== undefined && body.schoolId !== device.schoolId) refuse(403, 'campus.otherSchool');
  const known = await sightingByKey(db, device.id, body.sightingId);
  if (known) return { sightingId: Number(known.id), duplicate: true };
  if (!(await isEnabled(db, device.schoolId))) refuse(403, 'faces.off');
  const now = Date.now();
  if (!(await hasFaceInForce(db, device.schoolId, body.studentId, now))) refuse(422, 'faces.notWhitelisted');
  const id = await insertSighting(db, {
    device_id: device.id,
    school_id: device.schoolId,
    student_id: body.studentId,
    sighting_key: body.sightingId,
    seen_at: body.seenAt,
    score: body.score ?? null,
    received_at: now,
  });
  if (id !== undefined) return { sightingId: id, duplicate: false };
  // The same report arrived twice at once and the other copy was stored.
  const stored = await sightingByKey(db, device.id, body.sightingId);
  if (!stored) throw new AppError(409, 'campus.replay');
  return { sightingId: Number(stored.id), duplicate: true };
}
