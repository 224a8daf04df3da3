import { hasPermission } from '@meridian/contracts';
import { usePermissionEntries } from '../../shell/api.ts';

/**
 * Whether the role grants `code` on a feature path. The teacher and other-rater pages act on the
 * same calls as the scale assessment page, so they check its path rather than their own address.
 */
export function useCan(path: string): (code: string) => boolean {
  const entries = usePermissionEntries();
  return (code) => hasPermission(entries.data ?? [], path, code);
}
