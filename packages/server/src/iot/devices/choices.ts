import type { DeviceChoices } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { accountScopeOf, type Scope } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { refuseBelowLevel } from './level.ts';
import { type DeviceFull, tagsOf } from './repository.ts';
import { deviceFor } from './service.ts';

type Db = Kysely<Database>;

/** Enough for any select; an account with more picks by typing (the lists are ordered by name). */
const CHOICES_MAX = 500;

const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name));
const unique = <T extends { id: number }>(list: T[]) => [...new Map(list.map((item) => [item.id, item])).values()];

function owners(db: Db, scope: Scope, extra: number | null) {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'nickname', 'parent_id'])
    .where((eb) =>
      eb.or([
        scope.all ? eb('user_type', 'in', ['main', 'sub']) : eb('id', 'in', scope.ownerIds),
        eb('id', '=', extra ?? 0),
      ]),
    )
    .orderBy('id')
    .limit(CHOICES_MAX)
    .execute();
}

/** The projects the caller may put a device in (as `projectInScope` decides), and the device's own. */
function projects(db: Db, scope: Scope, extra: number | null) {
  return db
    .selectFrom('projects as p')
    .select(['p.id', 'p.name'])
    .where((eb) =>
      eb.or([
        scope.all ? eb.lit(true) : eb('p.owner_id', 'in', scope.ownerIds),
        eb('p.manager_id', '=', scope.userId),
        eb(
          'p.id',
          'in',
          eb.selectFrom('project_users as pu').select('pu.project_id').where('pu.user_id', '=', scope.userId),
        ),
        eb('p.id', '=', extra ?? 0),
      ]),
    )
    .limit(CHOICES_MAX)
    .execute();
}

/** The caller's tree's templates and, for a device being edited, its owner's (the library never). */
function templates(db: Db, scope: Scope, extraOwner: number | null, extraTemplate: number | null) {
  return db
    .selectFrom('templates as t')
    .select(['t.id', 't.name'])
    .where('t.owner_id', 'is not', null)
    .where((eb) =>
      eb.or([
        scope.all ? eb.lit(true) : eb('t.owner_id', 'in', scope.ownerIds),
        eb('t.owner_id', '=', extraOwner ?? 0),
        eb('t.id', '=', extraTemplate ?? 0),
      ]),
    )
    .limit(CHOICES_MAX)
    .execute();
}

function tags(db: Db, scope: Scope) {
  return db
    .selectFrom('tags')
    .select(['id', 'name'])
    .$if(!scope.all, (q) => q.where('owner_id', 'in', scope.ownerIds))
    .limit(CHOICES_MAX)
    .execute();
}

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
    owners(actor.db, scope, device?.owner_id ?? null),
    projects(actor.db, scope, device?.project_id ?? null),
    templates(actor.db, scope, device?.owner_id ?? null, device?.template_id ?? null),
    tags(actor.db, scope),
    device ? tagsOf(actor.db, [device.id]) : Promise.resolve([]),
  ]);
  return {
    owners: ownerRows.map((u) => ({ id: u.id, account: u.account, nickname: u.nickname, parentId: u.parent_id })),
    projects: byName(projectRows.map((p) => ({ id: p.id, name: p.name }))),
    templates: byName(templateRows.map((t) => ({ id: Number(t.id), name: t.name }))),
    tags: byName(unique([...tagRows, ...deviceTags.map((t) => ({ id: t.id, name: t.name }))])),
  };
}
