/**
 * Where to go after signing in on H5: the `target` of the address when it is a path of this app
 * (never another site), else "my tasks". Paths are relative to `/h5`.
 */
export function h5Target(search: string): string {
  const raw = new URLSearchParams(search).get('target');
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw === '/h5') return '/tasks';
  const path = raw.startsWith('/h5/') ? raw.slice(3) : raw;
  return path === '/login' || path.startsWith('/login?') ? '/tasks' : path;
}

/** The H5 sign-in address that comes back to `target` (a full path, with or without `/h5`). */
export function h5SignInAddress(target: string): string {
  return `/h5/login?target=${encodeURIComponent(target)}`;
}
