import type { MigrationContext } from '../migrate.ts';

/** Mind warning levels, the warning workflow, interventions and reminders. */
export async function up(_context: MigrationContext): Promise<void> {}
