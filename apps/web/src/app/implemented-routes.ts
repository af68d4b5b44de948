// Spec section 2 routes that have a page. Imported by scripts/routes-coverage.ts (npm run routes:coverage):
// keep this file to one array of single-quoted path strings, no imports and no other strings.
// route-registry.ts maps each of these to its lazy page module; a test keeps the two in step.
export const IMPLEMENTED_PATHS: string[] = ['/login', '/auth'];
