import {
  hasPermission,
  type Lang,
  MIND_MENU_PAGES,
  MIND_MENU_SCREENS,
  type menuApp,
  type menuGroup,
  mindPageOf,
  mindScreenOf,
} from '@meridian/contracts';
import type { z } from 'zod';
import { toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { rolesOfUser } from '../access/repository.ts';
import { scopeOf } from '../access/scope.ts';
import { audit } from '../audit/service.ts';
import type { Actor } from '../orgs/actor.ts';
import { manageableRoleIds, visibleRoleIds } from '../orgs/roles/repository.ts';
import {
  type AppRecord,
  allApps,
  appAccountsOf,
  bindAppAccount,
  categories,
  countClick,
  favouriteIds,
  findApp,
  findAppByCode,
  findVisibleApp,
  replaceFavourites,
  rolesOfApps,
  setAppRoles,
  usageOf,
  type Viewer,
  visibleApps,
} from './repository.ts';

type MenuApp = z.infer<typeof menuApp>;

const nameOf = (row: { name: string; name_en: string }, lang: Lang) => (lang === 'en' ? row.name_en : row.name);

export function toMenuApp(app: AppRecord, lang: Lang): MenuApp {
  return { appId: app.id, appCode: app.code, appName: nameOf(app, lang), publishUrl: app.publish_url, icon: app.icon };
}

/**
 * On the launcher a user sees the apps of every role they hold: it is where they pick an app.
 * Inside an app (its sidebar), what they see follows the role they are acting as.
 */
export async function launcherViewer(actor: Actor): Promise<Viewer> {
  const roles = await rolesOfUser(actor.db, actor.auth.userId);
  return {
    userId: actor.auth.userId,
    roleIds: roles.map((r) => r.id),
    all: actor.auth.superAdmin,
    products: actor.request.server.config.MERIDIAN_APPS,
  };
}

function sidebarViewer(actor: Actor): Viewer {
  return {
    userId: actor.auth.userId,
    roleIds: actor.auth.roleId === null ? [] : [actor.auth.roleId],
    all: actor.auth.superAdmin,
    products: actor.request.server.config.MERIDIAN_APPS,
  };
}

/**
 * A Mind sidebar item shows when it opens a built page whose feature the caller's role may view
 * (the role editor's ticks), or an address outside Mind; never a page still to come (decision 0066).
 */
function opensBuiltMindPage(actor: Actor, app: AppRecord): boolean {
  const page = mindPageOf(app.publish_url);
  if (page === undefined) return true;
  const screen = page === null ? mindScreenOf(app.publish_url) : undefined;
  const feature =
    page === null ? (screen === undefined ? undefined : MIND_MENU_SCREENS[screen]) : MIND_MENU_PAGES[page];
  if (feature === undefined) return false;
  return actor.auth.superAdmin || hasPermission(actor.auth.permissions, feature, 'view');
}

/**
 * Menu groups: without `appCode`, the launcher's apps by category; with it, the sidebar of that
 * app (the Mind menus), by its own categories. Empty groups are left out.
 */
export async function appMenu(actor: Actor, appCode: string | undefined): Promise<Array<z.infer<typeof menuGroup>>> {
  const parent = appCode === undefined ? null : await findAppByCode(actor.db, appCode);
  if (appCode !== undefined && !parent) throw new AppError(404, 'app.notFound');
  const viewer = parent ? sidebarViewer(actor) : await launcherViewer(actor);
  const granted = await visibleApps(actor.db, viewer, parent?.id ?? null);
  const apps = parent?.code === 'mind' ? granted.filter((a) => opensBuiltMindPage(actor, a)) : granted;
  const groups = await categories(actor.db, parent ? parent.code : null);
  return groups
    .map((c) => ({
      name: nameOf(c, actor.lang),
      code: c.code,
      list: apps.filter((a) => a.category_id === c.id).map((a) => toMenuApp(a, actor.lang)),
    }))
    .filter((g) => g.list.length > 0);
}

export async function appCategories(actor: Actor, appCode: string | undefined) {
  return (await categories(actor.db, appCode ?? null)).map((c) => ({
    id: c.id,
    code: c.code,
    name: nameOf(c, actor.lang),
    icon: c.icon,
    appCode: c.app_code,
    sort: c.sort,
  }));
}

/** The apps as the administrators' list shows them, with the roles (that the caller may see) granted each. */
export async function baseManage(actor: Actor) {
  const rows = await allApps(actor.db);
  const visible = new Set(await visibleRoleIds(actor.db, await scopeOf(actor.db, actor.auth)));
  const roles = await rolesOfApps(
    actor.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...toMenuApp(r, actor.lang),
    category: r.category_code,
    parent: r.parent_code,
    product: r.product,
    enabled: toBool(r.enabled),
    sort: r.sort,
    clicks: Number(r.clicks ?? 0),
    roles: (roles.get(r.id) ?? []).filter((role) => visible.has(role.roleId)),
  }));
}

/**
 * Grants an app to roles. The platform administrator sets every role; an organisation's
 * administrator only their organisation's roles, and only an app they can use themselves.
 */
