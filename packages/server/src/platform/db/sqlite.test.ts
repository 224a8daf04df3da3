import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-sqlite-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Another process (as a gateway beside the API) adding a row to `counts`; resolves when it has exited. */
function otherProcessAdds(file: string): { exited: Promise<number | null>; started: Promise<void> } {
  const script = `
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(process.argv[1], { timeout: 10000 });
    process.stdout.write('open\\n');
    db.exec("INSERT INTO counts (who) VALUES ('other')");
    db.close();`;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const started = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exited, started };
}

describe('SQLite shared by two processes', () => {
  it('a transaction that reads and then writes waits for the other process instead of failing', async () => {
    const file = path.join(dir, 'shared.db');
    const db = openDatabase(`sqlite:${file}`);
    try {
      await sql`CREATE TABLE counts (who TEXT NOT NULL)`.execute(db.kysely);
      let other: ReturnType<typeof otherProcessAdds> | undefined;
      const seen = await db.kysely.transaction().execute(async (trx) => {
        const before = await sql<{ n: number }>`SELECT count(*) AS n FROM counts`.execute(trx);
        // The other process writes between this transaction's read and its write.
        other = otherProcessAdds(file);
        await other.started;
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`INSERT INTO counts (who) VALUES ('api')`.execute(trx);
        return Number(before.rows[0]?.n);
      });
      expect(seen).toBe(0);
      expect(await other?.exited).toBe(0);
      const rows = await sql<{ who: string }>`SELECT who FROM counts ORDER BY rowid`.execute(db.kysely);
      // The other process waited for the transaction, then wrote.
      expect(rows.rows.map((r) => r.who)).toEqual(['api', 'other']);
    } finally {
      await db.close();
    }
  });
});
