/** Every message of spec sections 2, 5 and 8, verbatim. Tests compare these to the spec text. */
export const MESSAGES = {
  otpSendFailed: 'Error Sending OTP. Please re-evaluate your details.',
  usernameRequiredToDisable: 'Username is required to disable a user.',
  userNotFound: 'User not found',
  tempRoleMissing: 'Failed to fetch temp role data',
  tokenRefreshAfterUpdateFailed: 'Access token refresh failed after user update',
  systemRolePrivilegesFailed: 'Failed to fetch system role privileges.',
  customRolePrivilegesFailed: 'Failed to fetch custom role privileges.',
  menusFailed: 'Failed to fetch menus.',
  menuParentsFailed: 'Failed to fetch menu parents.',
  userRolesFailed: 'Failed to fetch user roles.',
  customRolesFailed: 'Failed to fetch custom roles.',
  parentUsersFailed: 'Failed to fetch parent users.',
  logoutFailed: 'Logout failed',
  noCurrentTenant: 'No current tenant set',
  popupBlocked: 'Popup blocked',
  notFoundPage: 'The requested URL was not found on this server.',
  goToHomepage: 'Go to Homepage',
  unexpectedApplicationError: 'Unexpected Application Error!',
  networkError: 'Network Error',
  timeoutExceeded: 'timeout exceeded',
  requestFailed: 'Request failed',
  somethingWentWrong: 'Something went wrong. Please try again.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Server error codes of the `{ message, code, details }` failure shape (DESIGN section 4). */
export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  /** 403 to an X-Tenant-Id the caller holds no role in: the client clears its tenant context. */
  tenantRefused: 'TENANT_REFUSED',
  /** 403 to any call in an organisation a platform administrator has suspended. */
  tenantSuspended: 'TENANT_SUSPENDED',
  /** 403 to a sign-in with the right password for a disabled account. */
  accountDisabled: 'ACCOUNT_DISABLED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
