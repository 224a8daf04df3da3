import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { H5_PASSWORD_ADDRESS, onPhone } from '../../shared/phone-password.ts';
import { passwordChangeAddress } from '../../shared/session.ts';
import { handOff, targetOf } from './handOff.ts';

/**
 * What happens once someone is signed in: back to the app that sent them (`?target=`) with the
 * token in its address, or to the launcher. A default password must be changed first, in the
 * account centre, which then continues to the same target; a student or parent changes it on the
 * phone page of H5 and goes on to their tasks.
 */
export function useFinishSignIn(): (session: {
  token: string;
  defaultPass: boolean;
  identityId?: number | null;
}) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    ({ token, defaultPass, identityId = null }) => {
      const target = targetOf(search);
      if (defaultPass && onPhone(identityId)) {
        window.location.replace(H5_PASSWORD_ADDRESS);
        return;
      }
      if (defaultPass) {
        navigate(target ? passwordChangeAddress(target) : '/accountCenter?tab=password', { replace: true });
        return;
      }
      const next = handOff(target, token, window.location.origin);
      if (next.kind === 'portal') navigate(next.path, { replace: true });
      // replace: Back from the app must not land on a sign-in page that would hand off again.
      else window.location.replace(next.address);
    },
    [navigate, search],
  );
}
