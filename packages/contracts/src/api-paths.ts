/**
 * API path prefixes, in a module without schemas: a page that only calls an endpoint imports the
 * path from here and does not pull zod and the entity schemas into its chunk (issue 13 point 6).
 */
export const PROGRAM_API = '/api/program';
