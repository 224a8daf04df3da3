import { type Lang, type MessageParams, translate } from '@meridian/contracts';
import { fromJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { levelRows } from '../warnings/repository.ts';
import { setTodoDone, todoPage } from './todos-repository.ts';

/** Titles keep the level's code, which the deployment may rename; the reader sees its name as it is now. */
async function levelNames(actor: Actor): Promise<(code: string) => string> {
  const names = new Map(
    (await levelRows(actor.db)).map((l) => [l.code, fromJson<Partial<Record<Lang, string>>>(l.name)[actor.lang]]),
  );
  return (code) => names.get(code) || code;
}

/** The caller's own to-dos, each title in the caller's language. Anyone signed in has a to-do list. */
export async function listTodos(actor: Actor, status: 'open' | 'done' | 'all', paging: { page: number; size: number }) {
  const page = await todoPage(actor.db, actor.auth.userId, status, paging);
  const levelName = await levelNames(actor);
  const paramsOf = (stored: unknown) => {
    const params = fromJson<MessageParams>(stored);
    return typeof params.level === 'string' ? { ...params, level: levelName(params.level) } : params;
  };
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: translate(r.title_key, actor.lang, paramsOf(r.params)),
      sourceType: r.source_type,
      sourceId: r.source_id,
      createdAt: r.created_at,
      doneAt: r.done_at,
    })),
  };
}

/** Marks a to-do done or open again; another person's to-do is "not found". */
export async function updateTodoStatus(actor: Actor, id: number, status: 'done' | 'open'): Promise<void> {
  const changed = await setTodoDone(actor.db, actor.auth.userId, id, status === 'done' ? Date.now() : null);
  if (!changed) throw new AppError(404, 'todo.notFound');
}
