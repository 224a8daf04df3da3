// No schema here: Mind's shell reads these on its first screen, and Zod stays off it (decision 0051).

/** Mind identities (spec section 6): who a user is to the platform. */
export const Identity = {
  staff: 1,
  student: 2,
  parent: 3,
  operator: 4,
  unbound: 5,
} as const;
export type IdentityId = (typeof Identity)[keyof typeof Identity];

/** Identities 2 and 3 may not use the Mind web platform; they answer on H5. */
export const WEB_DENIED_IDENTITIES: readonly number[] = [Identity.student, Identity.parent];

/** Role ids that see the restricted tabs of the Mind spec. */
export const RESTRICTED_TAB_ROLES: readonly number[] = [1, 2];
