import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';

type TodoKind = Database['todos']['kind'];

export interface WarningTodo {
  kind: TodoKind;
  titleKey: string;
  params: Record<string, string>;
  warningId: number;
  at: number;
}

/** Gives each person one open to-do of this kind for the warning (a second step does not add a second). */
export async function addTodos(
  trx: Transaction<Database>,
  userIds: readonly number[],
  todo: WarningTodo,
): Promise<void> {
  const unique = [...new Set(userIds)];
  // Guard against running an invalid `in ()` query when nobody is to be told.
  if (unique.length === 0) return;
  const open = await trx
    .selectFrom('todos')
    .select('user_id')
    .where('source_type', '=', 'warning')
    .where('source_id', '=', todo.warningId)
    .where('kind', '=', todo.kind)
    .where('done_at', 'is', null)
    .where('user_id', 'in', unique)
    .execute();
  const have = new Set(open.map((o) => o.user_id));
  const fresh = unique.filter((id) => !have.has(id));
  if (fresh.length === 0) return;
  await trx
    .insertInto('todos')
    .values(
      fresh.map((user_id) => ({
        user_id,
        kind: todo.kind,
        title_key: todo.titleKey,
        params: toJson(todo.params),
        source_type: 'warning',
        source_id: todo.warningId,
        created_at: todo.at,
        done_at: null,
      })),
    )
    .execute();
}

/** Closes the warning's open to-dos of these kinds (all kinds when none is named), for everyone or the named people. */
export async function closeTodos(
  trx: Transaction<Database>,
  warningId: number,
  at: number,
  kinds: readonly TodoKind[] = [],
  userIds?: readonly number[],
): Promise<void> {
  let q = trx
    .updateTable('todos')
    .set({ done_at: at })
    .where('source_type', '=', 'warning')
    .where('source_id', '=', warningId)
    .where('done_at', 'is', null);
  if (kinds.length > 0) q = q.where('kind', 'in', kinds);
  if (userIds !== undefined) {
    if (userIds.length === 0) return;
    q = q.where('user_id', 'in', userIds);
  }
  await q.execute();
}
