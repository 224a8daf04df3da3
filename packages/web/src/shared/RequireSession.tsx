import { type ReactNode, useEffect } from 'react';
import { PageLoading } from './PageLoading.tsx';
import { getToken, redirectToSignIn } from './session.ts';

/**
 * Session start of an app (Mind spec section 4, Device Cloud alike): with no token, the user goes
 * to the single sign-on sign-in and comes back here. The token a sign-on handed over in the address
 * was already stored by `mountApp`. A token the server refuses sends the user to sign in from the
 * first call that fails (the query cache's reaction to 10020-10029).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const token = getToken();
  useEffect(() => {
    if (!token) redirectToSignIn();
  }, [token]);
  return token ? children : <PageLoading />;
}
