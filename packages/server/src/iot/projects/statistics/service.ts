import type { PageQuery, StatusCounts } from '@meridian/contracts';
import { accountScopeOf } from '../../../portal/access/scope.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { countsByProject, countsByTag, countsOfProjects, deviceCounts, statisticsProjectPage } from './repository.ts';

type Sums = Record<keyof StatusCounts, unknown>;

const ZERO: StatusCounts = { total: 0, online: 0, offline: 0, alarm: 0, fault: 0, disabled: 0 };

function countsOf(row: Sums | undefined): StatusCounts {
  if (!row) return { ...ZERO };
  return {
    total: Number(row.total ?? 0),
    online: Number(row.online ?? 0),
    offline: Number(row.offline ?? 0),
    alarm: Number(row.alarm ?? 0),
    fault: Number(row.fault ?? 0),
    disabled: Number(row.disabled ?? 0),
  };
}

/** Device Overview: the caller's visible devices by status, by project and by tag. */
export async function deviceOverview(actor: Actor) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const [all, projects, tags] = await Promise.all([
    deviceCounts(actor.db, scope),
    countsByProject(actor.db, scope),
    countsByTag(actor.db, scope),
  ]);
  return {
    devices: countsOf(all),
    byProject: projects.map((p) => ({ projectId: p.project_id, name: p.name, ...countsOf(p) })),
    byTag: tags.map((t) => ({ tagId: t.tag_id, name: t.name, ...countsOf(t) })),
  };
}

/** Project Quantity Statistics: per project, its visible devices by status. */
export async function projectStatistics(actor: Actor, keyword: string | undefined, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const projects = await statisticsProjectPage(actor.db, scope, keyword, page);
  const ids = projects.list.map((p) => p.id);
  // Guard against running an `in ()` query when the page is empty.
  const counts = ids.length ? await countsOfProjects(actor.db, scope, ids) : [];
  return {
    ...projects,
    list: projects.list.map((p) => ({
      projectId: p.id,
      name: p.name,
      managerName: p.manager_name,
      ...countsOf(counts.find((c) => c.project_id === p.id)),
    })),
  };
}
