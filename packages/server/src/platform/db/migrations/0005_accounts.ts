import type { MigrationContext } from '../migrate.ts';

/** The accounts area's tables (reserved; filled by the accounts work). */
export async function up(_ctx: MigrationContext): Promise<void> {}
