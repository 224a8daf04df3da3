import type { MigrationContext } from '../migrate.ts';

/** The orgs area's tables (reserved; filled by the orgs work). */
export async function up(_ctx: MigrationContext): Promise<void> {}
