import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from './imports.ts';

/**
 * The front ends know no other (decision 0057): each of `portal`, `iot`, `mind` and `h5` imports
 * only its own folder and `shared/`, and `shared/` imports no front end. What two of them use lives
 * in `shared/`. The portal's pages another front end shows are reached through the one file the
 * portal lends them (`ENTRIES`). Files beside the folders (the catalogue test) may read them all.
 */
const WEB = 'packages/web/src';
const APPS = ['portal', 'iot', 'mind', 'h5'];
/** The files of a front end another one may import, and who may. */
const ENTRIES: Record<string, string[]> = {
  [`${WEB}/portal/exposed.ts`]: ['mind'],
};

/** The front end (or `shared`) a file of the web belongs to, or null beside them. */
function folderOf(file: string): string | null {
  if (!file.startsWith(`${WEB}/`)) return null;
  const rest = file.slice(WEB.length + 1).split('/');
  return rest.length > 1 ? (rest[0] as string) : null;
}

/** Every import from one front end (or `shared/`) into another front end, as `file:line -> target`. */
export function webCrossings(files: string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const from = folderOf(file);
    if (from === null) continue;
    for (const imp of importsOf(file)) {
      const to = imp.target ? folderOf(imp.target) : null;
      if (to === null || to === from || !APPS.includes(to)) continue;
      if (imp.target && ENTRIES[imp.target]?.includes(from)) continue;
      out.push(`${imp.file}:${imp.line} -> ${imp.target}`);
    }
  }
  return out;
}

describe('the front ends of the web', () => {
  const files = sourceFiles(WEB);

  it('reads every front end and shared', () => {
    for (const folder of [...APPS, 'shared']) {
      expect(files.filter((f) => folderOf(f) === folder).length, folder).toBeGreaterThan(0);
    }
  });

  it('keeps shared free of front ends, and each front end free of the others but for the portal’s entry', () => {
    expect(webCrossings(files)).toEqual([]);
  });
});
