import { z } from 'zod';
import { bodyId, queryId } from '../portal/orgs.ts';

/**
 * Whitelist faces and trajectory query (issue 22, decision 0101): the most sensitive data of Mind.
 * Off by default per school; a face is stored only with a recorded consent and legal basis
 * (PIPL arts. 26, 28, 29), sealed at rest, deleted on request and at its retention end; every
 * trajectory search carries a reason and is audited.
 */
export const FACE_LIMITS = {
  photoMaxBytes: 1024 * 1024,
  consentByMax: 50,
  basisMin: 10,
  basisMax: 500,
  reasonMin: 5,
  reasonMax: 200,
  /** The longest a face may be kept: one school year and a term. */
  retentionMaxDays: 540,
  /** The longest time range of one search. */
  searchMaxDays: 31,
  sightingIdMax: 64,
} as const;
const L = FACE_LIMITS;
const DAY = 86_400_000;

/** Who gave the consent: a student is a minor, so a guardian consents for them (PIPL art. 31). */
export const FACE_CONSENT_BY = ['guardian'] as const;

export const faceSwitch = z.object({
  schoolId: z.number(),
  schoolName: z.string(),
  enabled: z.boolean(),
  changedBy: z.string().nullable(),
  changedAt: z.number().nullable(),
});
export type FaceSwitch = z.infer<typeof faceSwitch>;
export const faceSwitchQuery = z.object({ schoolId: queryId.optional() });
export const faceSwitchSet = z.strictObject({ schoolId: bodyId, enabled: z.boolean() });

export const faceUpload = z.strictObject({
  studentId: bodyId,
  /** The photo, base64: a jpg or png by its content, at most `photoMaxBytes` once decoded. */
  photo: z
    .string()
    .min(1, 'faces.notImage')
    .max(Math.ceil((L.photoMaxBytes * 4) / 3) + 4, 'faces.photoTooLarge'),
  consent: z
    .strictObject({
      givenBy: z.enum(FACE_CONSENT_BY),
      /** The guardian's name as written on the consent form. */
      name: z.string().trim().min(1, 'v.faces.consentBy').max(L.consentByMax, 'v.faces.consentBy'),
      date: z.number().int().positive(),
      basis: z.string().trim().min(L.basisMin, 'v.faces.basis').max(L.basisMax, 'v.faces.basis'),
    })
    .optional(),
  retentionDays: z.number().int().min(1, 'v.faces.retention').max(L.retentionMaxDays, 'v.faces.retention'),
});
export type FaceUpload = z.infer<typeof faceUpload>;

export const facePhoto = z.object({
  id: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  className: z.string(),
  consentBy: z.enum(FACE_CONSENT_BY),
  consentName: z.string(),
  consentDate: z.number(),
  basis: z.string(),
  retainUntil: z.number(),
  createdBy: z.string(),
  createdAt: z.number(),
});
export type FacePhoto = z.infer<typeof facePhoto>;
export const facePhotoQuery = z.object({ schoolId: queryId.optional() });

/** A "person seen" report of a campus camera (docs/protocols/campus-events.md). */
export const faceSightingIn = z.strictObject({
  schoolId: bodyId.optional(),
  sightingId: z.string().trim().min(1).max(L.sightingIdMax),
  /** The roster id of the whitelisted student the camera matched. */
  studentId: bodyId,
  seenAt: z.number().int().positive(),
  /** The match score, 0-1, as the camera computed it. */
  score: z.number().min(0).max(1).optional(),
});
export type FaceSightingIn = z.infer<typeof faceSightingIn>;
export const faceSightingAccepted = z.object({ sightingId: z.number(), duplicate: z.boolean() });

export const trajectoryQuery = z
  .object({
    studentId: queryId,
    from: z.coerce.number().int().positive(),
    to: z.coerce.number().int().positive(),
    reason: z.string().trim().min(L.reasonMin, 'v.faces.reason').max(L.reasonMax, 'v.faces.reason'),
  })
  .refine((q) => q.to > q.from && q.to - q.from <= L.searchMaxDays * DAY, {
    message: 'v.faces.range',
    path: ['to'],
  });
export type TrajectoryQuery = z.infer<typeof trajectoryQuery>;

export const trajectoryPoint = z.object({
  id: z.number(),
  seenAt: z.number(),
  deviceId: z.number(),
  camera: z.string(),
  location: z.string(),
  score: z.number().nullable(),
});
export const trajectory = z.object({
  studentId: z.number(),
  studentName: z.string(),
  points: z.array(trajectoryPoint),
  /** The school's cameras, in the order they first saw the student, for the playback. */
  cameras: z.array(z.object({ id: z.number(), name: z.string(), location: z.string(), visits: z.number() })),
});
export type Trajectory = z.infer<typeof trajectory>;
