import type { TaskMove, TaskState } from './api.ts';

/** The moves a task in `state` offers, in the order they are shown. */
export function movesOf(state: TaskState): TaskMove[] {
  if (state === 'draft') return ['publish'];
  if (state === 'published') return ['pause', 'end'];
  if (state === 'paused') return ['resume', 'end'];
  return [];
}
