import { createHash, randomBytes } from 'node:crypto';
import type {
  ScreenBands,
  ScreenGauge,
  ScreenLink,
  ScreenLinkCreate,
  ScreenLinkCreated,
  ScreenLinks,
  ScreenPublicOverview,
  ScreenTrend,
} from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { staffScope } from '../assessments/tasks.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { findLink, insertLink, type LinkRow, linkByHash, linksOf, revokeLink, schoolRow } from './repository.ts';
import { bandsIn, gaugeIn, schoolsIn, trendFigures } from './service.ts';

// A school publishes its screen through a signed link (decision 0091): whoever holds the address sees
// that school's aggregates, without a session, until the link expires or the school revokes it.

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function statusOf(row: { expires_at: number | null; revoked_at: number | null }, now: number): ScreenLink['status'] {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && Number(row.expires_at) <= now) return 'expired';
  return 'active';
}

function linkOf(row: LinkRow, now: number): ScreenLink {
  return {
    id: Number(row.id),
    schoolId: Number(row.school_id),
    schoolName: row.school_name,
    note: row.note,
    createdAt: Number(row.created_at),
    createdBy: row.created_by_name,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    status: statusOf(row, now),
  };
}

const mayManage = (scope: StudentScope, schoolId: number) =>
  scope.all || scope.schoolIds.map(Number).includes(schoolId);

export async function listLinks(actor: Actor): Promise<ScreenLinks> {
  const scope = await staffScope(actor);
  const now = Date.now();
  return { list: (await linksOf(actor.db, scope)).map((r) => linkOf(r, now)) };
}

/** A new link to a school of the caller's: the token is answered this once; only its hash is kept. */
export async function createLink(actor: Actor, body: ScreenLinkCreate): Promise<ScreenLinkCreated> {
  const scope = await staffScope(actor);
  // A school's staff publish their own school; someone over several schools says which.
  const schoolId =
    body.schoolId ?? (scope.all || scope.schoolIds.length !== 1 ? undefined : Number(scope.schoolIds[0]));
  if (schoolId === undefined) {
    throw new AppError(400, 'screen.link.school', { rules: [{ field: 'schoolId', key: 'screen.link.school' }] });
  }
  const school = await schoolRow(actor.db, schoolId);
  if (!school || !mayManage(scope, schoolId)) throw new AppError(403, 'screen.outside');
  const now = Date.now();
  if (body.expiresAt !== null && body.expiresAt <= now) {
    throw new AppError(400, 'screen.link.past', { rules: [{ field: 'expiresAt', key: 'screen.link.past' }] });
  }
  const token = randomBytes(24).toString('base64url');
  const id = await insertLink(actor.db, {
    school_id: schoolId,
    token_hash: hashOf(token),
    note: body.note,
    expires_at: body.expiresAt,
    created_by: actor.auth.userId,
  });
  await audit(actor.db, actor.request, {
    action: 'screenLink.create',
    targetType: 'screen_link',
    targetId: id,
    detail: { schoolId, expiresAt: body.expiresAt },
  });
  const row = await findLink(actor.db, id);
  if (!row) throw new AppError(404, 'screen.link.notFound');
  return { ...linkOf(row, now), token };
}

/** Revokes a link at once: the next call through it is refused with a sentence. */
export async function revokeScreenLink(actor: Actor, id: number): Promise<ScreenLink> {
  const scope = await staffScope(actor);
  const row = await findLink(actor.db, id);
  if (!row || !mayManage(scope, Number(row.school_id))) throw new AppError(404, 'screen.link.notFound');
  const now = Date.now();
  await revokeLink(actor.db, id, now);
  await audit(actor.db, actor.request, { action: 'screenLink.revoke', targetType: 'screen_link', targetId: id });
  const after = await findLink(actor.db, id);
  if (!after) throw new AppError(404, 'screen.link.notFound');
  return linkOf(after, now);
}

type Db = Kysely<Database>;

/**
 * The school a token opens, as a scope of that one school: an unknown, revoked or expired token is
 * refused with the sentence that says which, so that the wall can tell its audience why it is dark.
 */
async function published(
  db: Db,
  token: string,
): Promise<{ scope: StudentScope; schoolId: number; name: string; expiresAt: number | null }> {
  const link = token === '' ? undefined : await linkByHash(db, hashOf(token));
  if (!link) throw new AppError(404, 'screen.link.unknown');
  const status = statusOf(link, Date.now());
  if (status === 'revoked') throw new AppError(403, 'screen.link.revoked');
  if (status === 'expired') throw new AppError(403, 'screen.link.expired');
  const schoolId = Number(link.school_id);
  return {
    scope: { all: false, schoolIds: [schoolId], classIds: [], studentIds: [], orgPaths: [] },
    schoolId,
    name: link.school_name,
    expiresAt: link.expires_at === null ? null : Number(link.expires_at),
  };
}

export async function publicOverview(db: Db, token: string): Promise<ScreenPublicOverview> {
  const p = await published(db, token);
  const { totals } = await schoolsIn(db, p.scope, { schoolId: p.schoolId });
  return { schoolName: p.name, expiresAt: p.expiresAt, ...totals };
}

/** Bands per grade, never per class: a class is small enough to point at a student. */
export async function publicBands(db: Db, token: string): Promise<ScreenBands> {
  const p = await published(db, token);
  return bandsIn(db, p.scope, { schoolId: p.schoolId }, 'grade');
}

export async function publicWarnings(db: Db, token: string): Promise<ScreenGauge> {
  const p = await published(db, token);
  return gaugeIn(db, p.scope, { schoolId: p.schoolId });
}

export async function publicTrend(db: Db, token: string): Promise<ScreenTrend> {
  const p = await published(db, token);
  return trendFigures(db, p.scope, { schoolId: p.schoolId });
}
