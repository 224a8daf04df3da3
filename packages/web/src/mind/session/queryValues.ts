/** Spec section 4: these values in an address are kept for the visit (the org, app and corporation it was opened for). */
export const KEPT_QUERY_VALUES = ['jgId', 'appId', 'corpId'] as const;

/** Copies `jgId`, `appId` and `corpId` of `search` into session storage; absent ones keep what was stored. */
export function keepQueryValues(search: string): void {
  const params = new URLSearchParams(search);
  for (const name of KEPT_QUERY_VALUES) {
    const value = params.get(name);
    if (value) globalThis.sessionStorage?.setItem(name, value);
  }
}
