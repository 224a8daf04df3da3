import { hasPermission, type Lang, type PageQuery } from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { scopeOf } from '../access/scope.ts';
import { audit } from '../audit/service.ts';
import type { Actor } from '../orgs/actor.ts';
import {
  type ApplicationRecord,
  decideApplication,
  findApplicationInScope,
  findOwnApplication,
  insertApplication,
  latestApplications,
  pendingApplications,
} from './applications-repository.ts';
import { findApp, findVisibleApp, visibleApps } from './repository.ts';
import { launcherViewer, toMenuApp } from './service.ts';

export function toApplication(row: ApplicationRecord, lang: Lang) {
  return {
    id: row.id,
    userId: row.user_id,
    account: row.account,
    nickname: row.nickname,
    appId: row.app_id,
    appCode: row.app_code,
    appName: lang === 'en' ? row.app_name_en : row.app_name,
    reason: row.reason,
    status: row.status,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    remark: row.remark,
  };
}

/** The launcher's apps the caller cannot open yet, each with their latest application for it. */
export async function appsToApplyFor(actor: Actor) {
  const viewer = await launcherViewer(actor);
  const mine = new Set((await visibleApps(actor.db, viewer, 'any')).map((a) => a.id));
  // Every enabled launcher app of this deployment, whoever may open it.
  const everyone = await visibleApps(actor.db, { ...viewer, all: true }, null);
  const latest = await latestApplications(actor.db, actor.auth.userId);
  return everyone
    .filter((a) => !mine.has(a.id))
    .map((a) => {
      const last = latest.get(a.id);
      return {
        ...toMenuApp(a, actor.lang),
        application: last ? { id: last.id, status: last.status, createdAt: last.created_at } : null,
      };
    });
}

/** Asks for an app the caller's roles do not give them; an administrator decides. */
export async function applyForApp(actor: Actor, appId: number, reason: string | undefined) {
  const app = await findApp(actor.db, appId);
  if (!app) throw new AppError(404, 'app.notFound');
  if (await findVisibleApp(actor.db, await launcherViewer(actor), app.id)) throw new AppError(409, 'app.alreadyUsable');
  if ((await latestApplications(actor.db, actor.auth.userId)).get(app.id)?.status === 'pending') {
    throw new AppError(409, 'app.applyPending');
  }
  const id = await insertApplication(actor.db, actor.auth.userId, app.id, reason || null);
  await audit(actor.db, actor.request, {
    action: 'applyForApp',
    targetType: 'app',
    targetId: app.id,
    detail: { applicationId: id },
  });
  return applicationInfo(actor, id);
}

export async function pendingList(actor: Actor, page: PageQuery) {
  const result = await pendingApplications(actor.db, await scopeOf(actor.db, actor.auth), page);
  return { ...result, list: result.list.map((row) => toApplication(row, actor.lang)) };
}

/** One application: the caller's own, or, for an administrator of apps, one from their scope. */
export async function applicationInfo(actor: Actor, id: number) {
  const own = await findOwnApplication(actor.db, actor.auth.userId, id);
  const row =
    own ??
    (hasPermission(actor.auth.permissions, '/system/app', 'view')
      ? await findApplicationInScope(actor.db, await scopeOf(actor.db, actor.auth), id)
      : undefined);
  if (!row) throw new AppError(404, 'app.applicationNotFound');
  return toApplication(row, actor.lang);
}

/**
 * Approves (the app is granted to the applicant alone) or rejects an application from the
 * caller's scope. An administrator only grants an app they can open themselves.
 */
export async function decide(actor: Actor, id: number, approve: boolean, remark: string | undefined) {
  const scope = await scopeOf(actor.db, actor.auth);
  const row = await findApplicationInScope(actor.db, scope, id);
  if (!row) throw new AppError(404, 'app.applicationNotFound');
  if (row.status !== 'pending') throw new AppError(409, 'app.applicationDecided');
  if (approve && !(await findVisibleApp(actor.db, await launcherViewer(actor), row.app_id))) {
    throw new AppError(403, 'role.escalation');
  }
  await actor.db.transaction().execute(async (trx) => {
    await decideApplication(trx, row, { approve, by: actor.auth.userId, remark: remark || null });
    await audit(trx, actor.request, {
      action: 'decideAppApplication',
      targetType: 'user',
      targetId: row.user_id,
      detail: { applicationId: row.id, app: row.app_code, approve },
    });
  });
  const decided = await findApplicationInScope(actor.db, scope, id);
  return toApplication(decided ?? row, actor.lang);
}
