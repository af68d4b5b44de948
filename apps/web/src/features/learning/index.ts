// What other areas may use from learning. Pages are loaded lazily by the router from pages/
// (see src/boundaries.test.ts).
export * from './state';
