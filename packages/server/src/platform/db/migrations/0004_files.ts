import type { MigrationContext } from '../migrate.ts';

/** The files area's tables (reserved; filled by the files work). */
export async function up(_ctx: MigrationContext): Promise<void> {}
