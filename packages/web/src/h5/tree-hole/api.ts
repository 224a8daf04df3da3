import type { TreeHole } from '@meridian/contracts';
import { get, post } from '../../shared/request.ts';

export type { TreeHole };

const base = 'apis-psychology/h5/treeHole';

export const readTreeHole = (signal?: AbortSignal) => get<TreeHole>(base, { signal });
export const sayToTreeHole = (conversationId: number | undefined, text: string) =>
  post<TreeHole>(`${base}/say`, { conversationId, text });
export const shareTreeHole = (conversationId: number, shared: boolean) =>
  post<TreeHole>(`${base}/share`, { conversationId, shared });
