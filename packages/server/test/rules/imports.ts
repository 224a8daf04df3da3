import fs from 'node:fs';
import path from 'node:path';

/** The repository root, from this file. */
export const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Every `.ts` and `.tsx` file under `dir` (relative to the root), `node_modules` and `dist` left out. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(abs, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) out.push(path.relative(ROOT, full));
    }
  };
  walk(path.join(ROOT, dir));
  return out.sort();
}

export interface ImportLine {
  file: string;
  line: number;
  /** What the file names: a package, or a path relative to it. */
  specifier: string;
  /** The imported file, relative to the root, when the specifier is a relative path. */
  target: string | null;
  /** `import type` / `export type`: gone at run time. */
  typeOnly: boolean;
  /** The names brought in, as written between the braces (empty for `* as` or a side effect). */
  names: string[];
}

// Either quote: the formatter writes single ones, but a rule must not depend on the formatter having run.
const STATIC = /^\s*(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The imports of one file: static ones with what they bring in, and `import('...')`. */
export function importsOf(file: string): ImportLine[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const resolve = (specifier: string) =>
    specifier.startsWith('.')
      ? path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), specifier))
      : null;
  const out: ImportLine[] = [];
  for (const m of text.matchAll(STATIC)) {
    const clause = m[3] ?? '';
    const braces = clause.match(/\{([\s\S]*)\}/)?.[1] ?? '';
    out.push({
      file,
      line: lineOf(m.index ?? 0),
      specifier: m[4] as string,
      target: resolve(m[4] as string),
      typeOnly: m[2] !== undefined,
      names: braces
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    });
  }
  for (const m of text.matchAll(DYNAMIC)) {
    const specifier = m[1] as string;
    out.push({ file, line: lineOf(m.index ?? 0), specifier, target: resolve(specifier), typeOnly: false, names: [] });
  }
  return out;
}
