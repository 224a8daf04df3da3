import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * The organisations of one kind under a subtree (`type = 'school' and path like '/1/%'`), which
 * every student list asks to resolve the caller's schools: without this index both engines read
 * the whole tree for it (10,000 nodes in a large district), as the students benchmark showed.
 * SQLite's `like` is case-insensitive and PostgreSQL's collation is not C, so neither can range
 * over `path` alone; the kind narrows the search to a few dozen rows first.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.createIndex('orgs_type_path').on('orgs').columns(['type', 'path']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropIndex('orgs_type_path').execute();
}
