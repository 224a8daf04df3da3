// No schema here: every front end's first screen reads these, and Zod stays off it (decision 0051).

/** The codes the API answers with besides HTTP's own; 10020-10029 all mean "sign in again". */
export const ApiCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  internal: 500,
  unavailable: 503,
  sessionNoToken: 10020,
  sessionExpired: 10021,
  sessionRevoked: 10022,
  sessionPasswordExpired: 10023,
  sessionAccountDisabled: 10024,
  sessionAccountPending: 10025,
  sessionPasswordChanged: 10026,
  sessionTokenInvalid: 10027,
  sessionRunAsEnded: 10028,
  sessionRoleChanged: 10029,
} as const;

export const SESSION_INVALID_MIN = 10020;
export const SESSION_INVALID_MAX = 10029;

export function isSessionInvalid(code: number): boolean {
  return code >= SESSION_INVALID_MIN && code <= SESSION_INVALID_MAX;
}
