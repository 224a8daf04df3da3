import { isSessionInvalid } from '@meridian/contracts';
import { useEffect } from 'react';
import { ApiError } from '../../shared/errors.ts';
import { notifyError } from '../../shared/feedback.tsx';

/** A page that shows its own failures still leaves for sign-in when the session has died. */
export function useSessionCheck(error: unknown): void {
  useEffect(() => {
    if (error instanceof ApiError && isSessionInvalid(error.code)) notifyError(error);
  }, [error]);
}
