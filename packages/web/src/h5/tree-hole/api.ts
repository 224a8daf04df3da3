import type { TreeHole, TreeHoleStreamEvent } from '@meridian/contracts';
import { ApiError } from '../../shared/errors.ts';
import { get, post, streamEvents } from '../../shared/request.ts';

export type { TreeHole };

const base = 'apis-psychology/h5/treeHole';

export const readTreeHole = (signal?: AbortSignal) => get<TreeHole>(base, { signal });
export const shareTreeHole = (conversationId: number, shared: boolean) =>
  post<TreeHole>(`${base}/share`, { conversationId, shared });

/** What the page does as the listener writes (decision 0146). */
export interface ListenerHandlers {
  /** The message is kept and crisis-checked: the view holds it, and any help. */
  onKept(conversationId: number, view: TreeHole): void;
  onPiece(text: string): void;
}

/**
 * Sends a message (or, without text, asks again for the conversation's unanswered one) and hears
 * the answer as it is written; resolves with the view once the answer is stored whole. A cut or
 * failed answer rejects with the server's words.
 */
export async function hearListener(
  request: { conversationId?: number; text?: string },
  handlers: ListenerHandlers,
  signal?: AbortSignal,
): Promise<TreeHole> {
  const end: { view: TreeHole | null; failed: ApiError | null } = { view: null, failed: null };
  const path = request.text === undefined ? `${base}/again/stream` : `${base}/say/stream`;
  await streamEvents(
    path,
    request,
    (raw) => {
      const e = raw as TreeHoleStreamEvent;
      if (e.event === 'kept') handlers.onKept(e.data.conversationId, e.data.view);
      else if (e.event === 'piece') handlers.onPiece(e.data.text);
      else if (e.event === 'done') end.view = e.data;
      else if (e.event === 'error') end.failed = new ApiError({ ...e.data, httpStatus: e.data.code });
    },
    signal,
  );
  if (end.failed) throw end.failed;
  // The stream ended without its last word: the connection broke.
  if (!end.view) throw new ApiError({ code: 0, message: '', httpStatus: 0, failure: 'network' });
  return end.view;
}
