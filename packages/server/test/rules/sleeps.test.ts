import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './imports.ts';

/**
 * Tests wait for what they mean (decision 0058): an event, a promise the code exposes, a state
 * polled with `vi.waitFor` or `expect.poll`, or fake timers where time itself is the subject. A
 * sleep passes on a quiet machine and fails on a busy one, or waits longer than it needs on both.
 * A bounded wait (a deadline that rejects, a `setTimeout` cleared when the event comes) is not a
 * sleep; only a promise that nothing but the clock resolves is.
 */
const SELF = 'packages/server/test/rules/sleeps.test.ts';
const TEST_CODE = ['packages/server/src', 'packages/server/test', 'packages/simulator/src', 'packages/web', 'scripts'];

/** A test file, a test helper (`testing.ts`), or anything of the browser walks. */
export function isTestCode(file: string): boolean {
  return file.endsWith('.test.ts') || path.basename(file) === 'testing.ts' || file.includes('/e2e/');
}

const SLEEPS: Array<{ what: string; pattern: RegExp }> = [
  { what: 'waitForTimeout', pattern: /\bwaitForTimeout\(/ },
  // new Promise((r) => setTimeout(r, 5)), new Promise<void>((resolve) => { setTimeout(() => resolve(), 50); })
  {
    what: 'a promise only a timer resolves',
    pattern:
      /new Promise(<[^>]*>)?\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*\{?\s*setTimeout\(\s*(\2|\(\)\s*=>\s*\{?\s*\2\(\s*\)\s*\}?)\s*,/,
  },
  // setTimeout of node:timers/promises, and home-made sleep or delay functions.
  { what: 'an awaited timer', pattern: /await\s+(setTimeout|sleep|delay|scheduler\.wait)\(/ },
];

/** Every sleep in `text`, as `line: what`. */
export function sleepsIn(text: string): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  for (const { what, pattern } of SLEEPS) {
    // Statements may span lines: match on the whole text, report the line the match starts on.
    const global = new RegExp(pattern.source, 'g');
    for (const match of text.matchAll(global)) {
      const line = text.slice(0, match.index).split('\n').length;
      out.push(`${line}: ${what}: ${lines[line - 1]?.trim()}`);
    }
  }
  return out.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
}

/**
 * Sleeps that are the point of their test, each with its reason: a test proving that something
 * does NOT happen within a time has nothing else to wait for. Keyed by file and the line's text.
 */
export const JUSTIFIED: Array<{ file: string; line: string; reason: string }> = [
  {
    file: 'packages/server/test/cluster.test.ts',
    line: 'if (!stopped) await new Promise((resolve) => setTimeout(resolve, 100));',
    reason:
      'A simulated DTU waits before it reconnects, as real DTUs do; without it a refused connection would retry in a tight loop. No test waits on it for an outcome.',
  },
];

function allowed(file: string, found: string): boolean {
  return JUSTIFIED.some((j) => j.file === file && found.endsWith(j.line));
}

describe('tests wait for what they mean', () => {
  it('finds a sleep however it is written, and not a bounded wait', () => {
    expect(sleepsIn('await new Promise((r) => setTimeout(r, 5));')).toHaveLength(1);
    expect(sleepsIn('await new Promise<void>((resolve) => {\n  setTimeout(() => resolve(), 50);\n});')).toHaveLength(1);
    expect(sleepsIn('for (;;) await new Promise((resolve) => setTimeout(resolve, 10));')).toHaveLength(1);
    expect(sleepsIn('await page.waitForTimeout(3_000);')).toEqual([
      '1: waitForTimeout: await page.waitForTimeout(3_000);',
    ]);
    expect(sleepsIn('await setTimeout(20);\nawait sleep(5);\nawait delay(1);')).toHaveLength(3);
    // A deadline that rejects, and a timer cleared when the event comes, bound a wait: they are not sleeps.
    expect(sleepsIn("const timer = setTimeout(() => reject(new Error('no connection came')), withinMs);")).toEqual([]);
    expect(
      sleepsIn(
        'await new Promise<void>((resolve) => {\n  const timer = setTimeout(resolve, left);\n  waiters.push(() => resolve());\n});',
      ),
    ).toEqual([]);
    expect(sleepsIn('await vi.waitFor(() => expect(seen).toHaveLength(1));')).toEqual([]);
  });

  it('has no sleep in a test, a test helper or a browser walk, but the justified ones', () => {
    // This file's own examples are not sleeps.
    const files = TEST_CODE.flatMap((dir) => sourceFiles(dir)).filter((f) => isTestCode(f) && f !== SELF);
    expect(files.length).toBeGreaterThan(100);
    const sleeps = files.flatMap((file) =>
      sleepsIn(fs.readFileSync(path.join(ROOT, file), 'utf8'))
        .filter((found) => !allowed(file, found))
        .map((found) => `${file}:${found}`),
    );
    expect(sleeps).toEqual([]);
  });

  it('keeps no justification that no longer matches a sleep', () => {
    const stale = JUSTIFIED.filter(
      (j) => !sleepsIn(fs.readFileSync(path.join(ROOT, j.file), 'utf8')).some((found) => found.endsWith(j.line)),
    );
    expect(stale).toEqual([]);
  });
});
