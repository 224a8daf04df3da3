import type { deptCreate, deptQuery, deptUpdate } from '@meridian/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import { scopeOf } from '../../../portal/access/scope.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { findOrg } from '../../../portal/orgs/repository.ts';
import { createOrg, editOrg, removeOrg, search } from '../../../portal/orgs/service.ts';
import { deptHasTeachers } from './repository.ts';

/**
 * Departments are organisations of type department (under a school or a bureau), so these calls
 * are the organisation service's, held to that one type: a department permission never reaches a
 * school or a class.
 */
async function department(actor: Actor, id: number) {
  const node = await findOrg(actor.db, await scopeOf(actor.db, actor.auth), id);
  if (node?.type !== 'department') throw new AppError(404, 'dept.notFound');
  return node;
}

export function listDepts(actor: Actor, query: z.infer<typeof deptQuery>) {
  const { page, size, ...filters } = query;
  return search(actor, { ...filters, type: 'department' }, { page, size });
}

export function addDept(actor: Actor, input: z.infer<typeof deptCreate>) {
  return createOrg(actor, { ...input, type: 'department' });
}

export async function editDept(actor: Actor, input: z.infer<typeof deptUpdate>) {
  await department(actor, input.id);
  return editOrg(actor, input);
}

/** A department still holding teachers stays; its members (by account) are refused by the organisation rule too. */
export async function removeDept(actor: Actor, id: number): Promise<void> {
  await department(actor, id);
  if (await deptHasTeachers(actor.db, id)) throw new AppError(409, 'dept.inUse');
  await removeOrg(actor, id);
}
