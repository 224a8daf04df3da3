import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isWorthRetrying } from './errors.ts';
import { notifyError } from './feedback.tsx';
import { i18n } from './i18n.ts';

interface ErrorMeta extends Record<string, unknown> {
  /** The page shows this call's failure itself (an inline status), so no toast. */
  silentError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

/**
 * One client per page load: failures get the catalogue's reaction, a refused request is not
 * retried. The server words some of what it answers in the request's language (a schedule, why a
 * task does not act, an alarm's text), so a language switch refetches what is on screen.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silentError) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!mutation.meta?.silentError) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 1 && isWorthRetrying(error),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
  i18n.on('languageChanged', () => void client.invalidateQueries());
  return client;
}