export async function authorizeApp(actor: Actor, appId: number, roleIds: number[]) {
  const app = await findApp(actor.db, appId);
  if (!app) throw new AppError(404, 'app.notFound');
  const scope = await scopeOf(actor.db, actor.auth);
  const among = scope.all ? 'all' : await manageableRoleIds(actor.db, scope);
  const wanted = [...new Set(roleIds)];
  if (among !== 'all') {
    if (wanted.some((id) => !among.includes(id))) throw new AppError(403, 'role.platformOnly');
    if (!(await findVisibleApp(actor.db, await launcherViewer(actor), app.id)))
      throw new AppError(403, 'role.escalation');
  } else {
    const known = new Set(await visibleRoleIds(actor.db, scope));
    if (wanted.some((id) => !known.has(id))) throw new AppError(404, 'role.notFound');
  }
  const before = (await rolesOfApps(actor.db, [app.id])).get(app.id)?.map((r) => r.roleId) ?? [];
  await actor.db.transaction().execute(async (trx) => {
    await setAppRoles(trx, app.id, among, wanted);
    await audit(trx, actor.request, {
      action: 'authorizeApp',
      targetType: 'app',
      targetId: app.id,
      detail: { app: app.code, before, roleIds: wanted },
    });
  });
  return { appId: app.id, roleIds: (await rolesOfApps(actor.db, [app.id])).get(app.id)?.map((r) => r.roleId) ?? [] };
}

export async function myFavourites(actor: Actor): Promise<MenuApp[]> {
  const viewer = await launcherViewer(actor);
  const apps = new Map((await visibleApps(actor.db, viewer, 'any')).map((a) => [a.id, a]));
  return (await favouriteIds(actor.db, actor.auth.userId)).flatMap((id) => {
    const app = apps.get(id);
    return app ? [toMenuApp(app, actor.lang)] : [];
  });
}

/** Replaces the caller's favourites with `appIds`, in that order; each must be an app they can open. */
export async function saveFavourites(actor: Actor, appIds: number[]): Promise<MenuApp[]> {
  const viewer = await launcherViewer(actor);
  const visible = new Set((await visibleApps(actor.db, viewer, 'any')).map((a) => a.id));
  const ids = [...new Set(appIds)];
  if (ids.some((id) => !visible.has(id))) throw new AppError(404, 'app.notFound');
  await actor.db.transaction().execute((trx) => replaceFavourites(trx, actor.auth.userId, ids));
  return myFavourites(actor);
}

export async function recordClick(actor: Actor, appId: number): Promise<{ clicks: number }> {
  const app = await findVisibleApp(actor.db, await launcherViewer(actor), appId);
  if (!app) throw new AppError(404, 'app.notFound');
  return { clicks: await countClick(actor.db, actor.auth.userId, app.id) };
}

/** The home page's apps: favourites first, then the most opened, up to eight. */
export async function indexApps(actor: Actor) {
  const viewer = await launcherViewer(actor);
  const apps = new Map((await visibleApps(actor.db, viewer, 'any')).map((a) => [a.id, a]));
  const favourites = await favouriteIds(actor.db, actor.auth.userId);
  const usage = await usageOf(actor.db, actor.auth.userId);
  const clicks = new Map(usage.map((u) => [u.app_id, u.clicks]));
  const order = [...new Set([...favourites, ...usage.map((u) => u.app_id)])].filter((id) => apps.has(id));
  return order.slice(0, 8).map((id) => ({
    ...toMenuApp(apps.get(id) as AppRecord, actor.lang),
    favourite: favourites.includes(id),
    clicks: clicks.get(id) ?? 0,
  }));
}

/** The launcher's apps with the app entries below each: the two levels of apps. */
export async function appLevels(actor: Actor) {
  const apps = await visibleApps(actor.db, await launcherViewer(actor), 'any');
  return apps
    .filter((a) => a.parent_id === null)
    .map((top) => ({
      ...toMenuApp(top, actor.lang),
      level: 1,
      children: apps.filter((a) => a.parent_id === top.id).map((a) => ({ ...toMenuApp(a, actor.lang), level: 2 })),
    }));
}

/** For each app the caller can open, which of their roles grants it, or whether it was granted to them alone. */
export async function myAppRoles(actor: Actor) {
  const viewer = await launcherViewer(actor);
  const apps = await visibleApps(actor.db, viewer, null);
  const roles = await rolesOfApps(
    actor.db,
    apps.map((a) => a.id),
  );
  return apps.map((a) => {
    const mine = (roles.get(a.id) ?? []).filter((r) => viewer.roleIds.includes(r.roleId));
    return { ...toMenuApp(a, actor.lang), roles: mine, personal: mine.length === 0 && !viewer.all };
  });
}

/** The caller's apps with the account they hold inside each (`account/app`). */
export async function appAccounts(actor: Actor) {
  const apps = await visibleApps(actor.db, await launcherViewer(actor), null);
  const accounts = new Map((await appAccountsOf(actor.db, actor.auth.userId)).map((r) => [r.app_id, r.account]));
  return apps.map((a) => ({ ...toMenuApp(a, actor.lang), account: accounts.get(a.id) ?? null }));
}

export async function bindAccount(actor: Actor, appId: number, account: string) {
  const app = await findVisibleApp(actor.db, await launcherViewer(actor), appId);
  if (!app) throw new AppError(404, 'app.notFound');
  await bindAppAccount(actor.db, actor.auth.userId, app.id, account);
  await audit(actor.db, actor.request, {
    action: 'bindAppAccount',
    targetType: 'app',
    targetId: app.id,
    detail: { account },
  });
  return { ...toMenuApp(app, actor.lang), account };
}
