import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from './imports.ts';

/**
 * The layers of the server (DESIGN.md section 11): the platform knows no feature, the portal (what
 * both apps share) knows neither app, and the two apps do not know each other. A feature reaches
 * the platform by registering with it (routes, migrations, jobs, listeners); `src/features.ts` is
 * where they are listed and composed, and the only file that may import them all.
 */
const SERVER = 'packages/server/src';
const LAYERS: Array<{ from: string; mayNot: string[] }> = [
  { from: `${SERVER}/platform/`, mayNot: [`${SERVER}/portal/`, `${SERVER}/iot/`, `${SERVER}/mind/`] },
  { from: `${SERVER}/portal/`, mayNot: [`${SERVER}/iot/`, `${SERVER}/mind/`] },
  { from: `${SERVER}/iot/`, mayNot: [`${SERVER}/mind/`] },
  { from: `${SERVER}/mind/`, mayNot: [`${SERVER}/iot/`] },
];

/** Every import that crosses a layer the wrong way, as `file:line -> target`. */
export function crossings(layers: typeof LAYERS, files: string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const layer = layers.find((l) => file.startsWith(l.from));
    if (!layer) continue;
    for (const imp of importsOf(file)) {
      if (imp.target && layer.mayNot.some((dir) => imp.target?.startsWith(dir))) {
        out.push(`${imp.file}:${imp.line} -> ${imp.target}`);
      }
    }
  }
  return out;
}

describe('the layers of the server', () => {
  it('keeps the platform free of features, the portal free of apps, and each app free of the other', () => {
    expect(crossings(LAYERS, sourceFiles(SERVER))).toEqual([]);
  });
});
