import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT, sourceFiles } from './imports.ts';

/**
 * "Only repositories touch Kysely" (CONVENTIONS.md, rule 1; decision 0056): SQL is written in a
 * feature's repository files (`repository.ts`, `*-repository.ts`), in the platform's database
 * layer, in migrations, and in test code (`*.test.ts`, `testing.ts` factories). Anywhere else a
 * builder call or `sql` is a query that belongs in a repository. Types from Kysely may be named
 * anywhere (a service passes a transaction on).
 */
const SERVER = 'packages/server/src';

/** Where SQL may be written: the rule's exceptions, each for a reason given in decision 0056. */
export function maySql(file: string): boolean {
  const name = path.basename(file);
  return (
    name === 'repository.ts' ||
    name.endsWith('-repository.ts') ||
    name.endsWith('.test.ts') ||
    name === 'testing.ts' ||
    file.startsWith(`${SERVER}/platform/db/`) ||
    file.includes('/migrations/')
  );
}

const BUILDER = /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(/;

/** Every place outside the exceptions that writes SQL, as `file:line what`. */
export function sqlOutsideRepositories(files: string[]): string[] {
  const out: string[] = [];
  for (const file of files.filter((f) => !maySql(f))) {
    for (const imp of importsOf(file)) {
      const values = imp.names.filter((n) => !n.startsWith('type '));
      if (imp.specifier.startsWith('kysely') && !imp.typeOnly && (values.length > 0 || imp.names.length === 0)) {
        out.push(`${file}:${imp.line} imports ${values.join(', ') || 'kysely'} from ${imp.specifier}`);
      }
    }
    const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const call = BUILDER.exec(line);
      if (call) out.push(`${file}:${i + 1} calls ${call[1]}`);
    });
  }
  return out;
}

describe('where SQL is written', () => {
  it('only in repositories, the database layer, migrations and tests', () => {
    expect(sqlOutsideRepositories(sourceFiles(SERVER))).toEqual([]);
  });
});
