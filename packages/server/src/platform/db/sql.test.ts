import { type Generated, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../test/db.ts';
import type { Db } from './database.ts';
import { contextFor } from './migrate.ts';
import { reusable } from './reusable.ts';
import { fromJson, jsonRows, paginate, toBool, toJson } from './sql.ts';

interface Scratch {
  scratch: { id: Generated<number>; name: string; enabled: boolean | number; settings: unknown; created_at: number };
}

let db: Db;
let close: () => Promise<void>;
let scratch: Kysely<Scratch>;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  const ctx = contextFor(db.kysely as unknown as Kysely<unknown>, db.engine);
  await ctx
    .withId(ctx.db.schema.createTable('scratch'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', ctx.types.bool, (c) => c.notNull())
    .addColumn('settings', ctx.types.json, (c) => c.notNull())
    .addColumn('created_at', ctx.types.time, (c) => c.notNull())
    .execute();
  scratch = db.kysely as unknown as Kysely<Scratch>;
  const at = Date.UTC(2026, 0, 1);
  await scratch
    .insertInto('scratch')
    .values(
      Array.from({ length: 45 }, (_, i) => ({
        name: `device ${String(i + 1).padStart(2, '0')}`,
        enabled: i % 3 === 0,
        settings: toJson({ tags: ['a', 'b'], nested: { level: i } }),
        created_at: at + i,
      })),
    )
    .execute();
});
afterAll(() => close());

describe('one query code path on both engines', () => {
  it('gives integer ids and epoch milliseconds back as numbers', async () => {
    const row = await scratch.selectFrom('scratch').selectAll().orderBy('id').executeTakeFirstOrThrow();
    expect(row.id).toBe(1);
    expect(row.created_at).toBe(Date.UTC(2026, 0, 1));
  });

  it('round-trips JSON, arrays included', async () => {
    const row = await scratch.selectFrom('scratch').select('settings').where('id', '=', 4).executeTakeFirstOrThrow();
    expect(fromJson(row.settings)).toEqual({ tags: ['a', 'b'], nested: { level: 3 } });
  });

  it('filters on booleans written as true and false', async () => {
    const enabled = await scratch.selectFrom('scratch').select(['id', 'enabled']).where('enabled', '=', true).execute();
    expect(enabled).toHaveLength(15);
    expect(enabled.every((r) => toBool(r.enabled))).toBe(true);
  });

  it('pages a list as { list, total, page, size }', async () => {
    const query = scratch.selectFrom('scratch').select(['id', 'name']).orderBy('id');
    const page = await paginate(query, { page: 3, size: 20 });
    expect(page.total).toBe(45);
    expect(page).toMatchObject({ page: 3, size: 20 });
    expect(page.list.map((r) => r.name)).toEqual(['device 41', 'device 42', 'device 43', 'device 44', 'device 45']);
    const filtered = await paginate(query.where('enabled', '=', true), { page: 1, size: 5 });
    expect(filtered.total).toBe(15);
    expect(filtered.list).toHaveLength(5);
    const empty = await paginate(query.where('name', '=', 'nobody'), { page: 1, size: 5 });
    expect(empty).toEqual({ list: [], total: 0, page: 1, size: 5 });
  });

  it('runs a transaction all or nothing', async () => {
    await expect(
      scratch.transaction().execute(async (trx) => {
        await trx
          .insertInto('scratch')
          .values({ name: 'half', enabled: false, settings: '{}', created_at: 0 })
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const half = await scratch.selectFrom('scratch').select('id').where('name', '=', 'half').execute();
    expect(half).toEqual([]);
  });

  it('reports the engine it runs on', async () => {
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db.kysely);
    expect(Number(rows[0].one)).toBe(1);
    expect(['sqlite', 'postgres']).toContain(db.engine);
  });
});

describe('a reusable query', () => {
  const byNames = reusable((k: Kysely<Scratch>, v: { names: string[]; enabled?: boolean; limit: number }) =>
    k
      .selectFrom('scratch')
      .select(['id', 'name'])
      .where('name', 'in', v.names)
      .$if(v.enabled !== undefined, (q) => q.where('enabled', '=', v.enabled ?? false))
      .orderBy('id')
      .limit(v.limit),
  );
  const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);

  it('binds each call its own values, the shape compiled once', async () => {
    expect(names(await byNames(scratch, { names: ['device 01'], limit: 5 }))).toEqual(['device 01']);
    expect(names(await byNames(scratch, { names: ['device 02'], limit: 5 }))).toEqual(['device 02']);
    expect(names(await byNames(scratch, { names: ['device 03', 'device 05'], limit: 1 }))).toEqual(['device 03']);
  });

  it('compiles again for what changes the SQL: a missing value, a boolean, a list of another length', async () => {
    const three = ['device 01', 'device 02', 'device 04'];
    expect(names(await byNames(scratch, { names: three, limit: 5 }))).toEqual(three);
    expect(names(await byNames(scratch, { names: three, enabled: true, limit: 5 }))).toEqual([
      'device 01',
      'device 04',
    ]);
    expect(names(await byNames(scratch, { names: three, enabled: false, limit: 5 }))).toEqual(['device 02']);
  });

  it('keeps an empty string and a zero as the shape, so that a builder may test them for truth', async () => {
    const search = reusable((k: Kysely<Scratch>, v: { name: string; after: number }) =>
      k
        .selectFrom('scratch')
        .select('name')
        .$if(Boolean(v.name), (q) => q.where('name', '=', v.name))
        .$if(Boolean(v.after), (q) => q.where('id', '>', v.after))
        .orderBy('id'),
    );
    expect(names(await search(scratch, { name: 'device 02', after: 0 }))).toEqual(['device 02']);
    expect(await search(scratch, { name: '', after: 0 })).toHaveLength(45);
    expect(await search(scratch, { name: '', after: 40 })).toHaveLength(5);
    expect(names(await search(scratch, { name: 'device 03', after: 0 }))).toEqual(['device 03']);
  });

  it('prepares two shapes that compile to one text under one name, on PostgreSQL too', async () => {
    // A value the builder ignores makes a second shape of the same text.
    const byName = reusable((k: Kysely<Scratch>, v: { name: string; audited?: boolean }) =>
      k.selectFrom('scratch').select('name').where('name', '=', v.name),
    );
    const byId = reusable((k: Kysely<Scratch>, v: { id: number }) =>
      k.selectFrom('scratch').select('name').where('id', '=', v.id),
    );
    expect(names(await byName(scratch, { name: 'device 01' }))).toEqual(['device 01']);
    expect(names(await byName(scratch, { name: 'device 01', audited: true }))).toEqual(['device 01']);
    expect(names(await byId(scratch, { id: 2 }))).toEqual(['device 02']);
    expect(names(await byName(scratch, { name: 'device 03', audited: true }))).toEqual(['device 03']);
  });

  it('refuses a builder that computes with a bound value, so that no caller gets another one’s SQL', async () => {
    const pattern = reusable((k: Kysely<Scratch>, v: { prefix: string }) =>
      k.selectFrom('scratch').select('id').where('name', 'like', `${v.prefix}%`),
    );
    await expect(pattern(scratch, { prefix: 'device' })).rejects.toThrow('prefix is bound, not built with');
  });

  it('brings rows that hang off each row back as one JSON array, on both engines', async () => {
    const rows = await scratch
      .selectFrom('scratch as s')
      .select((eb) => [
        's.id',
        jsonRows(
          scratch,
          eb.selectFrom('scratch as n').select(['n.id', 'n.name']).whereRef('n.id', '<', 's.id').where('n.id', '<', 3),
        ).as('before'),
      ])
      .where('s.id', 'in', [1, 3])
      .orderBy('s.id')
      .execute();
    expect(rows.map((r) => [r.id, fromJson(r.before)])).toEqual([
      [1, []],
      [
        3,
        [
          { id: 1, name: 'device 01' },
          { id: 2, name: 'device 02' },
        ],
      ],
    ]);
  });
});
