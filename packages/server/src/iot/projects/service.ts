import type { PageQuery, ProjectView, projectCreate, projectUpdate } from '@meridian/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import { accountScopeOf, type Scope } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import {
  accountTreeIds,
  attachDevices,
  deleteProject,
  devicesWithRight,
  findAccount,
  findProject,
  insertProject,
  myProjectPage,
  type ProjectRecord,
  projectNameTaken,
  projectPage,
  projectUsers,
  setProjectUsers,
  updateProject,
} from './repository.ts';

export function toProjectView(p: ProjectRecord): ProjectView {
  return {
    id: p.id,
    ownerId: p.owner_id,
    ownerAccount: p.owner_account,
    name: p.name,
    managerId: p.manager_id,
    managerName: p.manager_name,
    phone: p.phone,
    remark: p.remark,
    userCount: Number(p.user_count ?? 0),
    deviceCount: Number(p.device_count ?? 0),
    createdAt: p.created_at,
    updatedAt: p.updated_at,
  };
}

/** A project of the caller's accounts; anything else is "no such project" (404), never 403. */
async function projectOf(actor: Actor, id: number): Promise<{ scope: Scope; project: ProjectRecord }> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const project = await findProject(actor.db, scope, id);
  if (!project) throw new AppError(404, 'project.notFound');
  return { scope, project };
}

/** Refuses users outside the project owner's account tree (the only people a project may name). */
function refuseOutsideTree(tree: number[], userIds: number[], field: string): void {
  const outside = userIds.find((id) => !tree.includes(id));
  if (outside !== undefined) {
    throw new AppError(400, 'http.validation', {
      rules: [{ field, key: 'project.notInTree', params: { id: outside } }],
    });
  }
}

/** The manager columns from the input: a user of the owner's tree (named after them) or a free name. */
async function managerOf(
  actor: Actor,
  ownerId: number,
  input: { managerId?: number | null; managerName?: string | null },
): Promise<{ manager_id?: number | null; manager_name?: string | null }> {
  if (input.managerId && input.managerName) throw new AppError(400, 'project.managerBoth');
  if (input.managerId) {
    refuseOutsideTree(await accountTreeIds(actor.db, ownerId), [input.managerId], 'managerId');
    const user = await findAccount(actor.db, input.managerId);
    return { manager_id: input.managerId, manager_name: user?.nickname ?? null };
  }
  if (input.managerName) return { manager_id: null, manager_name: input.managerName };
  if (input.managerId === null || input.managerName === null) return { manager_id: null, manager_name: null };
  return {};
}

export async function listProjects(actor: Actor, keyword: string | undefined, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await projectPage(actor.db, scope, keyword, page);
  return { ...result, list: result.list.map(toProjectView) };
}

export async function myProjects(
  actor: Actor,
  filters: { keyword?: string; relation?: 'manager' | 'member' },
  page: PageQuery,
) {
  const result = await myProjectPage(actor.db, actor.auth.userId, filters, page);
  return { ...result, list: result.list.map((p) => ({ ...toProjectView(p), relation: p.relation })) };
}

export async function getProject(actor: Actor, id: number): Promise<ProjectView> {
  return toProjectView((await projectOf(actor, id)).project);
}

export async function createProject(actor: Actor, input: z.infer<typeof projectCreate>): Promise<ProjectView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const ownerId = input.ownerId ?? actor.auth.userId;
  const owner = await findAccount(actor.db, ownerId);
  const ownerVisible = scope.all || scope.ownerIds.includes(ownerId);
  if (!owner || !ownerVisible || (owner.user_type !== 'main' && owner.user_type !== 'sub')) {
    throw new AppError(404, 'project.ownerNotFound');
  }
  if (await projectNameTaken(actor.db, ownerId, input.name)) throw new AppError(409, 'project.nameTaken');
  const manager = await managerOf(actor, ownerId, input);
  const id = await actor.db.transaction().execute(async (trx) => {
    const projectId = await insertProject(trx, {
      owner_id: ownerId,
      name: input.name,
      manager_id: manager.manager_id ?? null,
      manager_name: manager.manager_name ?? null,
      phone: input.phone ?? null,
      remark: input.remark ?? null,
    });
    await audit(trx, actor.request, {
      action: 'createProject',
      targetType: 'project',
      targetId: projectId,
      detail: { name: input.name, ownerId, managerId: manager.manager_id ?? null },
    });
    return projectId;
  });
  return getProject(actor, id);
}

