/**
 * Where to go after signing in on H5: the `target` of the address when it is a path of this app
 * (never another site), else the home of the account's kind (`/`: a student's or parent's tasks,
 * a field engineer's work orders). Paths are relative to `/h5`.
 */
export function h5Target(search: string): string {
  const raw = new URLSearchParams(search).get('target');
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw === '/h5') return '/';
  const path = raw.startsWith('/h5/') ? raw.slice(3) : raw;
  return path === '/login' || path.startsWith('/login?') ? '/' : path;
}

/** The H5 sign-in address that comes back to `target` (a full path, with or without `/h5`). */
export function h5SignInAddress(target: string): string {
  return `/h5/login?target=${encodeURIComponent(target)}`;
}
