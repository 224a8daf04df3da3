import type { Generated, Kysely, Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../test/db.ts';
import type { Db } from './database.ts';
import { GroupCommit } from './group-commit.ts';
import { contextFor } from './migrate.ts';
import type { Database } from './schema.ts';

interface Scratch {
  grouped: { id: Generated<number>; name: string };
}

let db: Db;
let close: () => Promise<void>;
let scratch: Kysely<Scratch>;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  const ctx = contextFor(db.kysely as unknown as Kysely<unknown>, db.engine);
  await ctx
    .withId(ctx.db.schema.createTable('grouped'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  scratch = db.kysely as unknown as Kysely<Scratch>;
});
afterAll(() => close());

const names = async () =>
  (await scratch.selectFrom('grouped').select('name').orderBy('name').execute()).map((r) => r.name);

/** A unit writing two rows, so that a unit undone halfway shows. */
const write = (first: string, second: string) => async (trx: Transaction<Database>) => {
  const t = trx as unknown as Transaction<Scratch>;
  await t.insertInto('grouped').values({ name: first }).execute();
  await t.insertInto('grouped').values({ name: second }).execute();
  return first;
};

describe('group commit', () => {
  it('stores the units sent together, undoes only the one that fails, and answers each once committed', async () => {
    const group = new GroupCommit(db.kysely, 3);
    // Seven units at once: groups of at most three; the fourth breaks the unique name on its second row.
    const units = [
      group.run(write('a1', 'a2')),
      group.run(write('b1', 'b2')),
      group.run(write('c1', 'c2')),
      group.run(write('d1', 'a1')),
      group.run(write('e1', 'e2')),
      group.run(write('f1', 'f2')),
      group.run(write('g1', 'g2')),
    ];
    const answers = await Promise.allSettled(units);
    expect(answers.map((a) => a.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(answers[0]).toMatchObject({ value: 'a1' });
    // Every answered unit is stored whole; the failed one left nothing, not even its first row.
    expect(await names()).toEqual(['a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'e1', 'e2', 'f1', 'f2', 'g1', 'g2']);
    // Alone, a unit commits at once, and the group goes on after a failure.
    expect(await group.run(write('h1', 'h2'))).toBe('h1');
    expect(await names()).toContain('h2');
  });
});