export async function editProject(actor: Actor, id: number, input: z.infer<typeof projectUpdate>) {
  const { project } = await projectOf(actor, id);
  if (input.name !== undefined && (await projectNameTaken(actor.db, project.owner_id, input.name, project.id))) {
    throw new AppError(409, 'project.nameTaken');
  }
  const manager = await managerOf(actor, project.owner_id, input);
  await actor.db.transaction().execute(async (trx) => {
    await updateProject(trx, project.id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.phone === undefined ? {} : { phone: input.phone }),
      ...(input.remark === undefined ? {} : { remark: input.remark }),
      ...manager,
    });
    await audit(trx, actor.request, {
      action: 'updateProject',
      targetType: 'project',
      targetId: project.id,
      detail: { fields: Object.keys(input) },
    });
  });
  return getProject(actor, id);
}

/** Spec section 6: a project manager must be dismissed before the project is deleted. */
export async function removeProject(actor: Actor, id: number): Promise<void> {
  const { project } = await projectOf(actor, id);
  if (project.manager_id !== null || project.manager_name !== null) throw new AppError(409, 'project.managerSet');
  await actor.db.transaction().execute(async (trx) => {
    const released = await deleteProject(trx, project.id);
    await audit(trx, actor.request, {
      action: 'deleteProject',
      targetType: 'project',
      targetId: project.id,
      detail: { name: project.name, devicesReleased: released },
    });
  });
}

/** Dismisses the manager (and their phone, which is the manager's contact). */
export async function dismissManager(actor: Actor, id: number): Promise<ProjectView> {
  const { project } = await projectOf(actor, id);
  if (project.manager_id === null && project.manager_name === null) throw new AppError(409, 'project.noManager');
  await actor.db.transaction().execute(async (trx) => {
    await updateProject(trx, project.id, { manager_id: null, manager_name: null, phone: null });
    await audit(trx, actor.request, {
      action: 'dismissProjectManager',
      targetType: 'project',
      targetId: project.id,
      detail: { managerId: project.manager_id, managerName: project.manager_name },
    });
  });
  return getProject(actor, id);
}

export async function listProjectUsers(actor: Actor, id: number) {
  const { project } = await projectOf(actor, id);
  return projectUsers(actor.db, project.id);
}

/** Replaces the associated users: people of the owner's tree, who then see all the project's devices. */
export async function replaceProjectUsers(actor: Actor, id: number, userIds: number[]) {
  const { project } = await projectOf(actor, id);
  const unique = [...new Set(userIds)];
  refuseOutsideTree(await accountTreeIds(actor.db, project.owner_id), unique, 'userIds');
  await actor.db.transaction().execute(async (trx) => {
    await setProjectUsers(trx, project.id, unique);
    await audit(trx, actor.request, {
      action: 'setProjectUsers',
      targetType: 'project',
      targetId: project.id,
      detail: { userIds: unique },
    });
  });
  return projectUsers(actor.db, project.id);
}

/**
 * Attaches devices that have no project yet. A device's project cannot be changed after selection,
 * and only devices of the owner's tree may join: a project's users get full control of its devices.
 */
export async function attachProjectDevices(actor: Actor, id: number, deviceIds: number[]): Promise<ProjectView> {
  const { scope, project } = await projectOf(actor, id);
  const unique = [...new Set(deviceIds)];
  const devices = await devicesWithRight(actor.db, scope, 'edit', unique);
  const missing = unique.find((d) => !devices.some((row) => row.id === d));
  if (missing !== undefined) throw new AppError(404, 'project.deviceNotFound', { params: { id: missing } });
  const taken = devices.find((d) => d.project_id !== null && d.project_id !== project.id);
  if (taken) throw new AppError(409, 'project.deviceHasProject', { params: { name: taken.name } });
  const tree = await accountTreeIds(actor.db, project.owner_id);
  const foreign = devices.find((d) => !tree.includes(d.owner_id));
  if (foreign) throw new AppError(409, 'project.deviceOtherOwner', { params: { name: foreign.name } });
  await actor.db.transaction().execute(async (trx) => {
    await attachDevices(trx, project.id, unique);
    await audit(trx, actor.request, {
      action: 'attachProjectDevices',
      targetType: 'project',
      targetId: project.id,
      detail: { deviceIds: unique },
    });
  });
  return getProject(actor, id);
}
