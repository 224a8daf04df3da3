import { useOutletContext } from 'react-router';
import type { UserInfo } from '../shared/auth.ts';

/** The signed-in user, for pages inside the portal's signed-in frame (it renders them only once known). */
export function useSignedInUser(): UserInfo {
  return useOutletContext<UserInfo>();
}
