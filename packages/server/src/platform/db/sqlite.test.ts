import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-sqlite-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Another process (as a gateway beside the API) trying once, without waiting, to add a row to
 * `counts`; resolves with what happened: `inserted`, or `busy` when a transaction holds the lock.
 */
function otherProcessAdds(file: string): Promise<string> {
  const script = `
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(process.argv[1], { timeout: 0 });
    try {
      db.exec("INSERT INTO counts (who) VALUES ('other')");
      process.stdout.write('inserted');
    } catch (error) {
      process.stdout.write('busy: ' + error.message);
    }
    db.close();`;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.on('exit', () => resolve(out)));
}

describe('SQLite shared by two processes', () => {
  it('a transaction that reads and then writes keeps the lock from its start, so its write never fails', async () => {
    const file = path.join(dir, 'shared.db');
    const db = openDatabase(`sqlite:${file}`);
    try {
      await sql`CREATE TABLE counts (who TEXT NOT NULL)`.execute(db.kysely);
      let other = '';
      const seen = await db.kysely.transaction().execute(async (trx) => {
        const before = await sql<{ n: number }>`SELECT count(*) AS n FROM counts`.execute(trx);
        // The other process tries to write between this transaction's read and its write.
        other = await otherProcessAdds(file);
        await sql`INSERT INTO counts (who) VALUES ('api')`.execute(trx);
        return Number(before.rows[0]?.n);
      });
      expect(seen).toBe(0);
      // Begun deferred, the other process would have inserted, and this write would have failed
      // with "database is locked" (SQLITE_BUSY_SNAPSHOT); begun immediate, the other one waits its turn.
      expect(other).toMatch(/^busy: database is locked/);
      const rows = await sql<{ who: string }>`SELECT who FROM counts ORDER BY rowid`.execute(db.kysely);
      expect(rows.rows.map((r) => r.who)).toEqual(['api']);
    } finally {
      await db.close();
    }
  });
});
