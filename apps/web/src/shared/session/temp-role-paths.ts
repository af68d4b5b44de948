/**
 * Spec section 6: "The temp role ... is restricted to onboarding and the account page."
 *
 * Decision (identity issue, point 7): "onboarding" is the whole path to a first real role, so it
 * includes the choice on /onboarding and every registration form it leads to (/registration/*,
 * /individual-registration, /volunteer-registration). "The account page" is /account with what it
 * links to for the account itself: /settings (account settings), /change-password, and /select-role
 * (a user whose active role is temp but who holds another role switches there). The sign-in entry
 * points (/account-callback, /sign-up, /register) must stay open or signing in could not finish.
 * Every other private page sends a temp-role user to /onboarding.
 */
export const TEMP_ROLE_PATHS: readonly string[] = [
  '/onboarding',
  '/individual-registration',
  '/volunteer-registration',
  '/account',
  '/settings',
  '/change-password',
  '/select-role',
  '/account-callback',
  '/sign-up',
  '/register',
];

const TEMP_ROLE_PREFIXES: readonly string[] = ['/registration/'];

/** Whether a temp-role user may open this path (spec section 6). */
export function isOpenToTempRole(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TEMP_ROLE_PATHS.includes(path) || TEMP_ROLE_PREFIXES.some((prefix) => path.startsWith(prefix));
}
