// Spec section 2 routes that have a page. Imported by scripts/routes-coverage.ts (npm run routes:coverage):
// keep this file to one array of single-quoted path strings, no imports and no other strings.
// route-registry.ts maps each of these to its lazy page module; a test keeps the two in step.
export const IMPLEMENTED_PATHS: string[] = [
  '/login',
  '/auth',
  '/account',
  '/account-callback',
  '/sign-up',
  '/register',
  '/select-role',
  '/change-password',
  '/user/home',
  '/user-home',
  '/onboarding',
  '/registration/investor',
  '/registration/entrepreneur',
  '/registration/startup',
  '/registration/incubator',
  '/registration/accelerator',
  '/registration/startup-hub',
  '/registration/government-body',
  '/registration/industry-body',
  '/registration/diaspora',
  '/registration/:passedRole',
  '/individual-registration',
  '/volunteer-registration',
];
