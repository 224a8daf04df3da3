import type { MigrationContext } from '../migrate.ts';

/** The oauth area's tables (reserved; filled by the oauth work). */
export async function up(_ctx: MigrationContext): Promise<void> {}
