import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Accounts that were there before memberships (decision 0079) keep what they had: every main
 * account at the top of its tree without a level becomes a level-1 member without end, so that an
 * upgrade neither cuts its history to a non-member's 7 days at the next night nor bounds it to 10
 * slaves and 3 sub-users. The platform administrator may lower it. A new installation has no such
 * account when this runs: its accounts start as non-members.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await (db as Kysely<{ users: { user_type: string; parent_id: number | null; vip_level: number } }>)
    .updateTable('users')
    .set({ vip_level: 1 })
    .where('user_type', '=', 'main')
    .where('parent_id', 'is', null)
    .where('vip_level', '=', 0)
    .execute();
}
