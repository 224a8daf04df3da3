import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { isSealed, secretBoxOf, secretBoxWith } from './box.ts';

const dirs: string[] = [];
const scratch = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-secrets-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the secret box (decision 0088)', () => {
  const box = secretBoxWith(Buffer.alloc(32, 7));

  it('seals a secret so that the stored text does not show it, and opens it back in its place only', () => {
    const sealed = box.seal('device-secret-1', 'row:1');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('device-secret-1');
    expect(box.seal('device-secret-1', 'row:1')).not.toBe(sealed);
    expect(box.open(sealed, 'row:1')).toBe('device-secret-1');
    expect(() => box.open(sealed, 'row:2')).toThrow();
    expect(() => secretBoxWith(Buffer.alloc(32, 8)).open(sealed, 'row:1')).toThrow();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(() => box.open(altered, 'row:1')).toThrow();
  });

  it('makes one key in DATA_DIR when SECRETS_KEY is unset, readable by the server only, kept across restarts', () => {
    const dataDir = scratch();
    const sealed = secretBoxOf({ DATA_DIR: dataDir }).seal('s', 'c');
    const file = path.join(dataDir, 'secrets.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual(['secrets.key']);
    // Another process (no cache) reading the same directory opens what the first sealed.
    const again = secretBoxWith(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64'));
    expect(again.open(sealed, 'c')).toBe('s');
  });

  it('takes SECRETS_KEY when set, and refuses one that is not 32 bytes', () => {
    const key = Buffer.alloc(32, 9).toString('base64');
    const dataDir = scratch();
    const sealed = secretBoxOf({ DATA_DIR: dataDir, SECRETS_KEY: key }).seal('s', 'c');
    expect(secretBoxWith(Buffer.alloc(32, 9)).open(sealed, 'c')).toBe('s');
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: 'test', SECRETS_KEY: 'c2hvcnQ=' })).toThrow(/SECRETS_KEY/);
  });
});
