// What other areas may use from identity: what the private layout and the frame need to restore,
// end and label a session. Who is signed in lives in shared/session, not here. Pages are loaded
// lazily by the router from pages/ (see src/boundaries.test.ts).
export { SessionProblem } from './components/SessionProblem';
export { registrationRedirectFor } from './landing';
export { roleLabel } from './role-labels';
export { resetSilentSignIn, silentSignInUrl, startSilentSignIn } from './sign-in-url';
export * from './state';
export { useSignOut } from './use-sign-out';
