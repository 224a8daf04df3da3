import { endSession, getToken, storeToken } from '../../shared/session.ts';

/**
 * The administrator's own token while they act as someone else, so that signing out of the
 * run-as session returns them to their own. It lives in this tab's session storage, which every
 * sign-out and every dead session clears (`endSession`): nothing of the administrator's outlasts
 * the tab, and a run-as session that ended any other way leaves no way back in behind it.
 */
const RETURN_KEY = 'meridian.runAsReturn';

/** Switches this tab to the session a run-as opened, keeping the administrator's token to return to. */
export function beginRunAs(token: string): void {
  const own = getToken();
  // The administrator's stored user, name and role describe someone else from now on.
  endSession();
  if (own) globalThis.sessionStorage?.setItem(RETURN_KEY, own);
  storeToken(token);
}

/** The administrator's token to return to, when this tab is acting as someone. */
export function runAsReturnToken(): string | null {
  return globalThis.sessionStorage?.getItem(RETURN_KEY) ?? null;
}

/**
 * After the run-as session was signed out (which cleared everything), takes the administrator
 * back to their own session. The token is read before the sign-out, by the caller.
 */
export function returnFromRunAs(adminToken: string): void {
  endSession();
  storeToken(adminToken);
}
