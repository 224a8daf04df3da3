import type { DeviceChoices } from '@meridian/contracts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { ownerChoices, projectChoices, tagChoices, templateChoices } from './choices-repository.ts';
import { refuseBelowLevel } from './level.ts';
import { type DeviceFull, tagsOf } from './repository.ts';
import { deviceFor } from './service.ts';

/** Enough for any select; an account with more picks by typing (the lists are ordered by name). */
const CHOICES_MAX = 500;

const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name));
const unique = <T extends { id: number }>(list: T[]) => [...new Map(list.map((item) => [item.id, item])).values()];

/**
 * What the device form's selects offer (decision 0041): the owners, projects, templates and tags
 * the caller may give a device, and, for a device being edited, its current owner, project,
 * template and tags, so that a sub-user editing a device granted by the account above sees its
 * values named, without the account, project or template screens their role does not open.
 */
export async function deviceChoices(actor: Actor, deviceId: number | undefined): Promise<DeviceChoices> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  await refuseBelowLevel(actor.db, actor.auth, 'edit');
  const device: DeviceFull | null = deviceId === undefined ? null : await deviceFor(actor, scope, deviceId, 'edit');
  const [ownerRows, projectRows, templateRows, tagRows, deviceTags] = await Promise.all([
    ownerChoices(actor.db, scope, device?.owner_id ?? null, CHOICES_MAX),
    projectChoices(actor.db, scope, device?.project_id ?? null, CHOICES_MAX),
    templateChoices(actor.db, scope, device?.owner_id ?? null, device?.template_id ?? null, CHOICES_MAX),
    tagChoices(actor.db, scope, CHOICES_MAX),
    device ? tagsOf(actor.db, [device.id]) : Promise.resolve([]),
  ]);
  return {
    owners: ownerRows.map((u) => ({ id: u.id, account: u.account, nickname: u.nickname, parentId: u.parent_id })),
    projects: byName(projectRows.map((p) => ({ id: p.id, name: p.name }))),
    templates: byName(templateRows.map((t) => ({ id: Number(t.id), name: t.name }))),
    tags: byName(unique([...tagRows, ...deviceTags.map((t) => ({ id: t.id, name: t.name }))])),
  };
}
