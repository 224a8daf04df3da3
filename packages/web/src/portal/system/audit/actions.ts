/**
 * The actions the server records, in the order the filter offers them: sign-in and sessions
 * first, then accounts, roles, organisations, apps and policy. An action not listed here (a
 * later feature's) still shows, by its code.
 */
export const AUDIT_ACTIONS = [
  'signIn',
  'signOut',
  'runAs',
  'switchIdentity',
  'register',
  'registrationReview',
  'registrationSetting',
  'passwordChange',
  'passwordReset',
  'accountStatus',
  'vipLevel',
  'deviceLevel',
  'superAdmin',
  'profileUpdate',
  'phoneRelease',
  'oauthBind',
  'oauthUnbind',
  'oauthTransfer',
  'createRole',
  'updateRole',
  'removeRole',
  'assignRole',
  'revokeRole',
  'createOrg',
  'updateOrg',
  'moveOrg',
  'setOrgStatus',
  'removeOrg',
  'createSubUser',
  'updateSubUser',
  'setSubUserStatus',
  'deleteSubUser',
  'applyForApp',
  'decideAppApplication',
  'authorizeApp',
  'bindAppAccount',
  'policyUpdate',
  'policyRecover',
  'defaultPasswordUpdate',
  'defaultPasswordRecover',
  'file.read',
  // Students' data (decision 0050): reads, whole numbers shown, and refusals.
  'student.list',
  'student.read',
  'readStudentInfo',
  'student.reveal',
  'parent.list',
  'parent.reveal',
  'archive.list',
  'archive.read',
  'student.refused',
] as const;

/** The strings key of an action's name (i18next reads dots as nesting, so `file.read` is `file_read`). */
export const actionKey = (action: string) => `system.audit.action.${action.replaceAll('.', '_')}`;

/** The kinds of thing an entry is about. */
export const TARGET_TYPES = [
  'user',
  'role',
  'org',
  'app',
  'file',
  'student',
  'parent',
  'archive',
  'growth',
  'daily',
  'route',
] as const;
