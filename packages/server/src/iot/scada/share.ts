import {
  type ScadaShare,
  type ScadaShared,
  type ScadaShareOpen,
  type ScadaShareOpened,
  scadaDocument,
  scadaShareOpen,
} from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import { hashPassword, newToken, tokenHash, verifyPassword } from '../../portal/identity/secrets.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import * as repo from './repository.ts';
import { editableScreen } from './service.ts';
import { trendSeeds } from './trends.ts';

/** The screen whose link the caller manages: one of their account tree's, with edit permission. */
async function ownScreen(actor: Actor, id: number) {
  return (await editableScreen(actor, id)).row;
}

const closed: ScadaShare = { open: false, expiresAt: null, hasPassword: false, createdAt: null };

export async function shareOf(actor: Actor, id: number): Promise<ScadaShare> {
  await ownScreen(actor, id);
  const link = await repo.linkOfScreen(actor.db, id);
  if (!link) return closed;
  return {
    open: true,
    expiresAt: link.expires_at === null ? null : Number(link.expires_at),
    hasPassword: link.password_hash !== null,
    createdAt: Number(link.created_at),
  };
}

/** Opens the link (a new token each time; the earlier one stops working). The token is returned once, never stored. */
export async function openShare(actor: Actor, id: number, input: ScadaShareOpen): Promise<ScadaShareOpened> {
  const body = scadaShareOpen.parse(input);
  await ownScreen(actor, id);
  const at = Date.now();
  if (body.expiresAt !== null && body.expiresAt <= at) {
    throw new AppError(400, 'v.scada.linkExpiry', { rules: [{ field: 'expiresAt', key: 'v.scada.linkExpiry' }] });
  }
  const token = newToken();
  const passwordHash = body.password === null ? null : await hashPassword(body.password);
  await actor.db.transaction().execute(async (trx) => {
    await repo.replaceLink(trx, {
      screen_id: id,
      token_hash: tokenHash(token),
      password_hash: passwordHash,
      expires_at: body.expiresAt,
      created_by: actor.auth.userId,
      created_at: at,
    });
    await audit(trx, actor.request, {
      action: 'scada.share.open',
      targetType: 'scada_screen',
      targetId: id,
      detail: { expiresAt: body.expiresAt, password: passwordHash !== null },
    });
  });
  return { open: true, expiresAt: body.expiresAt, hasPassword: passwordHash !== null, createdAt: at, token };
}

/** Closes the link at once: its token opens nothing from the next request on. */
export async function closeShare(actor: Actor, id: number): Promise<ScadaShare> {
  await ownScreen(actor, id);
  await actor.db.transaction().execute(async (trx) => {
    await repo.deleteLink(trx, id);
    await audit(trx, actor.request, { action: 'scada.share.close', targetType: 'scada_screen', targetId: id });
  });
  return closed;
}

/**
 * What a shared link opens, without a session: the screen read only, and the newest values of the
 * (device, point) pairs its own components bind, nothing else. An unknown or closed link, an expired
 * one and a missing or wrong password are each refused with their sentence.
 */
export async function sharedScreen(db: Kysely<Database>, token: string, password: string): Promise<ScadaShared> {
  const link = token === '' ? undefined : await repo.screenByLink(db, tokenHash(token));
  if (!link) throw new AppError(404, 'scada.link.unknown');
  const expiresAt = link.expires_at === null ? null : Number(link.expires_at);
  if (expiresAt !== null && expiresAt <= Date.now()) throw new AppError(403, 'scada.link.expired');
  if (link.password_hash !== null) {
    // `data.password` tells the page to ask for the password; 403, not 401, which means "sign in again".
    const ask = { data: { password: true } };
    const typed = decoded(password);
    if (typed === '') throw new AppError(403, 'scada.link.password', ask);
    if (!(await verifyPassword(link.password_hash, typed))) throw new AppError(403, 'scada.link.wrongPassword', ask);
  }
  const document = scadaDocument.parse(fromJson<unknown>(link.document));
  const bound = new Set(
    document.elements.flatMap((e) => (e.binding ? [`${e.binding.deviceId}:${e.binding.pointId}`] : [])),
  );
  const deviceIds = [...new Set(document.elements.flatMap((e) => (e.binding ? [e.binding.deviceId] : [])))];
  const rows = await repo.latestOfDevices(db, deviceIds);
  const values = rows
    .filter((r) => bound.has(`${Number(r.device_id)}:${Number(r.point_id)}`))
    .map((r) => ({
      deviceId: Number(r.device_id),
      pointId: Number(r.point_id),
      value: r.text ?? (r.num === null ? null : Number(r.num)),
      at: r.ts === null ? null : Number(r.ts),
    }));
  // A shared screen's trends draw the same points it already shows, so their past is shown too.
  const trends = await trendSeeds(db, document, () => true);
  return { name: link.name, document, expiresAt, values, trends };
}

/** The password header is URI-encoded by the page, so that any language's characters travel in it. */
function decoded(header: string): string {
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}
