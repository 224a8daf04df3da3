import { useMatches } from 'react-router';

/** The title key the deepest matching route declares in its `handle`. */
export function useTitleKey(): string | undefined {
  return useMatches()
    .map((match) => {
      const handle = match.handle as { title?: unknown } | undefined;
      return typeof handle?.title === 'string' ? handle.title : undefined;
    })
    .findLast(Boolean);
}
