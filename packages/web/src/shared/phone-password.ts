import { Identity } from '@meridian/contracts';

/** Students and parents change a default password on H5; staff keep the portal's account centre. */
export const onPhone = (identityId: number | null) => identityId === Identity.student || identityId === Identity.parent;

/** The H5 password page that continues to `target` (a path of this app) once the password is changed. */
export const passwordPath = (target: string) => `/password?target=${encodeURIComponent(target)}`;

/** The same page from another app of this origin (the portal's sign-in): the full address, on to their tasks. */
export const H5_PASSWORD_ADDRESS = `/h5${passwordPath('/tasks')}`;
