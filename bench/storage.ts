import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { allMigrations } from '../packages/server/src/features.ts';
import { openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate.ts';
import { insertJob } from '../packages/server/src/platform/jobs/repository.ts';
import type { Figure } from './run.ts';

const ROWS = 50_000;
const BATCH = 1000;

function row(i: number) {
  const at = Date.now();
  return {
    kind: 'bench',
    payload: JSON.stringify({ i }),
    state: 'queued' as const,
    run_at: at,
    max_attempts: 5,
    dedupe_key: null,
    locked_by: null,
    locked_until: null,
    last_error: null,
    created_at: at,
    updated_at: at,
    finished_at: null,
  };
}

/** Batched inserts through Kysely and the node:sqlite adapter, against bare prepared statements. */
export async function storage(): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  try {
    const db = openDatabase(`sqlite:${path.join(dir, 'kysely.db')}`);
    await migrateToLatest(db, allMigrations);
    let start = performance.now();
    for (let i = 0; i < ROWS; i += BATCH) {
      await db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('jobs')
          .values(Array.from({ length: BATCH }, (_, j) => row(i + j)))
          .execute();
      });
    }
    const kyselyRate = ROWS / ((performance.now() - start) / 1000);

    // The peer: the same table and batches with one prepared statement, no query builder.
    const bare = openDatabase(`sqlite:${path.join(dir, 'bare.db')}`);
    await migrateToLatest(bare, allMigrations);
    await bare.close();
    const raw = new DatabaseSync(path.join(dir, 'bare.db'));
    raw.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
    const insert = raw.prepare(
      'insert into jobs (kind, payload, state, run_at, max_attempts, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    start = performance.now();
    for (let i = 0; i < ROWS; i += BATCH) {
      raw.exec('begin');
      for (let j = 0; j < BATCH; j++) {
        const r = row(i + j);
        insert.run(r.kind, r.payload, r.state, r.run_at, r.max_attempts, r.created_at, r.updated_at);
      }
      raw.exec('commit');
    }
    const bareRate = ROWS / ((performance.now() - start) / 1000);
    raw.close();

    // One row per transaction, as an outbox write beside a user's change does.
    start = performance.now();
    const singles = 2000;
    for (let i = 0; i < singles; i++) await insertJob(db.kysely, { kind: 'single', payload: { i } });
    const singleRate = singles / ((performance.now() - start) / 1000);
    await db.close();

    return [
      {
        name: 'SQLite batched insert via Kysely',
        value: kyselyRate,
        unit: 'rows/s',
        peer: 'bare node:sqlite prepared insert',
        peerValue: bareRate,
        target: { ratio: 0.25, meaning: 'the query layer costs at most 4x the bare engine' },
      },
      {
        name: 'SQLite single-row enqueue (own transaction)',
        value: singleRate,
        unit: 'rows/s',
        peer: 'bare node:sqlite prepared insert',
        peerValue: bareRate,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
