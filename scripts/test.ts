// `npm test`: every suite this machine can run, and one closing line `N passed, N failed[, N skipped]`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const projects = ['unit', 'sqlite'];
const notes: string[] = [];

if (process.env.TEST_PG_URL) projects.push('postgres');
else notes.push('PostgreSQL API tests skipped: set TEST_PG_URL=postgres://user@host:port/db to run them.');

if (fs.existsSync(chromium)) {
  const build = spawnSync(process.execPath, ['scripts/ensure-web-build.ts'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  projects.push('browser');
} else {
  notes.push(`Browser tests skipped: ${chromium} not found (apt-get install chromium).`);
}

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-vitest-')), 'report.json');
const args = [
  'node_modules/vitest/vitest.mjs',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const run = spawnSync(process.execPath, args, { stdio: 'inherit' });

for (const note of notes) console.log(note);
interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
}
if (!fs.existsSync(report)) {
  console.log('0 passed, 1 failed');
  process.exit(run.status || 1);
}
const r = JSON.parse(fs.readFileSync(report, 'utf8')) as Report;
const skipped = r.numPendingTests + r.numTodoTests;
// A suite that failed to load counts as a failure even when no test inside it ran.
const failed = r.numFailedTests + (r.success || r.numFailedTests > 0 ? 0 : 1);
console.log(`${r.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status ?? 1);
