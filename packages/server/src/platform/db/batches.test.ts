import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../test/db.ts';
import { Batches, type Settled, statementChunks } from './batches.ts';
import type { Db } from './database.ts';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDb());
});
afterAll(() => close());

/** A batch run that doubles numbers, refuses odd ones alone, throws on 13, and records every batch it got. */
function doubling() {
  const batches: number[][] = [];
  const run = async (items: number[]): Promise<Array<Settled<number>>> => {
    batches.push(items);
    await new Promise((resolve) => setImmediate(resolve));
    if (items.includes(13)) throw new Error('thirteen');
    return items.map((n) => (n % 2 === 0 ? { ok: true, value: n * 2 } : { ok: false, error: new Error(`odd ${n}`) }));
  };
  return { batches, run };
}

describe('batches', () => {
  it('sends one item at once, then the items that arrived meanwhile together, and refuses only the bad ones', async () => {
    const { batches, run } = doubling();
    const b = new Batches(run, { most: 3 });
    const answers = await Promise.allSettled([2, 4, 5, 6, 8, 10].map((n) => b.add(n)));
    // The first goes alone; the others waited for it and went at most three at a time.
    expect(batches).toEqual([[2], [4, 5, 6], [8, 10]]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : String(a.reason)))).toEqual([
      4,
      8,
      'Error: odd 5',
      12,
      16,
      20,
    ]);
  });

  it('refuses every item of a batch that throws, and the next batch goes on', async () => {
    const { batches, run } = doubling();
    const b = new Batches(run);
    const answers = await Promise.allSettled([2, 13, 4].map((n) => b.add(n)));
    expect(batches).toEqual([[2], [13, 4]]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(await b.add(6)).toBe(12);
  });

  it('runs up to `parallel` batches at once', async () => {
    const { batches, run } = doubling();
    const b = new Batches(run, { parallel: 2 });
    await Promise.all([2, 4, 6, 8].map((n) => b.add(n)));
    // The first two went at once, each alone; the rest waited for one of them.
    expect(batches).toEqual([[2], [4], [6, 8]]);
  });
});

describe('statement chunks', () => {
  it('splits rows into powers of two on SQLite, and keeps them whole on PostgreSQL', () => {
    const rows = Array.from({ length: 13 }, (_, i) => i);
    const sizes = statementChunks(db.kysely, rows).map((c) => c.length);
    expect(sizes).toEqual(db.engine === 'sqlite' ? [8, 4, 1] : [13]);
    expect(statementChunks(db.kysely, rows).flat()).toEqual(rows);
    expect(statementChunks(db.kysely, [])).toEqual([]);
  });
});
