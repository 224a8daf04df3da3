import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import { closeOpenTodos, insertTodos, openTodoHolders } from './workflow-repository.ts';

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
  const open = await openTodoHolders(trx, todo.warningId, todo.kind, unique);
  const have = new Set(open.map((o) => o.user_id));
  const fresh = unique.filter((id) => !have.has(id));
  if (fresh.length === 0) return;
  await insertTodos(
    trx,
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
  );
}

/** Closes the warning's open to-dos of these kinds (all kinds when none is named), for everyone or the named people. */
export async function closeTodos(
  trx: Transaction<Database>,
  warningId: number,
  at: number,
  kinds: readonly TodoKind[] = [],
  userIds?: readonly number[],
): Promise<void> {
  // Guard against running an invalid `in ()` query when the named people are nobody.
  if (userIds !== undefined && userIds.length === 0) return;
  await closeOpenTodos(trx, warningId, at, kinds, userIds);
}
