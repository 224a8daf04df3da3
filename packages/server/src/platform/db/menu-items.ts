import type { Kysely } from 'kysely';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/** A sidebar item as a migration adds it: beside the item `after` (its group, parent and place), for these roles. */
export interface MenuItem {
  code: string;
  name: string;
  en: string;
  url: string;
  after: string;
  roles: readonly number[];
}

async function rowOf(k: Loose, code: string) {
  return k.selectFrom('apps').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

/**
 * For migrations: adds a sidebar item of an app's menu beside another and grants it to roles.
 * Migrations pass their own snapshot of the item, never today's catalogues.
 */
export async function addMenuItem(db: Kysely<unknown>, item: MenuItem): Promise<void> {
  const k = db as unknown as Loose;
  const after = await rowOf(k, item.after);
  const at = Date.now();
  await k
    .insertInto('apps')
    .values({
      code: item.code,
      name: item.name,
      name_en: item.en,
      category_id: after.category_id,
      parent_id: after.parent_id,
      product: after.product,
      icon: null,
      publish_url: item.url,
      description: null,
      sort: Number(after.sort),
      enabled: true,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const app = await rowOf(k, item.code);
  if (item.roles.length > 0) {
    await k
      .insertInto('app_roles')
      .values(item.roles.map((roleId) => ({ app_id: app.id, role_id: roleId })))
      .execute();
  }
}

/** Undoes `addMenuItem`: the item and its grants. */
export async function removeMenuItem(db: Kysely<unknown>, code: string): Promise<void> {
  const k = db as unknown as Loose;
  const app = await rowOf(k, code);
  await k.deleteFrom('app_roles').where('app_id', '=', app.id).execute();
  await k.deleteFrom('apps').where('id', '=', app.id).execute();
}
