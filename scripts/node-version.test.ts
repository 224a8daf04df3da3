import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** A Node older than 24 on this machine: Debian's (CI machines start with Node 20 there). */
const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((bin) => {
  if (!fs.existsSync(bin)) return false;
  const version = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  return Number(version.split('.')[0]) < 24;
});

describe.runIf(oldNode)('npm start, test and demo on a Node older than 24', () => {
  for (const [script, args] of [
    ['start', ['start']],
    ['test', ['test']],
    ['demo', ['run', 'demo']],
  ] as const) {
    it(`npm ${args.join(' ')} says in one line what to run instead, and stops`, () => {
      // npm runs scripts with the Node found first on PATH: put the old one there.
      const run = spawnSync('npm', [...args, '--silent'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${path.dirname(oldNode as string)}:${process.env.PATH}` },
        timeout: 60_000,
      });
      const said = `${run.stdout}${run.stderr}`.trim().split('\n');
      const command = script === 'demo' ? 'npm run demo' : `npm ${script}`;
      expect(said).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Meridian needs Node\\.js 24 or newer and this is v\\d+\\.\\d+\\.\\d+: run \`npx -y -p node@24 -- ${command}\` instead\\.$`,
          ),
        ),
      ]);
      expect(run.status).toBe(1);
    });
  }
});
