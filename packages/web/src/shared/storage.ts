/**
 * localStorage that degrades instead of breaking the page: browsers throw on access when storage
 * is disabled (privacy settings, some embedded web views). Callers then behave as if nothing was
 * stored, and writes are lost for this visit only.
 */
function local(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch (error) {
    console.warn('localStorage is not available; settings last for this visit only', error);
    return undefined;
  }
}

export function readLocal(key: string): string | null {
  return local()?.getItem(key) ?? null;
}

export function writeLocal(key: string, value: string): void {
  local()?.setItem(key, value);
}

export function removeLocal(key: string): void {
  local()?.removeItem(key);
}
