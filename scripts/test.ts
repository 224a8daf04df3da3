// `npm test`: every suite this machine can run, side by side, and one closing line
// `N passed, N failed`, after a line naming every failed test and counting the skipped ones.
//
// The suites are separate Vitest runs: the unit tests with the server's tests on SQLite and the same
// server tests on PostgreSQL started together, then the browser walks. Each line a suite prints
// carries its tag; each suite's time and counts come at the end, and the last line sums them all.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Set by `.ci/run`: a suite this machine cannot run is a failure there, not a skip. */
const required = process.env.MERIDIAN_REQUIRE_PEERS === '1';
const notes: string[] = [];
const missing: string[] = [];

interface Suite {
  name: string;
  /** Put before each of its lines. */
  tag: string;
  projects: string[];
  /** Test files at once: the database and socket tests mostly wait, so more than the cores. */
  workers: number;
}

const suites: Suite[] = [{ name: 'unit and SQLite', tag: 'sqlite', projects: ['unit', 'sqlite'], workers: 2 }];

if (process.env.TEST_PG_URL) suites.push({ name: 'PostgreSQL', tag: 'pg', projects: ['postgres'], workers: 2 });
else
  (required ? missing : notes).push('PostgreSQL API tests: set TEST_PG_URL=postgres://user@host:port/db to run them.');

if (fs.existsSync(chromium)) {
  const build = spawnSync(process.execPath, ['scripts/ensure-web-build.ts'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  suites.push({ name: 'browser', tag: 'browser', projects: ['browser'], workers: 1 });
} else {
  (required ? missing : notes).push(`Browser tests: ${chromium} not found (apt-get install chromium).`);
}

interface Report {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string }[];
  }[];
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
}

interface Outcome {
  suite: Suite;
  seconds: number;
  status: number | null;
  report: Report | null;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-vitest-'));
const only = process.argv.slice(2);
const width = Math.max(...suites.map((x) => x.tag.length));

/** Runs one suite, its lines tagged as they come; resolves with its report. */
function run(suite: Suite): Promise<Outcome> {
  const report = path.join(dir, `${suite.projects.join('-')}.json`);
  const args = [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...suite.projects.flatMap((p) => ['--project', p]),
    `--maxWorkers=${suite.workers}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    // Files named on the command line are in some suites and not others.
    ...(only.length > 0 ? ['--passWithNoTests', ...only] : []),
  ];
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `${suite.tag.padEnd(width)} | `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = (performance.now() - started) / 1000;
      const parsed = fs.existsSync(report) ? (JSON.parse(fs.readFileSync(report, 'utf8')) as Report) : null;
      resolve({ suite, seconds, status, report: parsed });
    });
  });
}

// The database suites run side by side, then the browser walks alone: a walk waits on screens the
// way a person does, with its server, simulated devices and Chromium on this machine, and on two
// cores shared with the database suites its waits measured the load instead of the product.
const database = suites.filter((x) => x.tag !== 'browser');
const outcomes = await Promise.all(database.map(run));
for (const suite of suites.filter((x) => x.tag === 'browser')) outcomes.push(await run(suite));

let passed = 0;
let failed = missing.length;
let skipped = 0;
console.log('');
for (const { suite, seconds, status, report } of outcomes) {
  if (!report) {
    // A suite that ran no test at all (it could not start) is one failure.
    failed += 1;
    console.log(`${suite.name}: no report (exit ${status}) in ${seconds.toFixed(0)} s`);
    continue;
  }
  const suiteSkipped = report.numPendingTests + report.numTodoTests;
  // A file that failed to load counts as a failure even when no test inside it ran.
  const suiteFailed = report.numFailedTests + (report.success || report.numFailedTests > 0 ? 0 : 1);
  passed += report.numPassedTests;
  failed += suiteFailed;
  skipped += suiteSkipped;
  // The names of what failed come last, where a reader of a long log looks first.
  for (const file of report.testResults) {
    const where = path.relative(process.cwd(), file.name);
    const failures = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failures) console.log(`  FAILED ${suite.tag} ${where} > ${a.fullName}`);
    if (file.status === 'failed' && failures.length === 0)
      console.log(`  FAILED ${suite.tag} ${where}: ${(file.message ?? '').split('\n')[0]}`);
  }
  console.log(
    `${suite.name}: ${report.numPassedTests} passed, ${suiteFailed} failed${suiteSkipped ? `, ${suiteSkipped} skipped` : ''} in ${seconds.toFixed(0)} s`,
  );
}
for (const note of notes) console.log(`Skipped: ${note}`);
for (const need of missing) console.log(`FAILED, required here (MERIDIAN_REQUIRE_PEERS=1): ${need}`);
if (skipped > 0) console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || outcomes.some((o) => o.status !== 0) ? 1 : 0);
